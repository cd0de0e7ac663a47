/** Context words: a value counts only when one of these words stands shortly before it. */

/** True when one of the lower-case `words` occurs as a whole word in the `window` characters before `at`. */
export function hasContext(text: string, at: number, words: readonly string[], window: number): boolean {
  return containsWord(text.slice(Math.max(0, at - window), at).toLowerCase(), words);
}

/** The same, in the `window` characters after `at`. */
export function hasContextAfter(text: string, at: number, words: readonly string[], window: number): boolean {
  return containsWord(text.slice(at, at + window).toLowerCase(), words);
}

function containsWord(before: string, words: readonly string[]): boolean {
  for (const word of words) {
    let from = 0;
    for (;;) {
      const i = before.indexOf(word, from);
      if (i === -1) break;
      const prev = i > 0 ? before.charCodeAt(i - 1) : 32;
      const next = i + word.length < before.length ? before.charCodeAt(i + word.length) : 32;
      if (!isAsciiWordChar(prev) && !isAsciiWordChar(next)) return true;
      from = i + 1;
    }
  }
  return false;
}

function isAsciiWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
