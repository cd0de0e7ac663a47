/**
 * Personal data written so that a pattern misses it while a model still reads the value:
 * `jane[at]mail[dot]com`, `jane (at) mail (dot) com`, `jane.doe at mail dot com`,
 * `jane&#64;mail.com`, `jane&commat;mail.com`, `jane\u0040mail.com` (a JSON escape left in
 * text), `jane@mail[.]com`, and digits of other scripts (`٤١١١`, `४२४२`, any Unicode decimal
 * digit). `revealEvasions` rewrites those forms to what they stand for on top of the normalised
 * text, keeping the map from every unit back to the original, so a value found in the revealed
 * text masks the characters the caller wrote.
 *
 * The work is gated on cheap anchors: a text without `[`, `(`, `{`, `&`, `\`, a spelled ` at `
 * or a non-ASCII character is returned as it is after a few native searches.
 */
import { isBareTld } from "./urls.ts";
import type { NormalizedText } from "./normalize.ts";

/** A replacement of the units [start, end) of a text. */
interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * Whether ASCII text holds anything an evasive form starts with: `[`, `(`, `{`, `&`, `\`, a
 * spelled ` at `. A character class and a loop over `t ` and `T `: one alternation of them all
 * cost 1.5 µs per KB of text that has none, three searches for ` at ` 1.1 µs, these 0.4 µs.
 */
function anchored(text: string): boolean {
  return OPENERS.test(text) || hasSpelledAt(text);
}

const OPENERS = /[[({&\\]/;

function hasSpelledAt(text: string): boolean {
  for (const [t, a] of SPELLED_AT_ENDS) {
    for (let p = text.indexOf(t); p !== -1; p = text.indexOf(t, p + 2)) {
      const before = text.charCodeAt(p - 1);
      if ((before === a || before === 65) && text.charCodeAt(p - 2) === 32) return true;
    }
  }
  return false;
}

/** `t ` after `a` or `A`, `T ` after `A`: the ends of " at ", " At ", " AT ". */
const SPELLED_AT_ENDS: readonly (readonly [string, number])[] = [
  ["t ", 97],
  ["T ", 65],
];

/** The words an at-form and a dot-form hold between their brackets. */
const AT_WORDS = ["at", "AT", "At", "@"];
const DOT_WORDS = ["dot", "DOT", "Dot", "."];

/** HTML character references: numeric ones (`;` optional, as browsers read them) and the named ones that spell an address or a number. */
const ENTITY = /&(?:#[xX]([0-9a-fA-F]{1,6});?|#(\d{1,7});?|(commat|period|lowbar|hyphen|dash|num|plus|sol|colon);)/g;

/**
 * Named references that write a value's characters. `&amp;`, `&lt;`, `&nbsp;` and the like are
 * left: no value is written with them, and a decoded text costs a map of every unit.
 */
const NAMED: Record<string, string> = { commat: "@", period: ".", lowbar: "_", hyphen: "-", dash: "-", num: "#", plus: "+", sol: "/", colon: ":" };

/** JSON (and JavaScript) escapes: `\u0040`, a surrogate pair, `\n`, `\t`, `\r`, `\/`. */
const JSON_ESCAPE = /\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\([nrt/])/g;

const ESCAPED: Record<string, string> = { n: "\n", r: "\r", t: "\t", "/": "/" };

export function revealEvasions(norm: NormalizedText): NormalizedText {
  const text = norm.text;
  const ascii = Buffer.byteLength(text, "utf8") === text.length;
  if (ascii && !anchored(text)) return norm;
  const edits: Edit[] = [];
  if (!ascii) foreignDigits(text, edits);
  if (text.includes("&")) collect(ENTITY, text, edits, (m) => entityText(m));
  if (text.includes("\\")) collect(JSON_ESCAPE, text, edits, (m) => escapeText(m));
  const first = edits.length === 0 ? norm : applyEdits(norm, sortedDisjoint(edits));
  // Addresses read the text with entities and escapes already decoded (`&#91;at&#93;` is as
  // much an `[at]` as the plain one).
  const t = first.text;
  const later = addressEdits(t);
  if (t.includes("[") || t.includes("(")) defangedDigitDots(t, later);
  return later.length === 0 ? first : applyEdits(first, sortedDisjoint(later));
}

