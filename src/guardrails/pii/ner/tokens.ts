/**
 * Word tokens for the tagger, in one pass over the text and straight into typed arrays: no
 * token strings. Each token carries its offsets, the hash of its lower-cased form, its shape,
 * its lexicon flags and what separates it from the previous token.
 */
import { lowerUnit } from "../../text/lower-unit.ts";
import { FNV_OFFSET, FNV_PRIME } from "./hash.ts";
import type { Lexicon } from "./lexicon.ts";

export const Shape = { LOWER: 0, CAP: 1, CAPS: 2, INITIAL: 3, MIXED: 4, DIGITS: 5, ALNUM: 6 } as const;

/** What lies between a token and the one before it. */
export const Gap = { SPACE: 0, NEWLINE: 1, COMMA: 2, SENTENCE: 3, PUNCT: 4, OPEN: 5, START: 6 } as const;

export interface Tokens {
  /** The text the tokens are of. */
  text: string;
  count: number;
  start: Int32Array;
  end: Int32Array;
  hash: Uint32Array;
  shape: Uint8Array;
  /** Lexicon flags; NOT_LOOKED_UP until `flagsAt` reads them (most tokens never need them). */
  flags: Uint32Array;
  gap: Uint8Array;
  /** Whether the text reads as German (german.ts); UNKNOWN_LANGUAGE until asked. */
  german: number;
  readonly lexicon: Lexicon;
}

export const UNKNOWN_LANGUAGE = -1;

export const NOT_LOOKED_UP = 0xffffffff;

/**
 * Hash of the last three units of token `i`, lower-cased (the tagger's suffix feature). Computed
 * when asked: the tagger scores one token in ten.
 */
export function suffixAt(t: Tokens, i: number): number {
  const text = t.text;
  const start = t.start[i]!;
  const end = t.end[i]!;
  let sh = FNV_OFFSET;
  for (let k = Math.max(start, end - 3); k < end; k++) sh = Math.imul(sh ^ lowerUnit(text.charCodeAt(k)), FNV_PRIME);
  return sh >>> 0;
}

/** The lexicon flags of token `i`, looked up on first use. */
export function flagsAt(t: Tokens, i: number): number {
  let f = t.flags[i]!;
  if (f === NOT_LOOKED_UP) {
    f = t.lexicon.flagsOfHash(t.hash[i]!);
    t.flags[i] = f;
  }
  return f;
}

/** What a token holds, OR-ed over its units. */
const LETTER = 1;
const DIGIT = 2;
const UPPER = 4;
/** A lower-case letter, or a letter without case (CJK, Arabic). */
const NOT_UPPER_LETTER = 8;

/** Per ASCII unit: the bits above, and the lower-cased code in bits 8+; 0 = not a word character. */
const ASCII_INFO = new Uint16Array(128);
for (let c = 48; c <= 57; c++) ASCII_INFO[c] = DIGIT | (c << 8);
for (let c = 65; c <= 90; c++) ASCII_INFO[c] = LETTER | UPPER | ((c + 32) << 8);
for (let c = 97; c <= 122; c++) ASCII_INFO[c] = LETTER | NOT_UPPER_LETTER | (c << 8);

// 0 unknown, 1 letter, 2 digit, 3 other; filled lazily for non-ASCII units.
const charClass = new Uint8Array(65536);
for (let c = 0; c < 128; c++) charClass[c] = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : c >= 48 && c <= 57 ? 2 : 3;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const NUMBER = /\p{N}/u;

function classOf(c: number): number {
  let k = charClass[c]!;
  if (k === 0) {
    const s = String.fromCharCode(c);
    k = LETTER_OR_MARK.test(s) ? 1 : NUMBER.test(s) ? 2 : 3;
    charClass[c] = k;
  }
  return k;
}

function isUpper(c: number): boolean {
  return c < 128 ? c >= 65 && c <= 90 : lowerUnit(c) !== c;
}

function allocate(capacity: number, lexicon: Lexicon): Tokens {
  return {
    text: "",
    german: UNKNOWN_LANGUAGE,
    lexicon,
    count: 0,
    start: new Int32Array(capacity),
    end: new Int32Array(capacity),
    hash: new Uint32Array(capacity),
    shape: new Uint8Array(capacity),
    flags: new Uint32Array(capacity),
    gap: new Uint8Array(capacity),
  };
}

