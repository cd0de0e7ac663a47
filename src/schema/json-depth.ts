/**
 * How deeply a JSON text nests, read before it is parsed (DECISIONS §7). Deep nesting is the
 * cheapest way to make a small body expensive: every recursive walk over the parsed value
 * (schema checks, error messages, the pipeline's slot readers) pays for it, and some of them
 * quadratically. Refusing it from the text costs one pass that skips string contents with a
 * native search, so a body that is mostly text (every real request) is read at memchr speed.
 */

/** Deepest nesting a request body may have: far beyond any API's documented shapes. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * True when `text` opens more than `limit` arrays or objects inside each other. Brackets inside
 * strings do not count. Malformed text is not judged here: the parser reports it.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i + 1);
      if (i === -1) return false;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/** The index of the quote that closes a string whose content starts at `from`; -1 if none. */
export function closingQuote(text: string, from: number): number {
  let at = text.indexOf('"', from);
  while (at !== -1) {
    // A quote preceded by an odd run of backslashes is escaped.
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return -1;
}
