/**
 * The local classifiers' features: hashed word unigrams and bigrams and character 4-grams of the
 * normalised, lower-cased text, each present or not (binary), scaled by 1/sqrt(count) so a long
 * text does not score higher for being long. Computed the same way when training
 * (scripts/train-detectors.ts) and when classifying. No strings are built per feature.
 */
import { foldLeetspeak } from "../text/leetspeak.ts";
import { normalizeText } from "../text/normalize.ts";
import { withStandIns } from "../text/placeholders.ts";
import { functionWords, isOutsideEnglish } from "./language.ts";

export const FEATURE_BITS = 18;
export const FEATURE_COUNT = 1 << FEATURE_BITS;
const MASK = FEATURE_COUNT - 1;

/** Longer texts are judged on their first and last parts: an attack sits at either end. */
export const MAX_CHARS = 16_384;

export interface Features {
  /** Distinct feature indices, in the order first seen. */
  readonly indices: Int32Array;
  readonly count: number;
  /** The value of every present feature: 1/sqrt(count). */
  readonly scale: number;
  /** Written outside English (language.ts), told in the same pass. */
  readonly outsideEnglish: boolean;
}

const SEED_WORD = 0x9747b28c;
const SEED_BIGRAM = 0x85ebca6b;
const SEED_CHAR = 0xc2b2ae35;

/** One generation stamp per slot: a feature seen in this call has the current stamp. */
const seen = new Uint32Array(FEATURE_COUNT);
let generation = 0;
let buffer = new Int32Array(4096);

/**
 * The text the features are taken from: normalised (no zero-width, fullwidth or lookalike
 * tricks), leetspeak read as letters, masking placeholders read as plain values
 * (../text/placeholders.ts says why), lower case, capped.
 */
export function prepare(text: string): string {
  let t = withStandIns(foldLeetspeak(normalizeText(text).text)).toLowerCase();
  if (t.length > MAX_CHARS) t = `${t.slice(0, MAX_CHARS / 2)} ${t.slice(t.length - MAX_CHARS / 2)}`;
  return t;
}

/** Function words by their word hash (the one the features use): 1 English, 2 another language. */
const FUNCTION_WORDS = new Map<number, 1 | 2>();
for (const [word, side] of functionWords()) FUNCTION_WORDS.set(wordHash(word), side === "english" ? 1 : 2);

function wordHash(word: string): number {
  let h = SEED_WORD;
  for (let k = 0; k < word.length; k++) h = Math.imul(h ^ word.charCodeAt(k), 0x01000193);
  return fmix(h);
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 || (c >= 0xc0 && c !== 0xd7 && c !== 0xf7 && !(c >= 0x2000 && c <= 0x2bff));
}

/** Features of `text` (already `prepare`d). The returned arrays are reused by the next call. */
export function featuresOf(t: string): Features {
  generation = (generation + 1) >>> 0;
  if (generation === 0) {
    seen.fill(0);
    generation = 1;
  }
  let count = 0;
  const add = (h: number) => {
    const i = h & MASK;
    if (seen[i] === generation) return;
    seen[i] = generation;
    if (count === buffer.length) {
      const bigger = new Int32Array(buffer.length * 2);
      bigger.set(buffer);
      buffer = bigger;
    }
    buffer[count++] = i;
  };
  const n = t.length;
  let englishWords = 0;
  let otherWords = 0;
  // Words and word pairs.
  let prevWord = 0;
  let i = 0;
  while (i < n) {
    while (i < n && !isWordChar(t.charCodeAt(i))) i++;
    if (i >= n) break;
    let h = SEED_WORD;
    while (i < n && isWordChar(t.charCodeAt(i))) {
      h = Math.imul(h ^ t.charCodeAt(i), 0x01000193);
      i++;
    }
    h = fmix(h);
    add(h);
    const side = FUNCTION_WORDS.get(h);
    if (side === 1) englishWords++;
    else if (side === 2) otherWords++;
    if (prevWord !== 0) add(fmix(Math.imul(prevWord, 31) ^ h ^ SEED_BIGRAM));
    prevWord = h;
  }
  // Character 4-grams over the text with runs of spaces collapsed to one.
  let c1 = 32;
  let c2 = 32;
  let c3 = 32;
  let last = 32;
  let latinLetters = 0;
  let otherLetters = 0;
  for (let k = 0; k < n; k++) {
    let c = t.charCodeAt(k);
    if (c >= 97 && c <= 122) latinLetters++;
    else if (c >= 0xc0 && isWordChar(c)) {
      if (c <= 0x24f) latinLetters++;
      else if (c >= 0x370) otherLetters++;
    }
    if (c === 9 || c === 10 || c === 13) c = 32;
    if (c === 32 && last === 32) continue;
    last = c;
    add(fmix(Math.imul(Math.imul(Math.imul(Math.imul(SEED_CHAR ^ c3, 0x01000193) ^ c2, 0x01000193) ^ c1, 0x01000193) ^ c, 0x01000193)));
    c3 = c2;
    c2 = c1;
    c1 = c;
  }
  const outsideEnglish = isOutsideEnglish({ englishWords, otherWords, latinLetters, otherLetters });
  return { indices: buffer, count, scale: count > 0 ? 1 / Math.sqrt(count) : 0, outsideEnglish };
}

/** Murmur3's finaliser: spreads the bits of a 32-bit hash. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
