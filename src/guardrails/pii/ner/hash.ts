/**
 * 32-bit FNV-1a over the lower-cased UTF-16 units of a word, computed straight from the text
 * without building the lower-cased string. The lexicon builder and the tagger use this one
 * function, so their keys agree.
 */

import { lowerUnit } from "../../text/lower-unit.ts";

export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** Hash of `text[start, end)` lower-cased. Never 0 (0 marks an empty slot). */
export function hashRange(text: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) {
    h ^= lowerUnit(text.charCodeAt(i));
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0 || 1;
}

export function hashWord(word: string): number {
  return hashRange(word, 0, word.length);
}

/** The hashes of a list of words written apart by white space: a word list the tokens are looked up in. */
export function wordHashes(words: string): Set<number> {
  return new Set(words.split(/\s+/).filter(Boolean).map(hashWord));
}

/** Combines a feature template id with up to two values (murmur3-style finaliser). */
export function mix(a: number, b: number, c = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ c;
  h ^= h >>> 16;
  return h >>> 0;
}
