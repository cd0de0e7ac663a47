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
 * or a non-ASCII character is returned as it is after one native scan.
 */
import { isBareTld } from "./urls.ts";
import type { NormalizedText } from "./normalize.ts";

/** A replacement of the units [start, end) of a text. */
interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Anything that may start an evasive form in ASCII text. */
const ANCHOR = /[[({&\\]|[ \t](?:at|AT|At)[ \t]/;

/**
 * Where an address's `@` may be written otherwise: `@` itself (its dots may be), `[at]`, `( at )`,
 * `{@}`, a spelled ` at `. Starts with a character class: a pattern starting with optional
 * spaces is tried at every position.
 */
const AT_FORM = /@|[[({][ \t]{0,2}(?:at|AT|At|@)[ \t]{0,2}[\])}]|[ \t](?:at|AT|At)[ \t]/g;

/** A dot of a domain written otherwise: `[dot]`, `( . )`, `{dot}` (blanks around go with it), a spelled ` dot `. */
const DOT_FORM = /^(?:[ \t]{0,2}[[({][ \t]{0,2}(?:dot|DOT|Dot|\.)[ \t]{0,2}[\])}][ \t]{0,2}|[ \t]+(?:dot|DOT|Dot)[ \t]+)/;

/** A defanged dot between digits (`81[.]2[.]69[.]160`). */
const DIGIT_DOT = /[[(](?:\.|dot)[\])]/g;

/** HTML character references: numeric ones (`;` optional, as browsers read them) and the named ones that spell an address or a number. */
const ENTITY = /&(?:#[xX]([0-9a-fA-F]{1,6});?|#(\d{1,7});?|(commat|period|lowbar|hyphen|dash|num|plus|sol|colon|amp|nbsp);)/g;

const NAMED: Record<string, string> = { commat: "@", period: ".", lowbar: "_", hyphen: "-", dash: "-", num: "#", plus: "+", sol: "/", colon: ":", amp: "&", nbsp: " " };

/** JSON (and JavaScript) escapes: `\u0040`, a surrogate pair, `\n`, `\t`, `\r`, `\/`. */
const JSON_ESCAPE = /\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\([nrt/])/g;

const ESCAPED: Record<string, string> = { n: "\n", r: "\r", t: "\t", "/": "/" };

export function revealEvasions(norm: NormalizedText): NormalizedText {
  const text = norm.text;
  const ascii = Buffer.byteLength(text, "utf8") === text.length;
  if (ascii && !ANCHOR.test(text)) return norm;
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

const digitValues = new Map<number, number>();
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
  let value = digitValues.get(cp);
  if (value === undefined) {
    value = -1;
    if (DECIMAL_DIGIT.test(String.fromCodePoint(cp))) {
      let start = cp;
      while (start - cp < 64 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
      value = (cp - start) % 10;
    }
    if (digitValues.size < 4096) digitValues.set(cp, value);
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
  AT_FORM.lastIndex = 0;
  let floor = 0;
  for (let m = AT_FORM.exec(text); m !== null; m = AT_FORM.exec(text)) {
    const form = m[0];
    const plain = form === "@";
    const spelled = !plain && (form.charCodeAt(0) === 32 || form.charCodeAt(0) === 9);
    let atStart = m.index;
    let atEnd = m.index + form.length;
    if (spelled) {
      while (atStart > floor && isBlank(text.charCodeAt(atStart - 1))) atStart--;
      while (atEnd < text.length && isBlank(text.charCodeAt(atEnd))) atEnd++;
    } else if (!plain) {
      while (atStart > floor && atStart > m.index - 2 && isBlank(text.charCodeAt(atStart - 1))) atStart--;
      while (atEnd < text.length && atEnd < m.index + form.length + 2 && isBlank(text.charCodeAt(atEnd))) atEnd++;
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
      const dot = DOT_FORM.exec(text.slice(end, end + 16));
      if (dot === null || !isLabelChar(text.charCodeAt(end + dot[0].length))) break;
      dots.push({ start: end, end: end + dot[0].length, text: "." });
      end += dot[0].length;
    }
    const tld = lastLabel.toLowerCase();
    // A spelled address ends in a common TLD; one with brackets may end in any country code.
    if (labels < 2 || !(isBareTld(tld) || (!spelled && /^[a-z]{2}$/.test(tld)))) continue;
    if (spelled && dots.length === 0 && !/[._+%\d]/.test(text.slice(start, atStart))) continue;
    if (!plain) out.push({ start: atStart, end: atEnd, text: "@" });
    out.push(...dots);
    floor = end;
    AT_FORM.lastIndex = end;
  }
  return out;
}

function defangedDigitDots(text: string, out: Edit[]): void {
  DIGIT_DOT.lastIndex = 0;
  for (let m = DIGIT_DOT.exec(text); m !== null; m = DIGIT_DOT.exec(text)) {
    const end = m.index + m[0].length;
    if (isDigit(text.charCodeAt(m.index - 1)) && isDigit(text.charCodeAt(end))) out.push({ start: m.index, end, text: "." });
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
  const origStartOf = (k: number) => (baseStart ? baseStart[k]! : k);
  const origEndOf = (k: number) => (baseEnd ? baseEnd[k]! : k + 1);
  let out = 0;
  let copied = 0;
  const keep = (to: number) => {
    parts.push(src.slice(copied, to));
    for (let k = copied; k < to; k++) {
      starts[out] = origStartOf(k);
      ends[out++] = origEndOf(k);
    }
  };
  for (const e of edits) {
    keep(e.start);
    parts.push(e.text);
    const from = origStartOf(e.start);
    const to = origEndOf(e.end - 1);
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
    const dot = DOT_FORM.exec(text.slice(i, i + 16));
    if (dot !== null) {
      i += dot[0].length;
      continue;
    }
    return PARTIAL_DOT_FORM.test(text.slice(i));
  }
  return true;
}