function gapClass(text: string, from: number, to: number, first: boolean): number {
  if (first) return Gap.START;
  let gap: number = Gap.SPACE;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return Gap.NEWLINE;
    if (c === 46 || c === 33 || c === 63) gap = Gap.SENTENCE;
    else if (c === 44 || c === 59) gap = gap === Gap.SENTENCE ? gap : Gap.COMMA;
    else if (c === 40 || c === 34 || c === 8220 || c === 91) gap = gap === Gap.SPACE ? Gap.OPEN : gap;
    else if (c !== 32 && c !== 9 && gap === Gap.SPACE) gap = Gap.PUNCT;
  }
  return gap;
}

/**
 * Tokens of `text`. With `reuse`, its buffers are overwritten instead of allocating new ones:
 * allocating eight arrays per text costs more than the tokenizing itself, and a synchronous
 * caller (the recogniser) is done with the previous text when it passes them back.
 */
export function tokenize(text: string, lexicon: Lexicon, reuse?: Tokens): Tokens {
  const n = text.length;
  let t = reuse && reuse.lexicon === lexicon ? reuse : allocate(Math.max(64, n >> 2), lexicon);
  t.text = text;
  t.german = UNKNOWN_LANGUAGE;
  let count = 0;
  let capacity = t.start.length;
  let starts = t.start;
  let ends = t.end;
  let hashes = t.hash;
  let shapes = t.shape;
  let flags = t.flags;
  let gaps = t.gap;
  let prevEnd = 0;
  let i = 0;
  while (i < n) {
    const c0 = text.charCodeAt(i);
    const k = c0 < 128 ? charClass[c0]! : classOf(c0);
    if (k === 3) {
      i++;
      continue;
    }
    const start = i;
    let h = FNV_OFFSET;
    // The kinds of unit seen, and how many capitals: all the shape needs.
    let seen = 0;
    let uppers = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      let lower: number;
      if (c < 128) {
        // ASCII: one table read gives the class bits and the lower-cased code.
        const info = ASCII_INFO[c]!;
        if (info === 0) {
          // An apostrophe or hyphen inside a word (O'Brien, Jean-Luc) stays in the token.
          if ((c === 39 || c === 45) && i > start && i + 1 < n && classOf(text.charCodeAt(i + 1)) === 1) lower = c;
          else break;
        } else {
          seen |= info;
          uppers += (info >> 2) & 1;
          lower = info >> 8;
        }
      } else {
        const cls = classOf(c);
        if (cls === 3) {
          if (c === 8217 && i > start && i + 1 < n && classOf(text.charCodeAt(i + 1)) === 1) lower = c;
          else break;
        } else {
          lower = lowerUnit(c);
          if (cls === 2) seen |= DIGIT;
          else if (lower !== c) {
            seen |= LETTER | UPPER;
            uppers++;
          } else seen |= LETTER | NOT_UPPER_LETTER;
        }
      }
      h = Math.imul(h ^ lower, FNV_PRIME);
      i++;
    }
    if (count === capacity) {
      t.count = count;
      t = grow(t);
      capacity = t.start.length;
      starts = t.start;
      ends = t.end;
      hashes = t.hash;
      shapes = t.shape;
      flags = t.flags;
      gaps = t.gap;
    }
    const j = count++;
    starts[j] = start;
    ends[j] = i;
    hashes[j] = h >>> 0 || 1;
    shapes[j] =
      seen & DIGIT
        ? seen & LETTER
          ? Shape.ALNUM
          : Shape.DIGITS
        : uppers === 0
          ? Shape.LOWER
          : (seen & NOT_UPPER_LETTER) === 0
            ? uppers === 1
              ? Shape.INITIAL
              : Shape.CAPS
            : uppers === 1 && isUpper(text.charCodeAt(start))
              ? Shape.CAP
              : Shape.MIXED;
    flags[j] = NOT_LOOKED_UP;
    // One space between words is most gaps: answered without the loop.
    gaps[j] = j > 0 && start - prevEnd === 1 && text.charCodeAt(prevEnd) === 32 ? Gap.SPACE : gapClass(text, prevEnd, start, j === 0);
    prevEnd = i;
  }
  t.count = count;
  return t;
}

function grow(t: Tokens): Tokens {
  const bigger = allocate(t.start.length * 2, t.lexicon);
  bigger.count = t.count;
  bigger.text = t.text;
  bigger.start.set(t.start);
  bigger.end.set(t.end);
  bigger.hash.set(t.hash);
  bigger.shape.set(t.shape);
  bigger.flags.set(t.flags);
  bigger.gap.set(t.gap);
  return bigger;
}