function collect(pattern: RegExp, text: string, edits: Edit[], replacement: (m: RegExpExecArray) => string | null): void {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const out = replacement(m);
    if (out !== null) edits.push({ start: m.index, end: m.index + m[0].length, text: out });
  }
}

function entityText(m: RegExpExecArray): string | null {
  if (m[3] !== undefined) return NAMED[m[3]]!;
  const cp = m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]);
  if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
  return foldDigit(String.fromCodePoint(cp));
}

function escapeText(m: RegExpExecArray): string | null {
  if (m[1] !== undefined) return foldDigit(String.fromCharCode(parseInt(m[1], 16), parseInt(m[2]!, 16)));
  if (m[3] !== undefined) {
    const unit = parseInt(m[3], 16);
    if (unit >= 0xd800 && unit <= 0xdfff) return null;
    return foldDigit(String.fromCharCode(unit));
  }
  return ESCAPED[m[4]!]!;
}

/** A decoded character that is a decimal digit of another script, as its ASCII digit. */
function foldDigit(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x80) return ch;
  const d = digitValue(cp);
  return d < 0 ? ch : String.fromCharCode(48 + d);
}

/** Values of BMP code points once asked: -2 not yet known, -1 no digit, else 0-9. Astral ones in a map. */
const bmpDigits = new Int8Array(0x10000).fill(-2);
const astralDigits = new Map<number, number>();
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * The value of a Unicode decimal digit (general category Nd), -1 for any other character. Nd
 * digits come in runs of ten from zero (some runs follow each other), so a digit's value is its
 * distance from the start of its run, modulo ten. Cached: a text of one script asks about ten
 * code points.
 */
export function digitValue(cp: number): number {
  if (cp >= 48 && cp <= 57) return cp - 48;
  if (cp < 0x660) return -1;
  let value = cp < 0x10000 ? bmpDigits[cp]! : (astralDigits.get(cp) ?? -2);
  if (value === -2) {
    value = -1;
    if (DECIMAL_DIGIT.test(String.fromCodePoint(cp))) {
      let start = cp;
      while (cp - start < 64 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
      value = (cp - start) % 10;
    }
    if (cp < 0x10000) bmpDigits[cp] = value;
    else if (astralDigits.size < 4096) astralDigits.set(cp, value);
  }
  return value;
}

/** Every decimal digit of another script (what NFKC left: not fullwidth ones) as an ASCII digit. */
function foreignDigits(text: string, edits: Edit[]): void {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x660) continue;
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const d = digitValue(cp);
    if (d >= 0) edits.push({ start: i, end: i + width, text: String.fromCharCode(48 + d) });
    i += width - 1;
  }
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

function sortedDisjoint(edits: Edit[]): Edit[] {
  edits.sort((a, b) => a.start - b.start);
  const out: Edit[] = [];
  let end = 0;
  for (const e of edits) {
    if (e.start < end) continue;
    out.push(e);
    end = e.end;
  }
  return out;
}

function isLocalChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 43 || c === 45 || c === 37;
}

function isLabelChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45;
}

/**
 * Addresses whose `@` or dots are written otherwise (`jane[at]mail[dot]com`, `jane.doe at mail
 * dot com`, `jane@mail[.]com`), as the edits that write them plainly. Only where the whole
 * forms an address: a local part, then at least two labels joined by dots, the last a common
 * TLD or a country code. A spelled ` at ` needs a spelled dot or a local part that is no plain
 * word ("works at google.com" is prose). Each at-form is read once, over a bounded stretch.
 */
