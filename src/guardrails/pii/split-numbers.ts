/**
 * Identifiers whose digit groups are split by what the digit-group recogniser
 * (number-recognizer.ts: one space, `-`, `.` or `/` per number, as each format allows) does not
 * read: dots, underscores, slashes, line breaks and table cells (`4111.1111.1111.1111`,
 * `5555_5555_5555_4444`, a group per line, `| 3782 | 822463 | 10005 |`, one group per table
 * row), a digit at a time (`4 2 4 2 ...`), or a number run into words of scripts that write
 * without spaces. A model reads each as the value; only a check digit tells a value from a row
 * of figures, so only checksummed formats are read this way: cards (Luhn and the issuer's
 * prefix and length), NHS numbers (mod 11, next to their cue), and, with no check digit, SSNs in
 * the 3-2-4 shape under the SSA's rules (slashes alone; dots and underscores next to a cue),
 * phone numbers only after `+`. IBANs in any case and with any such separator: `ibanSplit`.
 *
 * One pass over the runs of digits; each run is joined to the next when a separator of at most
 * eight characters stands between them, and a candidate is a stretch of runs joined by one kind
 * of separator, whole: linear in the text.
 */
import { hasContext } from "../text/context.ts";
import { ibanValid, luhnValid, nhsValid } from "./checksums.ts";
import type { Emit, Recognizer } from "./recognizer.ts";
import type { ScanContext } from "./scan-context.ts";
import { cardIssuerValid, IBAN_LENGTHS } from "./regions/global.ts";
import { NHS_CONTEXT } from "./regions/uk.ts";
import { ssnValid } from "./regions/us.ts";

const SSN_CONTEXT = ["ssn", "ssns", "social security", "social security number", "ss#", "ssn#", "social sec"];

/** Card group shapes (group lengths) other than one digit at a time. */
const CARD_SHAPES = new Set(["4-4-4-1", "4-4-4-2", "4-4-4-3", "4-4-4-4", "4-4-4-4-1", "4-4-4-4-2", "4-4-4-4-3", "4-6-5", "4-6-4"]);

const MAX_SEPARATOR = 8;
/** Digits of the longest value read here (a card of 19). */
const MAX_DIGITS = 19;

/**
 * The kind of a separator between two digit runs: its characters without blanks (`|`, `.`,
 * `_`, `/`, `-`, a line break, `|` + line break + `|` of a table's rows), "" for blanks alone;
 * null when the text between is no separator.
 */
function separatorKind(text: string, from: number, to: number): string | null {
  if (to - from > MAX_SEPARATOR || to === from) return null;
  let kind = "";
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) continue;
    if (c === 13) continue;
    if (c === 124 || c === 46 || c === 95 || c === 47 || c === 45 || c === 10) kind += text[i];
    else return null;
  }
  return kind === "" || kind === "|" || kind === "." || kind === "_" || kind === "/" || kind === "-" || kind === "\n" || kind === "|\n|" ? kind : null;
}

function isAsciiAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * Nothing joins the value to more of a word or a number: no ASCII letter or digit beside it, and
 * no `-`, `.`, `_`, `/`, `,` or `:` between it and one. Other scripts may touch it (Japanese
 * writes numbers inside its words).
 */
function alone(text: string, start: number, end: number): boolean {
  const before = start > 0 ? text.charCodeAt(start - 1) : 32;
  const after = end < text.length ? text.charCodeAt(end) : 32;
  if (isAsciiAlnum(before) || isAsciiAlnum(after)) return false;
  if (isJoiner(before) && start > 1 && isAsciiAlnum(text.charCodeAt(start - 2))) return false;
  if (isJoiner(after) && end + 1 < text.length && isAsciiAlnum(text.charCodeAt(end + 1))) return false;
  return true;
}

function isJoiner(c: number): boolean {
  return c === 45 || c === 46 || c === 95 || c === 47 || c === 44 || c === 58;
}

/** One candidate: runs [first, last] of the scan, joined by `kind`. */
function judge(text: string, runs: readonly number[], first: number, last: number, kind: string, emit: Emit): void {
  const start = runs[2 * first]!;
  const end = runs[2 * last + 1]!;
  if (!alone(text, start, end)) return;
  let digits = "";
  let shape = "";
  let ones = true;
  for (let k = first; k <= last; k++) {
    const len = runs[2 * k + 1]! - runs[2 * k]!;
    digits += text.slice(runs[2 * k]!, runs[2 * k + 1]!);
    shape += (k > first ? "-" : "") + len;
    ones &&= len === 1;
  }
  const n = digits.length;
  const groups = last - first + 1;
  // Cards: whole (run into other words), in the issuer's groups, or a digit at a time.
  if (n >= 13 && n <= MAX_DIGITS && (groups === 1 || (kind !== "" && kind !== "-" && CARD_SHAPES.has(shape)) || (ones && groups === n)) && luhnValid(digits) && cardIssuerValid(digits)) {
    emit(start, end, "CREDIT_CARD", 3, 90);
    return;
  }
  if (groups !== 3 || kind === "" || kind === "-") return;
  if (shape === "3-2-4" && ssnValid(digits) && (kind === "/" || ((kind === "." || kind === "_") && hasContext(text, start, SSN_CONTEXT, 48)))) {
    emit(start, end, "US_SSN", 3, 85);
    return;
  }
  if (shape === "3-3-4" && nhsValid(digits) && hasContext(text, start, NHS_CONTEXT, 48)) emit(start, end, "UK_NHS", 2, 80);
}

