/**
 * Detection runs on a normalised copy of the text so that fullwidth digits, ligatures, odd
 * dashes and spaces, and invisible characters do not let a value slip past a pattern. Masking
 * must still keep every character outside a detection exactly as the caller wrote it, so the
 * normalised text carries a map from each of its UTF-16 units back to the original.
 */

export interface NormalizedText {
  /** The text detectors read. */
  readonly text: string;
  /**
   * For each unit of `text`, where its source character starts and ends in the original.
   * Null when `text` is the original itself (the common, ASCII-only case).
   */
  readonly origStart: Int32Array | null;
  readonly origEnd: Int32Array | null;
}

/** Characters removed outright: zero-width, joiners, bidi controls, soft hyphen, BOM. */
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/;

/** Dashes and minus signs that NFKC leaves alone but people use in numbers and codes. */
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/;

const NON_ASCII = /[^\x00-\x7F]/;

const charCache = new Map<string, string>();
const CHAR_CACHE_LIMIT = 4096;

function normalizeChar(ch: string): string {
  const cached = charCache.get(ch);
  if (cached !== undefined) return cached;
  let out: string;
  if (INVISIBLE.test(ch)) out = "";
  else if (DASHES.test(ch)) out = "-";
  else {
    out = ch.normalize("NFKC");
    // NFKC turns some characters into spaces plus combining marks; only the letters matter.
    if (/^\s+$/u.test(out) || /^\s$/u.test(ch)) out = " ";
  }
  if (charCache.size < CHAR_CACHE_LIMIT) charCache.set(ch, out);
  return out;
}

export function normalizeText(original: string): NormalizedText {
  if (!NON_ASCII.test(original)) return { text: original, origStart: null, origEnd: null };
  const parts: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let changed = false;
  let i = 0;
  const n = original.length;
  while (i < n) {
    const code = original.charCodeAt(i);
    if (code < 0x80) {
      // Copy an ASCII run in one piece.
      let j = i + 1;
      while (j < n && original.charCodeAt(j) < 0x80) j++;
      parts.push(original.slice(i, j));
      for (let k = i; k < j; k++) {
        starts.push(k);
        ends.push(k + 1);
      }
      i = j;
      continue;
    }
    const cp = original.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const ch = original.slice(i, i + width);
    const out = normalizeChar(ch);
    if (out !== ch) changed = true;
    parts.push(out);
    for (let k = 0; k < out.length; k++) {
      starts.push(i);
      ends.push(i + width);
    }
    i += width;
  }
  if (!changed) return { text: original, origStart: null, origEnd: null };
  return { text: parts.join(""), origStart: Int32Array.from(starts), origEnd: Int32Array.from(ends) };
}

/** Maps a half-open span of the normalised text back to the original text. */
export function toOriginalSpan(norm: NormalizedText, start: number, end: number): [number, number] {
  if (!norm.origStart || !norm.origEnd) return [start, end];
  if (end <= start) {
    const at = start < norm.origStart.length ? norm.origStart[start]! : (norm.origEnd[norm.origEnd.length - 1] ?? 0);
    return [at, at];
  }
  return [norm.origStart[start]!, norm.origEnd[end - 1]!];
}
