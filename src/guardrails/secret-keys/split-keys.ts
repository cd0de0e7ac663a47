/**
 * A vendor key written in pieces: `sk-proj-AbC3... dEf9...`, a token broken over two lines. A
 * model joins the pieces back; so does this: from each vendor prefix, up to three more pieces
 * one space, tab or line break apart are joined while the pieces look random (a digit, or a
 * capital after a small letter: not a word of prose), and the longest join of two or more
 * pieces that is a whole vendor key is reported, over the space between them.
 */
import { forEachMatch } from "../text/matches.ts";
import { VENDOR_KINDS, VENDOR_PATTERN } from "./patterns.ts";

/**
 * Where a vendor key starts (patterns.ts: VENDOR_FORMATS, the prefixes that say whose key it
 * is). No lookbehind: a pattern starting with one scans three times slower; `keyStart` checks
 * the character before in code.
 */
const PREFIX = /sk-|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|hf_|npm_|AKIA|ASIA|AIza|GOCSPX-|SG\.|rk_(?:live|test)_|pypi-/g;

/** A prefix that starts a token, not one inside a word (`task-`, `ghp_` in `xghp_`). */
function keyStart(text: string, at: number): boolean {
  return at === 0 || !isKeyChar(text.charCodeAt(at - 1)) || text.charCodeAt(at - 1) === 46;
}

/** A whole vendor key and nothing else; which alternative matched says its kind. */
const WHOLE = new RegExp(`^(?:${VENDOR_PATTERN.source})$`);

const MAX_PIECES = 4;
const MAX_PIECE = 256;

function isKeyChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46;
}

/** A piece of a key, not a word: it has a digit, or a capital right after a small letter. */
const RANDOM_PIECE = /\d|[a-z][A-Z]/;

export function findSplitKeys(text: string, emit: (start: number, end: number, kind: string) => void): void {
  let floor = 0;
  forEachMatch(PREFIX, text, (m) => {
    if (m.index < floor || !keyStart(text, m.index)) return;
    let end = pieceEnd(text, m.index);
    let joined = text.slice(m.index, end);
    let found = -1;
    let kind = "";
    for (let piece = 1; piece < MAX_PIECES; piece++) {
      let next = end;
      const c = text.charCodeAt(next);
      if (c === 13 && text.charCodeAt(next + 1) === 10) next += 2;
      else if (c === 32 || c === 9 || c === 10) next++;
      else break;
      const nextEnd = pieceEnd(text, next);
      const part = text.slice(next, nextEnd);
      if (part.length < 4 || !RANDOM_PIECE.test(part)) break;
      joined += part;
      end = nextEnd;
      const whole = WHOLE.exec(joined);
      if (whole) {
        found = end;
        let group = 1;
        while (whole[group] === undefined) group++;
        kind = VENDOR_KINDS[group - 1]!;
      }
    }
    if (found > 0) {
      emit(m.index, found, kind);
      floor = found;
    }
  });
}

function pieceEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && end - from < MAX_PIECE && isKeyChar(text.charCodeAt(end))) end++;
  return end;
}

/** How far back a stream's tail is read for a key still being written. */
const KEY_REACH = 512;

/**
 * For streams: where the end of `tail` could still become a key in pieces (a vendor prefix, then
 * random-looking pieces one blank apart, ending in a blank or an unfinished piece), as the start
 * of its prefix; -1 when it cannot.
 */
export function openKeyStart(tail: string): number {
  const offset = Math.max(0, tail.length - KEY_REACH);
  const text = offset === 0 ? tail : tail.slice(offset);
  let open = -1;
  forEachMatch(PREFIX, text, (m) => {
    if (open >= 0 || !keyStart(text, m.index)) return;
    let end = pieceEnd(text, m.index);
    for (let piece = 1; piece < MAX_PIECES; piece++) {
      if (end === text.length) break;
      const c = text.charCodeAt(end);
      let next = end;
      if (c === 13 && text.charCodeAt(next + 1) === 10) next += 2;
      else if (c === 32 || c === 9 || c === 10 || c === 13) next++;
      else return;
      if (next >= text.length) {
        end = next;
        break;
      }
      const nextEnd = pieceEnd(text, next);
      // The last piece may be unfinished; an earlier one must look random.
      if (nextEnd < text.length && (nextEnd - next < 4 || !RANDOM_PIECE.test(text.slice(next, nextEnd)))) return;
      end = nextEnd;
    }
    if (end === text.length) open = m.index;
  });
  return open < 0 ? -1 : offset + open;
}
