/**
 * A vendor key written in pieces: `sk-proj-AbC3... dEf9...`, a token broken over two lines. A
 * model joins the pieces back; so does this: from each vendor prefix, up to three more pieces
 * one space, tab or line break apart are joined while the pieces look random (a digit, or a
 * capital after a small letter: not a word of prose), and the longest join of two or more
 * pieces that is a whole vendor key is reported, over the space between them.
 */
import { VENDOR_KINDS, VENDOR_PATTERN } from "./patterns.ts";

/**
 * The letters a vendor prefix has before its `-` or `_` (patterns.ts: VENDOR_FORMATS: `sk-`,
 * `glpat-`, `xoxb-`, `GOCSPX-`, `pypi-`; `ghp_`, `github_pat_`, `hf_`, `npm_`, `sk_live_`,
 * `rk_test_`), and the prefixes without one (`AKIA`, `ASIA`, `AIza`, `SG.`). A candidate
 * only starts the search: the joined pieces must be a whole vendor key.
 */
const HEAD_BEFORE_DASH = new Set(["sk", "glpat", "xoxa", "xoxb", "xoxp", "xoxo", "xoxs", "xoxr", "GOCSPX", "pypi"]);
const HEAD_BEFORE_UNDERSCORE = new Set(["ghp", "gho", "ghu", "ghs", "ghr", "github", "hf", "npm", "sk", "rk"]);

/**
 * Where vendor keys may start, in order: found from each `-` and `_` (the letters before it
 * name the vendor) and each `A` and `S`, with one-unit searches; an alternation of the prefixes
 * tried at every position cost 4-7 µs per KB of prose.
 */
function keyStarts(text: string): number[] {
  const out: number[] = [];
  headsBefore(text, "-", HEAD_BEFORE_DASH, out);
  headsBefore(text, "_", HEAD_BEFORE_UNDERSCORE, out);
  capitalPrefixes(text, "A", out);
  capitalPrefixes(text, "S", out);
  return out.length > 1 ? out.sort((a, b) => a - b) : out;
}

/** Each `mark` whose letters before it are a vendor's head (`sk` of `sk-`, `ghp` of `ghp_`): where they start. */
function headsBefore(text: string, mark: string, heads: ReadonlySet<string>, out: number[]): void {
  for (let q = text.indexOf(mark); q !== -1; q = text.indexOf(mark, q + 1)) {
    let s = q;
    while (s > 0 && q - s < 7 && isAsciiLetter(text.charCodeAt(s - 1))) s--;
    if (s < q && q - s >= 2 && keyStart(text, s) && heads.has(text.slice(s, q))) out.push(s);
  }
}

function capitalPrefixes(text: string, capital: string, out: number[]): void {
  for (let p = text.indexOf(capital); p !== -1; p = text.indexOf(capital, p + 1)) {
    const next = text.charCodeAt(p + 1);
    // AKIA, ASIA, AIza, SG.: the second unit is K, S, I or G.
    if (next !== 75 && next !== 83 && next !== 73 && next !== 71) continue;
    if (keyStart(text, p) && (text.startsWith("AKIA", p) || text.startsWith("ASIA", p) || text.startsWith("AIza", p) || text.startsWith("SG.", p))) out.push(p);
  }
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

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
  for (const start of keyStarts(text)) {
    if (start < floor) continue;
    let end = pieceEnd(text, start);
    let joined = text.slice(start, end);
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
      emit(start, found, kind);
      floor = found;
    }
  }
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
  for (const start of keyStarts(text)) if (openToTheEnd(text, start)) return offset + start;
  return -1;
}

/** Whether the key starting at `start` runs, in random-looking pieces one blank apart, to the end of `text`. */
function openToTheEnd(text: string, start: number): boolean {
  let end = pieceEnd(text, start);
  for (let piece = 1; piece < MAX_PIECES && end < text.length; piece++) {
    const c = text.charCodeAt(end);
    let next = end;
    if (c === 13 && text.charCodeAt(next + 1) === 10) next += 2;
    else if (c === 32 || c === 9 || c === 10 || c === 13) next++;
    else return false;
    if (next >= text.length) return true;
    const nextEnd = pieceEnd(text, next);
    // The last piece may be unfinished; an earlier one must look random.
    if (nextEnd < text.length && (nextEnd - next < 4 || !RANDOM_PIECE.test(text.slice(next, nextEnd)))) return false;
    end = nextEnd;
  }
  return end === text.length;
}
