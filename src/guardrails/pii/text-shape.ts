/**
 * What one pass over a text tells about the values that can be in it. Most formats are a run of
 * digits of a fixed length ("8 digits and a letter"), or a whole word of capitals and digits of a
 * fixed length (a BIC, a fiscal code); most texts hold none of those lengths. A recogniser whose
 * gate (a necessary condition on this shape) fails is not run at all: in prose with a few
 * numbers that skips two thirds of the patterns, and the time they cost, and the cache room
 * their compiled programs would take from the rest of the scan.
 *
 * The shape is read from the scan's tokens, so gates are only used when a scan builds them
 * anyway (the engine checks).
 *
 * A gate must never refuse a text in which its recogniser finds something; the unit tests check
 * that on every recogniser's test and evaluation texts.
 */

import { Shape, type Tokens } from "./ner/tokens.ts";

export interface TextShape {
  /** Bit n set when a maximal run of exactly n ASCII digits occurs (bit 31: 31 or more). */
  readonly digitRuns: number;
  /**
   * Bit n set when a maximal run of ASCII letters and digits without a lower-case letter has
   * length n (bit 31: 31 or more): the words a value of capitals and digits can be. Single
   * capitals are not all recorded.
   */
  readonly upperWords: number;
  /** Length of the longest maximal run of ASCII letters and digits that holds a digit. */
  readonly longestDigitWord: number;
  /** ShapeFlag bits. */
  readonly flags: number;
}

export const ShapeFlag = {
  /** A digit, one of `-`, `.`, `/`, and a digit: dates, grouped numbers. */
  SEPARATED_DIGITS: 1,
  /** A digit, `.` and a digit: IPv4 addresses, dotted dates, decimals. */
  DOTTED_DIGITS: 2,
  /** Two capitals starting a word, then a digit, or a two-capital word, a space and a digit: "GB82", "AB 12". */
  CAPITALS_THEN_DIGIT: 4,
} as const;

/** The bit of length `n` in a run-length mask. */
export function lengthBit(n: number): number {
  return 1 << (n > 31 ? 31 : n);
}

/** Per ASCII unit: DIGIT, UPPER, LOWER or 0. */
const DIGIT = 1;
const UPPER = 2;
const LOWER = 4;
const CLASS = new Uint8Array(128);
for (let c = 48; c <= 57; c++) CLASS[c] = DIGIT;
for (let c = 65; c <= 90; c++) CLASS[c] = UPPER;
for (let c = 97; c <= 122; c++) CLASS[c] = LOWER;

function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? CLASS[c]! : 0;
}

/**
 * The shape of `text`, read from its tokens: every ASCII letter or digit is inside a token, so
 * the words of letters and digits are within tokens too. Only tokens that can hold a digit or a
 * run of capitals are read character by character (a lower-case or capitalised word holds no
 * capital run longer than one letter, which no gate asks about): about one token in five.
 */
export function textShape(text: string, tokens: Tokens): TextShape {
  const n = text.length;
  const out = { digitRuns: 0, upperWords: 0, longestDigitWord: 0, flags: 0 };
  for (let t = 0; t < tokens.count; t++) {
    const shape = tokens.shape[t]!;
    if (shape === Shape.LOWER || shape === Shape.CAP) continue;
    const end = tokens.end[t]!;
    let i = tokens.start[t]!;
    while (i < end) {
      let k = classAt(text, i);
      if (k === 0) {
        i++;
        continue;
      }
      const wordStart = i;
      let seen = 0;
      while (k !== 0) {
        if (k === DIGIT) {
          const runStart = i;
          do i++;
          while (i < n && classAt(text, i) === DIGIT);
          out.digitRuns |= lengthBit(i - runStart);
          if (runStart === wordStart + 2 && classAt(text, wordStart) === UPPER && classAt(text, wordStart + 1) === UPPER) out.flags |= ShapeFlag.CAPITALS_THEN_DIGIT;
        } else i++;
        seen |= k;
        k = i < n ? classAt(text, i) : 0;
      }
      closeWord(text, wordStart, i, seen, out);
    }
  }
  return out;
}

function closeWord(text: string, start: number, end: number, seen: number, out: { upperWords: number; longestDigitWord: number; flags: number }): void {
  const n = text.length;
  const length = end - start;
  const after = end < n ? text.charCodeAt(end) : 32;
  if ((seen & LOWER) === 0) {
    out.upperWords |= lengthBit(length);
    if (length === 2 && seen === UPPER && after === 32 && end + 1 < n && classAt(text, end + 1) === DIGIT) out.flags |= ShapeFlag.CAPITALS_THEN_DIGIT;
  }
  if (seen & DIGIT) {
    if (length > out.longestDigitWord) out.longestDigitWord = length;
    // A digit, a separator and a digit: a grouped number or a date.
    if ((after === 45 || after === 46 || after === 47) && classAt(text, end - 1) === DIGIT && end + 1 < n && classAt(text, end + 1) === DIGIT) {
      out.flags |= after === 46 ? ShapeFlag.SEPARATED_DIGITS | ShapeFlag.DOTTED_DIGITS : ShapeFlag.SEPARATED_DIGITS;
    }
  }
}

/** A gate: true when one of the digit-run lengths occurs. */
export function digitRunOf(...lengths: number[]): (s: TextShape) => boolean {
  const mask = lengths.reduce((m, n) => m | lengthBit(n), 0);
  return (s) => (s.digitRuns & mask) !== 0;
}

/** A gate: true when a word of capitals and digits has one of the lengths. */
export function upperWordOf(...lengths: number[]): (s: TextShape) => boolean {
  const mask = lengths.reduce((m, n) => m | lengthBit(n), 0);
  return (s) => (s.upperWords & mask) !== 0;
}

/** A gate: true when a word with a digit is at least `length` long. */
export function digitWordOf(length: number): (s: TextShape) => boolean {
  return (s) => s.longestDigitWord >= length;
}

/** A gate: true when the flag is set. */
export function flagged(flag: number): (s: TextShape) => boolean {
  return (s) => (s.flags & flag) !== 0;
}

/** A gate: true when a run of at least `length` digits occurs. */
export function digitRunAtLeast(length: number): (s: TextShape) => boolean {
  const mask = ~(lengthBit(length) - 1);
  return (s) => (s.digitRuns & mask) !== 0;
}

/** A gate: true when either gate is. Gates are composed once, not per scan. */
export function either(a: (s: TextShape) => boolean, b: (s: TextShape) => boolean): (s: TextShape) => boolean {
  return (s) => a(s) || b(s);
}

/** A gate: true when both gates are. */
export function both(a: (s: TextShape) => boolean, b: (s: TextShape) => boolean): (s: TextShape) => boolean {
  return (s) => a(s) && b(s);
}
