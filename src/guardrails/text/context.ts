/** Context words: a value counts only when one of these words stands shortly before it. */
import { isAsciiAlnum } from "./chars.ts";
import { lowerUnit } from "./lower-unit.ts";

/** True when one of the lower-case `words` occurs as a whole word in the `window` characters before `at`. */
export function hasContext(text: string, at: number, words: readonly string[], window: number): boolean {
  return containsWord(text, Math.max(0, at - window), at, words);
}

/** The same, in the `window` characters after `at`. */
export function hasContextAfter(text: string, at: number, words: readonly string[], window: number): boolean {
  return containsWord(text, at, Math.min(text.length, at + window), words);
}

/** A word list indexed by its words' first unit, built once per list. */
interface WordIndex {
  /** Lists by first unit; ASCII first units also have their bit in `asciiFirst`. */
  readonly byFirst: Map<number, readonly string[]>;
  readonly asciiFirst: Uint8Array;
}

const indexes = new WeakMap<readonly string[], WordIndex>();

function wordIndex(words: readonly string[]): WordIndex {
  let index = indexes.get(words);
  if (!index) {
    const byFirst = new Map<number, string[]>();
    const asciiFirst = new Uint8Array(128);
    for (const word of words) {
      if (word.length === 0) continue;
      const first = word.charCodeAt(0);
      byFirst.set(first, [...(byFirst.get(first) ?? []), word]);
      if (first < 128) asciiFirst[first] = 1;
    }
    index = { byFirst, asciiFirst };
    indexes.set(words, index);
  }
  return index;
}

/**
 * Whether one of `words` lies within text[lo, hi) with no ASCII letter or digit right before or
 * after it inside that stretch, compared unit by unit in lower case. Read in place: slicing the
 * window, lower-casing it and calling `indexOf` once per word cost about half a microsecond
 * per value checked, which added up on texts with many numbers.
 */
function containsWord(text: string, lo: number, hi: number, words: readonly string[]): boolean {
  const { byFirst, asciiFirst } = wordIndex(words);
  let prevIsWord = false;
  for (let i = lo; i < hi; i++) {
    const c = text.charCodeAt(i);
    const startsHere = !prevIsWord;
    prevIsWord = isAsciiAlnum(c);
    if (!startsHere) continue;
    const first = lowerUnit(c);
    if (first < 128 ? asciiFirst[first] === 0 : !byFirst.has(first)) continue;
    for (const word of byFirst.get(first)!) if (wordAt(text, i, hi, word)) return true;
  }
  return false;
}

function wordAt(text: string, at: number, hi: number, word: string): boolean {
  const end = at + word.length;
  if (end > hi) return false;
  for (let k = 1; k < word.length; k++) if (lowerUnit(text.charCodeAt(at + k)) !== word.charCodeAt(k)) return false;
  return end === hi || !isAsciiAlnum(text.charCodeAt(end));
}