function addressEdits(text: string): Edit[] {
  const out: Edit[] = [];
  let floor = 0;
  for (const at of atForms(text)) {
    if (at.start < floor) continue;
    let atStart = at.start;
    let atEnd = at.end;
    if (at.kind !== "plain") {
      const reach = at.kind === "spelled" ? 64 : 2;
      while (atStart > floor && at.start - atStart < reach && isBlank(text.charCodeAt(atStart - 1))) atStart--;
      while (atEnd < text.length && atEnd - at.end < reach && isBlank(text.charCodeAt(atEnd))) atEnd++;
    }
    let start = atStart;
    while (start > floor && atStart - start < 64 && isLocalChar(text.charCodeAt(start - 1))) start--;
    while (start < atStart && text.charCodeAt(start) === 46) start++;
    if (start === atStart) continue;
    const dots: Edit[] = [];
    let end = atEnd;
    let labels = 0;
    let lastLabel = "";
    while (labels < 8) {
      let labelEnd = end;
      while (labelEnd < text.length && labelEnd - end < 63 && isLabelChar(text.charCodeAt(labelEnd))) labelEnd++;
      if (labelEnd === end) break;
      labels++;
      lastLabel = text.slice(end, labelEnd);
      end = labelEnd;
      if (text.charCodeAt(end) === 46 && isLabelChar(text.charCodeAt(end + 1))) {
        end++;
        continue;
      }
      const dotEnd = dotFormEnd(text, end);
      if (dotEnd < 0 || !isLabelChar(text.charCodeAt(dotEnd))) break;
      dots.push({ start: end, end: dotEnd, text: "." });
      end = dotEnd;
    }
    // A plain `@` whose dots are all plain is no evasion: nothing to write.
    if (at.kind === "plain" && dots.length === 0) continue;
    const tld = lastLabel.toLowerCase();
    // A spelled address ends in a common TLD; one with brackets may end in any country code.
    if (labels < 2 || !(isBareTld(tld) || (at.kind !== "spelled" && /^[a-z]{2}$/.test(tld)))) continue;
    if (at.kind === "spelled" && dots.length === 0 && !/[._+%\d]/.test(text.slice(start, atStart))) continue;
    if (at.kind !== "plain") out.push({ start: atStart, end: atEnd, text: "@" });
    out.push(...dots);
    floor = end;
  }
  return out;
}

interface AtForm {
  readonly start: number;
  readonly end: number;
  readonly kind: "plain" | "bracketed" | "spelled";
}

/**
 * Every `@`, `[at]`-like form and spelled ` at ` of a text, in order. Found with one-unit
 * `indexOf` searches and one pattern that starts with a space, not one alternation of them all:
 * that, tried at every position, cost 7 µs per KB, these well under one.
 */
function atForms(text: string): AtForm[] {
  const out: AtForm[] = [];
  // A plain `@` matters only with its dots written otherwise: brackets, or a spelled dot.
  if (text.includes("[") || text.includes("(") || text.includes("{") || text.includes(" dot ") || text.includes(" DOT ") || text.includes(" Dot ")) {
    for (let p = text.indexOf("@"); p !== -1; p = text.indexOf("@", p + 1)) out.push({ start: p, end: p + 1, kind: "plain" });
  }
  for (const open of ["[", "(", "{"]) {
    for (let p = text.indexOf(open); p !== -1; p = text.indexOf(open, p + 1)) {
      const end = bracketed(text, p, AT_WORDS);
      if (end > 0) out.push({ start: p, end, kind: "bracketed" });
    }
  }
  // `test`, not `exec` or a multi-unit `indexOf` from each match: no match array per " at ".
  SPELLED_AT.lastIndex = 0;
  while (SPELLED_AT.test(text)) {
    if (labelThenDot(text, SPELLED_AT.lastIndex)) out.push({ start: SPELLED_AT.lastIndex - 3, end: SPELLED_AT.lastIndex - 1, kind: "spelled" });
  }
  return out.length > 1 ? out.sort((a, b) => a.start - b.start) : out;
}

const SPELLED_AT = / (?:at|AT|At) /g;

