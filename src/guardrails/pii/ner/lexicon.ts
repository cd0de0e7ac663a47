/**
 * The gazetteer as an open-addressing table of 32-bit word hashes to flag bits, prebuilt by
 * scripts/build-lexicon.ts into lexicon.bin (2 MB for 176 000 words; lexicon.txt is the
 * readable source it was built from). Loading is one file read, interleaving keys with their
 * flags (one cache line per probe); no word strings are kept in memory. Loaded on first use.
 *
 * Most words of a text are lower case, and for those the tagger only asks whether the word is
 * a nationality, a unit or a street suffix: a 1 500-word side table (32 KB, cache-resident)
 * answers that without touching the 2 MB table.
 */
import { readFileSync } from "node:fs";
import tablePath from "./lexicon.bin" with { type: "file" };
import { FLAGS, LETTER_BITS } from "./flags.ts";
import { FNV_OFFSET, FNV_PRIME, hashRange, hashWord } from "./hash.ts";
import { HashTable } from "./hash-table.ts";

export interface Lexicon {
  /** Flags of `text[start, end)`, compared lower-cased; 0 when the word is unknown. */
  flagsOf(text: string, start: number, end: number): number;
  flagsOfWord(word: string): number;
  /** Flags of a word by its `hashRange` hash. */
  flagsOfHash(hash: number): number;
  /** The word's `LOWER_CASE_FLAGS`, from the small side table. */
  lowerCaseFlagsOfHash(hash: number): number;
  readonly size: number;
}

/** The flags that make a lower-case word worth the tagger's attention. */
export const LOWER_CASE_FLAGS = FLAGS.NRP | FLAGS.UNIT | FLAGS.STREET_SUFFIX;

interface Table {
  /** [key0, flags0, key1, flags1, ...] (see `HashTable`). */
  readonly slots: Uint32Array;
  readonly size: number;
}

const MAGIC = 0x3358454c; // "LEX3": interleaved keys and 32-bit flags
const HEADER_BYTES = 12;

let loaded: Lexicon | null = null;

export function lexicon(): Lexicon {
  loaded ??= lexiconFrom(parseTable(readFileSync(tablePath)));
  return loaded;
}

function lexiconFrom(table: Table): Lexicon {
  const all = new HashTable(table.slots);
  const lowerCase: [number, number][] = [];
  for (const [key, flags] of all.entries()) if (flags & LOWER_CASE_FLAGS) lowerCase.push([key, flags & LOWER_CASE_FLAGS]);
  const small = HashTable.from(lowerCase, lowerCase.length);
  const lookup = (h: number): number => all.get(h);
  return {
    size: table.size,
    flagsOf: (t, start, end) => lookup(hashRange(t, start, end)),
    flagsOfWord: (w) => lookup(hashWord(w)),
    flagsOfHash: lookup,
    lowerCaseFlagsOfHash: (h) => small.get(h),
  };
}

/** Builds the table from lexicon.txt lines (`word<TAB>letters`), at load factor 0.7 at most. */
export function buildTable(text: string): Table {
  let lines = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
  let capacity = 1;
  while (capacity * 0.7 < lines + 1) capacity <<= 1;
  const mask = capacity - 1;
  const slots = new Uint32Array(capacity * 2);
  const bitsOfLetter = new Uint32Array(128);
  for (const [letter, bit] of LETTER_BITS) bitsOfLetter[letter.charCodeAt(0)] = bit;
  let size = 0;
  for (let i = 0; i < text.length; ) {
    const tab = text.indexOf("\t", i);
    if (tab === -1) break;
    let lineEnd = text.indexOf("\n", tab);
    if (lineEnd === -1) lineEnd = text.length;
    // Stored words are lower case already: the plain FNV-1a of their units equals hashRange.
    let h = FNV_OFFSET;
    for (let j = i; j < tab; j++) h = Math.imul(h ^ text.charCodeAt(j), FNV_PRIME);
    h = h >>> 0 || 1;
    let bits = 0;
    for (let j = tab + 1; j < lineEnd; j++) bits |= bitsOfLetter[text.charCodeAt(j) & 127]!;
    let slot = h & mask;
    while (slots[slot << 1] !== 0 && slots[slot << 1] !== h) slot = (slot + 1) & mask;
    if (slots[slot << 1] === 0) size++;
    slots[slot << 1] = h;
    slots[(slot << 1) | 1] = slots[(slot << 1) | 1]! | bits;
    i = lineEnd + 1;
  }
  return { slots, size };
}

export function serializeTable(table: Table): Uint8Array {
  const out = new Uint8Array(HEADER_BYTES + table.slots.byteLength);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, table.slots.length >> 1, true);
  view.setUint32(8, table.size, true);
  out.set(new Uint8Array(table.slots.buffer, table.slots.byteOffset, table.slots.byteLength), HEADER_BYTES);
  return out;
}

function parseTable(bytes: Uint8Array): Table {
  // Typed-array views need aligned offsets; a copy is cheap next to a misread.
  const buf = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new Error("lexicon.bin is not a lexicon table (rebuild it: bun run build:lexicon)");
  const capacity = view.getUint32(4, true);
  return { slots: new Uint32Array(buf.buffer, buf.byteOffset + HEADER_BYTES, capacity * 2), size: view.getUint32(8, true) };
}
