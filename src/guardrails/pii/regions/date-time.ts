/**
 * DATE_TIME: numeric dates in the common orders (ISO, m/d/y, d/m/y, d.m.y, y/m/d) that exist in
 * the calendar, with optional times; written English dates ("March 3rd, 2020", "3 March 2020",
 * "Mar 3", "March 2020"); weekdays; years after a word that introduces one ("in 1977", "since
 * 2001"); clock times; and relative expressions ("yesterday", "3 days ago", "next Monday").
 */
import { dateExists } from "../checksums.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";

const MONTHS: Record<string, number> = {
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
  jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
/** Capitalised (or all capitals) only: "may" and "march" are also verbs. */
const MONTH = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|JANUARY|FEBRUARY|MARCH|APRIL|MAY|JUNE|JULY|AUGUST|SEPTEMBER|OCTOBER|NOVEMBER|DECEMBER|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)`;
const DAY = String.raw`(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?`;
const YEAR = String.raw`(?:1[0-9]\d{2}|2[0-9]\d{2})`;
const TIME = String.raw`(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:\s?(?:[aApP]\.?[mM]\.?))?(?:\s?(?:Z|UTC|GMT|[+-]\d{2}:?\d{2}))?`;

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

function writtenDateValid(value: string): boolean {
  const month = /[A-Za-z]+/.exec(value.replace(/(?:st|nd|rd|th)\b/g, ""))?.[0]?.toLowerCase();
  const day = /\b(\d{1,2})(?:st|nd|rd|th)?\b/.exec(value)?.[1];
  const year = /\b(\d{4})\b/.exec(value)?.[1];
  const monthNo = month ? MONTHS[month] : undefined;
  if (!monthNo) return false;
  if (!day) return true;
  return dateExists(year ? Number(year) : 2000, monthNo, Number(day));
}

const TIER3 = { tier: 3 as const, priority: 75 };
const TIER2 = { tier: 2 as const, priority: 65 };

const isoDateTime = regexRecognizer({
  entity: "DATE_TIME",
  ...TIER3,
  pattern: new RegExp(String.raw`\b\d{4}-\d{2}-\d{2}(?:[T ]${TIME})?\b`, "g"),
  boundary: "number",
  validate: (_c, v) => numericDateValid(v),
});

const numericDate = regexRecognizer({
  entity: "DATE_TIME",
  ...TIER3,
  pattern: new RegExp(String.raw`\b(?:\d{1,2}([/.-])\d{1,2}\1(?:\d{4}|\d{2})|\d{4}([/.])\d{1,2}\2\d{1,2})(?:,?\s(?:at\s)?${TIME})?\b`, "g"),
  boundary: "number",
  validate: (_c, v) => numericDateValid(v),
});

const writtenDate = regexRecognizer({
  entity: "DATE_TIME",
  ...TIER3,
  pattern: new RegExp(
    String.raw`\b(?:${MONTH}\s${DAY}(?:,?\s${YEAR})?|${DAY}\s(?:of\s)?${MONTH}(?:,?\s${YEAR})?|${MONTH},?\s${YEAR})(?:,?\s(?:at\s)?${TIME})?(?![\p{L}\d])`,
    "gu",
  ),
  boundary: "none",
  validate: (_c, v) => writtenDateValid(v),
});

/** A month alone needs a word that makes it a date: "in March", "early June". */
const monthAlone = regexRecognizer({
  entity: "DATE_TIME",
  ...TIER2,
  pattern: new RegExp(String.raw`\b(?:in|since|until|till|by|during|early|late|mid|last|next|this|every|through|before|after|from|of)\s(${MONTH})(?![\p{L}\d])`, "gdu"),
  group: 1,
  boundary: "none",
});

const weekday = regexRecognizer({
  entity: "DATE_TIME",
  ...TIER2,
  pattern: /\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/gi,
});

/** Years and decades need an introducing word; a year before another number is a house number. */
const year = regexRecognizer({
  entity: "DATE_TIME",
  ...TIER2,
  pattern: new RegExp(
    String.raw`\b(?:in|since|from|until|till|to|by|of|year|circa|c\.|around|about|during|before|after|between|and|early|late|mid|the|a|founded|born|established|built|released|published|dated|est\.)\s((?:the\s)?(?:1[5-9]\d{2}|20\d{2})s?|'\d0s)(?![\d\p{L}]|\s\d|\s[\p{Lu}][\p{Ll}]+\s(?:St|Street|Ave|Avenue|Rd|Road|Way|Drive|Dr|Lane|Ln|Blvd|Boulevard|Ct|Court|Pl|Place|Terrace|Close|Crescent|Square|Sq|Highway|Hwy|Parkway)\b)`,
    "gdiu",
  ),
  group: 1,
  boundary: "none",
});

const clockTime = regexRecognizer({
  entity: "DATE_TIME",
  ...TIER2,
  pattern: new RegExp(
    String.raw`\b(?:(?:at|by|from|until|till|to|around|before|after|between|@)\s(?:[01]?\d|2[0-3]):[0-5]\d|(?:[01]?\d|2[0-3]):[0-5]\d:[0-5]\d|(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s?[ap]\.?m\.?|noon|midnight)(?![\p{L}\d])`,
    "giu",
  ),
  boundary: "none",
});

const NUMBER_WORD = String.raw`(?:\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|several|couple of|a couple of)`;
const UNIT = String.raw`(?:second|minute|hour|day|week|fortnight|month|year|decade)s?`;
const WEEKDAY = String.raw`(?:mon|tues|wednes|thurs|fri|satur|sun)day`;

const relative = regexRecognizer({
  entity: "DATE_TIME",
  ...TIER2,
  pattern: new RegExp(
    String.raw`\b(?:the day (?:before|after) (?:yesterday|tomorrow)|yesterday|tomorrow|${NUMBER_WORD}\s${UNIT}\s(?:ago|later|earlier|from now|before|after)|in\s${NUMBER_WORD}\s${UNIT}|(?:last|next|this|coming|past|previous)\s(?:week|weekend|month|year|decade|quarter|${WEEKDAY}|${MONTH}))\b`,
    "gi",
  ),
  boundary: "none",
});

export const dateTimeRecognizers: readonly Recognizer[] = [isoDateTime, numericDate, writtenDate, monthAlone, weekday, year, clockTime, relative];