/**
 * Whether a label starts at `i` and a dot in some form follows it: what a spelled ` at ` needs
 * before it is worth reading ("at noon," is not). Plain loops: most ` at ` of prose end here.
 */
function labelThenDot(text: string, i: number): boolean {
  let j = i;
  while (j < text.length && j - i < 63 && isLabelChar(text.charCodeAt(j))) j++;
  if (j === i) return false;
  if (text.charCodeAt(j) === 46) return isLabelChar(text.charCodeAt(j + 1));
  return dotFormEnd(text, j) > 0;
}

/** The end of a dot written otherwise at `i` (`[dot]`, ` ( . ) `, ` dot `, blanks around it included), or -1. */
function dotFormEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && j - i < 2 && isBlank(text.charCodeAt(j))) j++;
  const c = text.charCodeAt(j);
  let end: number;
  if (c === 91 || c === 40 || c === 123) {
    end = bracketed(text, j, DOT_WORDS);
    if (end < 0) return -1;
  } else if (j > i && (text.startsWith("dot", j) || text.startsWith("DOT", j) || text.startsWith("Dot", j)) && isBlank(text.charCodeAt(j + 3))) {
    end = j + 3;
  } else return -1;
  const from = end;
  while (end < text.length && end - from < 2 && isBlank(text.charCodeAt(end))) end++;
  return end;
}

/** The end of a bracketed word of `words` opening at `open` (`[at]`, `( dot )`), or -1. */
function bracketed(text: string, open: number, words: readonly string[]): number {
  let i = open + 1;
  while (i < text.length && i - open <= 2 && isBlank(text.charCodeAt(i))) i++;
  // The words' first units (a, A, @; d, D, .): most brackets of prose end here.
  const first = text.charCodeAt(i);
  if (first !== words[0]!.charCodeAt(0) && first !== words[1]!.charCodeAt(0) && first !== words[3]!.charCodeAt(0)) return -1;
  let length = 0;
  for (const w of words) {
    if (text.startsWith(w, i)) {
      length = w.length;
      break;
    }
  }
  if (length === 0) return -1;
  i += length;
  const wordEnd = i;
  while (i < text.length && i - wordEnd < 2 && isBlank(text.charCodeAt(i))) i++;
  const c = text.charCodeAt(i);
  return c === 93 || c === 41 || c === 125 ? i + 1 : -1;
}