/** `+44_20_7946_0958`, `+1/415/555/0132`: a signed number in groups split by `_`, `/` or `|`. */
function signedPhone(text: string, runs: readonly number[], first: number, last: number, kind: string, emit: Emit): void {
  if (kind !== "_" && kind !== "/" && kind !== "|") return;
  const start = runs[2 * first]!;
  if (start === 0 || text.charCodeAt(start - 1) !== 43) return;
  let n = 0;
  for (let k = first; k <= last; k++) n += runs[2 * k + 1]! - runs[2 * k]!;
  if (n < 8 || n > 15 || !alone(text, start - 1, runs[2 * last + 1]!)) return;
  emit(start - 1, runs[2 * last + 1]!, "PHONE_NUMBER", 1, 40);
}

const DIGIT = /\d/g;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export const splitNumberRecognizer: Recognizer = {
  entity: "CREDIT_CARD",
  entities: ["CREDIT_CARD", "US_SSN", "UK_NHS", "PHONE_NUMBER"],
  tier: 3,
  priority: 50,
  find(ctx: ScanContext, emit: Emit) {
    if (!ctx.hasDigit()) return;
    const text = ctx.text;
    // The runs of one chain (start, end, start, end, ...) and the kind of separator before each.
    const runs: number[] = [];
    const kinds: (string | null)[] = [];
    const flush = () => {
      const count = runs.length / 2;
      // Stretches of one separator kind, whole (a stretch ends where the kind changes, and the
      // run there may begin the next); then runs long enough to be a value alone.
      const stretch = (first: number, last: number) => {
        const kind = kinds[first + 1]!;
        judge(text, runs, first, last, kind, emit);
        signedPhone(text, runs, first, last, kind, emit);
      };
      let from = 0;
      for (let k = 1; k < count; k++) {
        if (k > from + 1 && kinds[k] !== kinds[from + 1]) {
          stretch(from, k - 1);
          from = k - 1;
        }
      }
      if (count - 1 > from) stretch(from, count - 1);
      for (let k = 0; k < count; k++) {
        const len = runs[2 * k + 1]! - runs[2 * k]!;
        if (len >= 13 && len <= MAX_DIGITS) judge(text, runs, k, k, "", emit);
      }
      runs.length = 0;
      kinds.length = 0;
    };
    // `test` finds each run's first digit without a match array; the run is read on in code.
    DIGIT.lastIndex = 0;
    let digitsInChain = 0;
    while (DIGIT.test(text)) {
      const start = DIGIT.lastIndex - 1;
      let end = DIGIT.lastIndex;
      while (end < text.length && isDigit(text.charCodeAt(end))) end++;
      DIGIT.lastIndex = end;
      const kind = runs.length === 0 ? null : separatorKind(text, runs[runs.length - 1]!, start);
      if (kind === null || digitsInChain > 4 * MAX_DIGITS) {
        if (runs.length > 0) flush();
        digitsInChain = 0;
      }
      kinds.push(runs.length === 0 ? null : kind);
      runs.push(start, end);
      digitsInChain += end - start;
    }
    if (runs.length > 0) flush();
  },
};

const IBAN_START = /\b[A-Za-z]{2}\d{2}/g;

/**
 * IBANs in any case (`de89 3704 0044 0532 0130 00`, `gb82west12345698765432`) and in groups of
 * four split by any one separator kind above (`NL91.ABNA.0417.1643.00`, a group per line):
 * the country's length and the mod-97 check decide. Read from each `XX00` start in the
 * stretches near digits, at most the country's length ahead.
 */
export const ibanSplit: Recognizer = {
  entity: "IBAN_CODE",
  tier: 3,
  priority: 90,
  find(ctx: ScanContext, emit: Emit) {
    if (!ctx.hasDigit()) return;
    const text = ctx.text;
    const regions = ctx.digitRegions();
    for (let r = 0; r < regions.length; r += 2) {
      const to = regions[r + 1]!;
      IBAN_START.lastIndex = regions[r]!;
      for (let m = IBAN_START.exec(text); m !== null && m.index < to; m = IBAN_START.exec(text)) {
        const end = ibanEnd(text, m.index);
        if (end > 0) {
          emit(m.index, end);
          IBAN_START.lastIndex = end;
        }
      }
    }
  },
};

/** Where the IBAN starting at `start` ends, or -1 when none does. */
function ibanEnd(text: string, start: number): number {
  const length = IBAN_LENGTHS[text.slice(start, start + 2).toUpperCase()];
  if (length === undefined) return -1;
  let compact = text.slice(start, start + 4);
  let i = start + 4;
  let group = 4;
  let kind: string | null = null;
  while (compact.length < length && i < text.length) {
    const c = text.charCodeAt(i);
    if (isAsciiAlnum(c)) {
      if (kind !== null && group === 4) return -1;
      compact += text[i];
      group++;
      i++;
      continue;
    }
    if (group !== 4) return -1;
    let j = i;
    while (j < text.length && j - i <= MAX_SEPARATOR && !isAsciiAlnum(text.charCodeAt(j))) j++;
    const k = separatorKind(text, i, j);
    if (k === null || (kind !== null && k !== kind)) return -1;
    kind = k;
    group = 0;
    i = j;
  }
  if (compact.length !== length || (i < text.length && isAsciiAlnum(text.charCodeAt(i)))) return -1;
  return ibanValid(compact.toUpperCase()) ? i : -1;
}
