/**
 * DATE_TIME: numeric dates in the common orders (ISO, m/d/y, d/m/y, d.m.y, y/m/d) that exist in
 * the calendar, with optional times; written English dates ("March 3rd, 2020", "3 March 2020",
 * "Mar 3", "March 2020"); weekdays; years after a word that introduces one ("in 1977", "since
 * 2001"); clock times; and relative expressions ("yesterday", "3 days ago", "next Monday").
 */
import { isAsciiDigit, isAsciiLetter } from "../../text/chars.ts";
import { dateExists } from "../checksums.ts";
import { FLAGS } from "../ner/flags.ts";
import { hashWord, wordHashes } from "../ner/hash.ts";
import { HashTable } from "../ner/hash-table.ts";
import { flagsAt, Gap, Shape, type Tokens } from "../ner/tokens.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";
import { both, digitRunOf, flagged, ShapeFlag } from "../text-shape.ts";

const MONTHS: Record<string, number> = {
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
  jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
/** Capitalised (or all capitals) only: "may" and "march" are also verbs. */
const MONTH = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|JANUARY|FEBRUARY|MARCH|APRIL|MAY|JUNE|JULY|AUGUST|SEPTEMBER|OCTOBER|NOVEMBER|DECEMBER|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)`;
const DAY = String.raw`(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?`;
const YEAR = String.raw`(?:1[0-9]\d{2}|2[0-9]\d{2})`;
const TIME = String.raw`(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:[.,]\d{1,9})?)?(?:\s?[aApP](?:\.[mM]\.?|[mM]))?(?:\s?(?:Z|UTC|GMT|[+-]\d{2}:?\d{2}))?`;

function year4(y: string): number {
  const n = Number(y);
  return y.length === 2 ? (n < 50 ? 2000 + n : 1900 + n) : n;
}

/** m/d/y or d/m/y, whichever exists. */
function numericDateValid(value: string): boolean {
  const m = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})/.exec(value);
  if (!m) return false;
  const [, a, b, c] = m as unknown as [string, string, string, string];
  if (a.length === 4) return dateExists(Number(a), Number(b), Number(c));
  if (c.length !== 4 && c.length !== 2) return false;
  const y = year4(c);
  return dateExists(y, Number(a), Number(b)) || dateExists(y, Number(b), Number(a));
}

/**
 * The month name, day and year of a written date (the pattern has placed them; an ordinal
 * suffix is not a word), and whether that day exists. One pass over the value: the version
 * with a `replace` and three regular expressions cost a microsecond per date.
 */
function writtenDateValid(value: string): boolean {
  let month = "";
  let day = 0;
  let year = 0;
  for (let i = 0; i < value.length; ) {
    const start = i;
    const c = value.charCodeAt(i);
    if (isAsciiDigit(c)) {
      while (i < value.length && isAsciiDigit(value.charCodeAt(i))) i++;
      const n = Number(value.slice(start, i));
      if (i - start === 4) year ||= n;
      else if (i - start <= 2 && day === 0) day = n;
      while (i < value.length && isAsciiLetter(value.charCodeAt(i))) i++; // "rd" of "3rd"
    } else if (isAsciiLetter(c)) {
      while (i < value.length && isAsciiLetter(value.charCodeAt(i))) i++;
      if (!month) {
        const word = value.slice(start, i).toLowerCase();
        if (MONTHS[word]) month = word; // not "of", "at", "am"
      }
    } else i++;
  }
  const monthNo = MONTHS[month];
  if (!monthNo) return false;
  if (day === 0) return true;
  return dateExists(year || 2000, monthNo, day);
}

const TIER3 = { tier: 3 as const, priority: 75 };
const TIER2 = { tier: 2 as const, priority: 65 };

const isoDateTime = regexRecognizer({
  needsDigit: true,
  entity: "DATE_TIME",
  ...TIER3,
  gate: both(digitRunOf(4), flagged(ShapeFlag.SEPARATED_DIGITS)),
  pattern: new RegExp(String.raw`\b\d{4}-\d{2}-\d{2}(?:[T ]${TIME})?\b`, "g"),
  boundary: "name",
  validateValue: numericDateValid,
});

const numericDate = regexRecognizer({
  needsDigit: true,
  entity: "DATE_TIME",
  ...TIER3,
  gate: flagged(ShapeFlag.SEPARATED_DIGITS),
  pattern: new RegExp(String.raw`\b(?:\d{1,2}([/.-])\d{1,2}\1(?:\d{4}|\d{2})|\d{4}([/.])\d{1,2}\2\d{1,2})(?:,?\s(?:at\s)?${TIME})?\b`, "g"),
  boundary: "name",
  validateValue: numericDateValid,
});

const writtenDatePattern = regexRecognizer({
  needsDigit: true,
  entity: "DATE_TIME",
  ...TIER3,
  pattern: new RegExp(
    String.raw`\b(?:${MONTH}\s${DAY}(?:,?\s${YEAR})?|${DAY}\s(?:of\s)?${MONTH}(?:,?\s${YEAR})?|${MONTH},?\s${YEAR})(?:,?\s(?:at\s)?${TIME})?(?![A-Za-z\d])`,
    "g",
  ),
  boundary: "none",
  validateValue: writtenDateValid,
});

/** A written date has a capitalised month name: texts without one skip the long alternation. */
const writtenDate: Recognizer = {
  ...writtenDatePattern,
  find(ctx, emit) {
    if (ctx.hasDigit() && hasMonthName(ctx.tokens())) writtenDatePattern.find(ctx, emit);
  },
};

function hasMonthName(t: Tokens): boolean {
  for (let i = 0; i < t.count; i++) {
    const shape = t.shape[i]!;
    if ((shape === Shape.CAP || shape === Shape.CAPS) && WORD_CLASS.get(t.hash[i]!) & IS_MONTH) return true;
  }
  return false;
}

/**
 * Word-based dates ("in March", "Tuesday", "since 1977", "3 days ago", "yesterday") in one pass
 * over the scan's shared tokens, with one hash lookup per word: one case-insensitive alternation
 * of introducing words tried at every word cost 40 µs per KB, and one pass per kind of date
 * word still showed up in profiles.
 */
/** Word classes. */
const IS_WEEKDAY = 1;
const IS_MONTH = 2;
const IS_DAY = 4;
const IS_UNIT = 8;
const IS_CLOCK_WORD = 16;

const classified = (words: string, bit: number) => words.split(/\s+/).filter(Boolean).map((w) => [hashWord(w), bit] as const);
const CLASSIFIED = [
  ...classified("monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays", IS_WEEKDAY),
  ...classified("january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec", IS_MONTH),
  ...classified("yesterday tomorrow", IS_DAY),
  ...classified("noon midnight", IS_CLOCK_WORD),
  ...classified("second seconds minute minutes hour hours day days week weeks weekend weekends fortnight fortnights month months year years decade decades quarter quarters", IS_UNIT),
];
/** Every token is looked up here: a small typed table, not a `Map`. */
const WORD_CLASS = HashTable.from(CLASSIFIED, CLASSIFIED.length);

const MONTH_INTRO = wordHashes("in since until till by during early late mid last next this every through before after from of");
const YEAR_INTRO = wordHashes("in since from until till to by of year circa c around about during before after between and early late mid the a founded born established built released published dated est");
const DIRECTION = wordHashes("last next this coming past previous");
const COUNTS = wordHashes("a an one two three four five six seven eight nine ten eleven twelve several");
const FEW = wordHashes("few couple");
const ARTICLE_A = hashWord("a");
const OF = hashWord("of");
const IN_WITHIN = wordHashes("in within");
const AFTER_UNIT = wordHashes("ago later earlier");
const FROM = hashWord("from");
const NOW = hashWord("now");

/** Token j follows token j - 1 on the same line with only spaces between. */
function adjacent(t: Tokens, j: number): boolean {
  return j > 0 && t.gap[j] === Gap.SPACE;
}

/** text[start, end) is a year 1500-2099, or its decade ("1990s"). Every 4-digit token is asked. */
function isYearOrDecade(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length === 5 && text.charCodeAt(end - 1) !== 115) return false; // "s"
  if (length !== 4 && length !== 5) return false;
  for (let k = start; k < start + 4; k++) if (!isAsciiDigit(text.charCodeAt(k))) return false;
  const century = (text.charCodeAt(start) - 48) * 10 + (text.charCodeAt(start + 1) - 48);
  return century >= 15 && century <= 20;
}

/** Years (1500-2099) and decades after an introducing word; not a house number before a street. */
function isYear(t: Tokens, text: string, i: number): boolean {
  if (!isYearOrDecade(text, t.start[i]!, t.end[i]!)) return false;
  if (!adjacent(t, i) || !YEAR_INTRO.has(t.hash[i - 1]!)) return false;
  const next = i + 1;
  if (next < t.count && adjacent(t, next)) {
    if (t.shape[next] === Shape.DIGITS) return false;
    if (t.shape[next] === Shape.CAP && next + 1 < t.count && flagsAt(t, next + 1) & FLAGS.STREET_SUFFIX) return false;
  }
  return true;
}

/** "3 days ago", "a few months ago", "in two weeks", "next week": the span around unit token i, or null. */
function relativeSpan(t: Tokens, text: string, i: number): [number, number] | null {
  if (i === 0 || !adjacent(t, i)) return null;
  const prev = t.hash[i - 1]!;
  const plural = text.charCodeAt(t.end[i]! - 1) === 115; // "s"
  if (DIRECTION.has(prev) && !plural) return [t.start[i - 1]!, t.end[i]!];
  let first = i - 1;
  const isCount = COUNTS.has(prev) || (t.shape[first] === Shape.DIGITS && t.end[first]! - t.start[first]! <= 3);
  if (!isCount && !(prev === OF && first > 0 && FEW.has(t.hash[first - 1]!)) && !FEW.has(prev)) return null;
  if (prev === OF) first--;
  if (FEW.has(t.hash[first]!) && first > 0 && t.hash[first - 1] === ARTICLE_A) first--;
  const next = i + 1;
  if (next < t.count && adjacent(t, next) && AFTER_UNIT.has(t.hash[next]!)) return [t.start[first]!, t.end[next]!];
  if (next + 1 < t.count && t.hash[next] === FROM && t.hash[next + 1] === NOW) return [t.start[first]!, t.end[next + 1]!];
  if (first > 0 && IN_WITHIN.has(t.hash[first - 1]!)) return [t.start[first - 1]!, t.end[i]!];
  return null;
}

const dateWords: Recognizer = {
  entity: "DATE_TIME",
  ...TIER2,
  readsTokens: true,
  find(ctx, emit) {
    const t = ctx.tokens();
    const text = ctx.text;
    for (let i = 0; i < t.count; i++) {
      const shape = t.shape[i]!;
      if (shape === Shape.DIGITS || shape === Shape.ALNUM) {
        const len = t.end[i]! - t.start[i]!;
        if ((len === 4 || len === 5) && i > 0 && isYear(t, text, i)) emit(t.start[i]!, t.end[i]!);
        continue;
      }
      const c = WORD_CLASS.get(t.hash[i]!);
      if (c === 0) continue;
      if (c & (IS_WEEKDAY | IS_DAY | IS_CLOCK_WORD)) emit(t.start[i]!, t.end[i]!);
      // A month alone needs a word that makes it a date ("in March"), and a capital: "may" is a verb.
      else if (c & IS_MONTH && (shape === Shape.CAP || shape === Shape.CAPS) && adjacent(t, i) && MONTH_INTRO.has(t.hash[i - 1]!)) emit(t.start[i]!, t.end[i]!);
      else if (c & IS_UNIT) {
        const span = relativeSpan(t, text, i);
        if (span) emit(span[0], span[1]);
      }
    }
  },
};

/** A clock time that says am/pm or has seconds needs no introducing word. */
const AM_PM_OR_SECONDS = /[aApP]\.?[mM]|:\d\d:/;

const TIME_INTRO = new Set(["at", "by", "from", "until", "till", "to", "around", "before", "after", "between", "@"]);

/** The word right before `at`, skipping spaces, lower case ("" at the start of the text). */
function wordBefore(text: string, at: number): string {
  let end = at;
  while (end > 0 && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  let start = end;
  while (start > 0 && end - start < 12 && (isAsciiLetter(text.charCodeAt(start - 1)) || text.charCodeAt(start - 1) === 64)) start--;
  return text.slice(start, end).toLowerCase();
}

/**
 * hh:mm after an introducing word; hh:mm:ss; 9am, 10:30 p.m. (Noon and midnight are date
 * words.) Case is spelled out rather than asked of the engine: a case-insensitive pattern scans
 * several times slower.
 */
const clockTimePattern = regexRecognizer({
  needsDigit: true,
  entity: "DATE_TIME",
  ...TIER2,
  pattern: /\b(?:(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s?[aApP](?:\.[mM]\b\.?|[mM]\b))?|(?:1[0-2]|0?[1-9])\s?[aApP](?:\.[mM]\b\.?|[mM]\b))/g,
  boundary: "none",
});
const clockTime: Recognizer = {
  ...clockTimePattern,
  find(ctx, emit) {
    clockTimePattern.find(ctx, (start, end) => {
      if (AM_PM_OR_SECONDS.test(ctx.text.slice(start, end)) || TIME_INTRO.has(wordBefore(ctx.text, start))) emit(start, end);
    });
  },
};

export const dateTimeRecognizers: readonly Recognizer[] = [dateWords, isoDateTime, numericDate, writtenDate, clockTime];