/** `81[.]2[.]69[.]160`: a bracketed dot between digits. */
function defangedDigitDots(text: string, out: Edit[]): void {
  for (const open of ["[", "("]) {
    for (let p = text.indexOf(open); p !== -1; p = text.indexOf(open, p + 1)) {
      if (!isDigit(text.charCodeAt(p - 1))) continue;
      const end = bracketed(text, p, DOT_WORDS);
      if (end > 0 && isDigit(text.charCodeAt(end))) out.push({ start: p, end, text: "." });
    }
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The text with each edit applied, its map composed with `base`'s so it still leads to the original. */
function applyEdits(base: NormalizedText, edits: readonly Edit[]): NormalizedText {
  const src = base.text;
  const parts: string[] = [];
  let length = src.length;
  for (const e of edits) length += e.text.length - (e.end - e.start);
  const starts = new Int32Array(length);
  const ends = new Int32Array(length);
  const baseStart = base.origStart;
  const baseEnd = base.origEnd;
  let out = 0;
  let copied = 0;
  // Units kept as they are carry their map over: copied from the base's, or the identity.
  const keep = (to: number) => {
    parts.push(src.slice(copied, to));
    if (baseStart && baseEnd) {
      starts.set(baseStart.subarray(copied, to), out);
      ends.set(baseEnd.subarray(copied, to), out);
      out += to - copied;
    } else {
      for (let k = copied; k < to; k++) {
        starts[out] = k;
        ends[out++] = k + 1;
      }
    }
  };
  for (const e of edits) {
    keep(e.start);
    parts.push(e.text);
    const from = baseStart ? baseStart[e.start]! : e.start;
    const to = baseEnd ? baseEnd[e.end - 1]! : e.end;
    for (let k = 0; k < e.text.length; k++) {
      starts[out] = from;
      ends[out++] = to;
    }
    copied = e.end;
  }
  keep(src.length);
  return { text: parts.join(""), origStart: starts, origEnd: ends };
}

/** How far back a stream's tail is read for an address still being written. */
const ADDRESS_REACH = 160;

/** An at-form whole, in the forms revealEvasions reads (before entities are decoded). */
const TAIL_AT_FORM = /@|[[({][ \t]{0,2}(?:at|AT|At|@)[ \t]{0,2}[\])}]|[ \t](?:at|AT|At)[ \t]|&#0*64;?|&#[xX]0*40;?|&commat;|\\u0040|%40/g;

/** A local part, a space and maybe the beginning of an at-form, at the end: `jane.doe [`, `jane.doe (a`, `jane.doe AT`. */
const LOCAL_THEN_PARTIAL_AT = /[A-Za-z0-9._%+'-]{1,64}[ \t]{1,2}(?:[[({][ \t]{0,2}(?:a|at|A|AT|At|@)?[ \t]{0,2}|a|at|A|AT|At)?$/;

/** The beginning of a dot-form at the end of a domain: `[`, `(do`, ` d`, ` DOT`. */
const PARTIAL_DOT_FORM = /^(?:[ \t]{0,2}[[({][ \t]{0,2}(?:d|do|dot|D|DO|DOT|Do|Dot|\.)?[ \t]{0,2}|[ \t]{1,2}(?:d|do|dot|D|DO|DOT|Do|Dot)?[ \t]?)$/;

/** A local part that is no plain word: it has a dot, `_`, `+` or a digit. */
const MARKED_LOCAL = /[._+\d]/;

/**
 * For streams: where the end of `tail` could still become an address written with a spaced or
 * spelled `at` (`jane.doe [at] mail [dot] c`, `jane.doe (a`), as the start of its local part;
 * -1 when it cannot. An address without spaces is held by the stream's unfinished last word.
 * A local part of letters alone is held from its at-form on, not before: holding every word of
 * prose in case an `[at]` follows would hold all prose.
 */
export function openAddressStart(tail: string): number {
  const offset = Math.max(0, tail.length - ADDRESS_REACH);
  const text = offset === 0 ? tail : tail.slice(offset);
  // An at-form with a domain still forming after it.
  let best = -1;
  TAIL_AT_FORM.lastIndex = 0;
  for (let m = TAIL_AT_FORM.exec(text); m !== null; m = TAIL_AT_FORM.exec(text)) {
    let after = m.index + m[0].length;
    while (after < text.length && isBlank(text.charCodeAt(after)) && after - (m.index + m[0].length) < 2) after++;
    if (!domainSoFar(text, after)) continue;
    let start = m.index;
    while (start > 0 && isBlank(text.charCodeAt(start - 1)) && m.index - start < 2) start--;
    const localEnd = start;
    while (start > 0 && localEnd - start < 64 && isLocalChar(text.charCodeAt(start - 1))) start--;
    if (start < localEnd) {
      best = start;
      break;
    }
  }
  if (best >= 0) return offset + best;
  // A marked local part, then a space and maybe the beginning of an at-form.
  const local = LOCAL_THEN_PARTIAL_AT.exec(text);
  if (local === null) return -1;
  let end = local.index;
  while (isLocalChar(text.charCodeAt(end))) end++;
  return MARKED_LOCAL.test(text.slice(local.index, end)) ? offset + local.index : -1;
}

/** Whether `text` from `from` on could still be (the beginning of) a domain, its dots written in any form. */
function domainSoFar(text: string, from: number): boolean {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (isLabelChar(c) || c === 46) {
      i++;
      continue;
    }
    const dotEnd = dotFormEnd(text, i);
    if (dotEnd > 0) {
      i = dotEnd;
      continue;
    }
    return PARTIAL_DOT_FORM.test(text.slice(i));
  }
  return true;
}
