/**
 * Word tokens for the tagger, in one pass over the text and straight into typed arrays: no
 * token strings. Each token carries its offsets, the hash of its lower-cased form, its shape,
 * its lexicon flags and what separates it from the previous token.
 */
import { lowerUnit, FNV_OFFSET, FNV_PRIME } from "./hash.ts";
import type { Lexicon } from "./lexicon.ts";

export const Shape = { LOWER: 0, CAP: 1, CAPS: 2, INITIAL: 3, MIXED: 4, DIGITS: 5, ALNUM: 6 } as const;

/** What lies between a token and the one before it. */
export const Gap = { SPACE: 0, NEWLINE: 1, COMMA: 2, SENTENCE: 3, PUNCT: 4, OPEN: 5, START: 6 } as const;

export interface Tokens {
  count: number;
  start: Int32Array;
  end: Int32Array;
  hash: Uint32Array;
  /** Hash of the last three units, lower-cased (a suffix feature). */
  suffix: Uint32Array;
  shape: Uint8Array;
  /** Lexicon flags; NOT_LOOKED_UP until `flagsAt` reads them (most tokens never need them). */
  flags: Uint32Array;
  gap: Uint8Array;
  readonly lexicon: Lexicon;
}

export const NOT_LOOKED_UP = 0xffffffff;

/** The lexicon flags of token `i`, looked up on first use. */
export function flagsAt(t: Tokens, i: number): number {
  let f = t.flags[i]!;
  if (f === NOT_LOOKED_UP) {
    f = t.lexicon.flagsOfHash(t.hash[i]!);
    t.flags[i] = f;
  }
  return f;
}

/** Per ASCII unit: bit 0 letter, bit 1 digit, bit 2 upper case, bits 8+ the lower-cased code; 0 = not a word character. */
const ASCII_INFO = new Uint16Array(128);
for (let c = 48; c <= 57; c++) ASCII_INFO[c] = 2 | (c << 8);
for (let c = 65; c <= 90; c++) ASCII_INFO[c] = 1 | 4 | ((c + 32) << 8);
for (let c = 97; c <= 122; c++) ASCII_INFO[c] = 1 | (c << 8);

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
    lexicon,
    count: 0,
    start: new Int32Array(capacity),
    end: new Int32Array(capacity),
    hash: new Uint32Array(capacity),
    suffix: new Uint32Array(capacity),
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
  t.count = 0;
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
    let letters = 0;
    let digits = 0;
    let uppers = 0;
    // The last three lower-cased units, for the suffix hash.
    let l1 = 0;
    let l2 = 0;
    let l3 = 0;
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
          letters += info & 1;
          digits += (info >> 1) & 1;
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
          if (cls === 1) {
            letters++;
            if (lower !== c) uppers++;
          } else digits++;
        }
      }
      h = Math.imul(h ^ lower, FNV_PRIME);
      l3 = l2;
      l2 = l1;
      l1 = lower;
      i++;
    }
    const firstUpper = isUpper(text.charCodeAt(start));
    if (t.count === t.start.length) t = grow(t);
    const j = t.count++;
    t.start[j] = start;
    t.end[j] = i;
    t.hash[j] = h >>> 0 || 1;
    const len = i - start;
    let sh = FNV_OFFSET;
    if (len >= 3) sh = Math.imul(sh ^ l3, FNV_PRIME);
    if (len >= 2) sh = Math.imul(sh ^ l2, FNV_PRIME);
    sh = Math.imul(sh ^ l1, FNV_PRIME);
    t.suffix[j] = sh >>> 0;
    t.shape[j] =
      digits > 0
        ? letters > 0
          ? Shape.ALNUM
          : Shape.DIGITS
        : uppers === 0
          ? Shape.LOWER
          : uppers === letters
            ? letters === 1
              ? Shape.INITIAL
              : Shape.CAPS
            : firstUpper && uppers === 1
              ? Shape.CAP
              : Shape.MIXED;
    t.flags[j] = NOT_LOOKED_UP;
    t.gap[j] = gapClass(text, prevEnd, start, j === 0);
    prevEnd = i;
  }
  return t;
}

function grow(t: Tokens): Tokens {
  const bigger = allocate(t.start.length * 2, t.lexicon);
  bigger.count = t.count;
  bigger.start.set(t.start);
  bigger.end.set(t.end);
  bigger.hash.set(t.hash);
  bigger.suffix.set(t.suffix);
  bigger.shape.set(t.shape);
  bigger.flags.set(t.flags);
  bigger.gap.set(t.gap);
  return bigger;
}
