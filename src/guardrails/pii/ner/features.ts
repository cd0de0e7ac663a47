/**
 * The tagger's features for one token, as hashes (templates mixed with values): computed the
 * same way when training (scripts/train-ner.ts) and when tagging. No strings are built.
 * Templates were kept by ablation under 5-fold cross-validation: each one left out costs F1,
 * and three that cost nothing (a flag combination, the tag before last, flags x previous tag)
 * were dropped for speed.
 */
import { isAsciiDigit, isAsciiLower } from "../../text/chars.ts";
import { FLAGS } from "./flags.ts";
import { germanText } from "./german.ts";
import { mix, wordHashes } from "./hash.ts";
import { flagsAt, Gap, Shape, suffixAt, type Tokens } from "./tokens.ts";

/** Tags, in the model's class order. */
export const TAGS = ["O", "PERSON", "LOCATION", "NRP"] as const;
export type Tag = 0 | 1 | 2 | 3;
export const TAG_COUNT = TAGS.length;

export const MAX_FEATURES = 64;

const BOS = 0x0b05;
const EOS = 0x0e05;
/** Flags whose presence on a neighbour is informative. */
const NEIGHBOUR_FLAGS =
  FLAGS.TITLE | FLAGS.UNIT | FLAGS.STREET_SUFFIX | FLAGS.FIRST_NAME | FLAGS.LAST_NAME | FLAGS.CITY | FLAGS.COUNTRY | FLAGS.STATE | FLAGS.COMMON | FLAGS.CONNECTOR | FLAGS.ORG | FLAGS.NRP | FLAGS.TECH;
/** The 17 flags a word can carry. */
const ALL_FLAGS = (1 << 17) - 1;

function lengthBucket(n: number): number {
  return n <= 1 ? 1 : n <= 2 ? 2 : n <= 3 ? 3 : n <= 5 ? 5 : n <= 8 ? 8 : 9;
}

/**
 * Whether the tagger scores this token at all. Lower-case words outside an entity that carry
 * no telling lexicon flag are O without a look: most of a text, skipped at the cost of a test.
 */
export function worthScoring(t: Tokens, i: number, prevTag: Tag): boolean {
  if (prevTag !== 0) return true;
  const shape = t.shape[i]!;
  if (shape === Shape.LOWER) return t.lexicon.lowerCaseFlagsOfHash(t.hash[i]!) !== 0;
  // A number alone among lower-case words is a quantity, not part of an address; so is a
  // group of a number written with separators (8,000,000 or 3.14), and a group of a long
  // grouped identifier (a card, a phone number: three groups or more).
  if (shape === Shape.DIGITS) return neighbourIsNotLower(t, i) && !inGroupedNumber(t, i) && !decimalWithUnit(t, i) && !isTemperature(t, i);
  // Letters and digits starting with a lower-case letter ("v20", "x86", "h264") are versions
  // and product codes, not names or places: postcodes, the places with digits, are capitals.
  if (shape === Shape.ALNUM && isAsciiLower(t.text.charCodeAt(t.start[i]!))) return false;
  // A number with a lower-case unit ("500m", "25ms", "3x3") is a measure ("the CPU limit to
  // 500m" was a place). Ordinals ("3rd Avenue") and house numbers with a capital ("221B") stay.
  if (shape === Shape.ALNUM && (isMeasure(t, i) || isJoinedTemperature(t, i))) return false;
  if (shape === Shape.CAP && isLetteredLabel(t, i)) return false;
  // The unit of a temperature: "180 C. Matrix A" made "C" a place.
  if (shape === Shape.INITIAL && i > 0 && t.shape[i - 1] === Shape.DIGITS && isTemperature(t, i - 1)) return false;
  // A common word at the start of a sentence ("Hi", "We", "Could") is not a name unless a
  // gazetteer says it could be one.
  const gap = t.gap[i]!;
  if ((gap === Gap.START || gap === Gap.SENTENCE || gap === Gap.NEWLINE) && shape !== Shape.CAPS) {
    const f = flagsAt(t, i);
    if (f & FLAGS.COMMON && !(f & NAME_OR_PLACE)) return false;
  }
  return true;
}

const NAME_OR_PLACE = FLAGS.FIRST_NAME | FLAGS.LAST_NAME | FLAGS.CITY | FLAGS.COUNTRY | FLAGS.NRP;

/**
 * Token i (digits) is joined to a neighbouring group of digits by a single `,` or `.`, or is one
 * of three or more groups joined by single spaces or dashes ("4111 1111 1111 1111"). Two groups
 * joined by a space stay: postcodes are written so ("123 45").
 */
function inGroupedNumber(t: Tokens, i: number): boolean {
  const before = i > 0 ? joinedBy(t, i - 1, i) : NOT_JOINED;
  const after = i + 1 < t.count ? joinedBy(t, i, i + 1) : NOT_JOINED;
  if (before === DECIMAL || after === DECIMAL) return true;
  // Three groups in a row around i; looking two tokens either way at most keeps this constant
  // time on a text that is one long run of groups.
  if (before !== NOT_JOINED && after !== NOT_JOINED) return true;
  if (before !== NOT_JOINED) return i > 1 && joinedBy(t, i - 2, i - 1) !== NOT_JOINED;
  if (after !== NOT_JOINED) return i + 2 < t.count && joinedBy(t, i + 1, i + 2) !== NOT_JOINED;
  return false;
}

const NOT_JOINED = 0;
const SPACED = 1;
const DECIMAL = 2;

/** How digit tokens a and b = a + 1 are joined: by one `,` or `.`, by one space or `-`, or not. */
function joinedBy(t: Tokens, a: number, b: number): number {
  if (t.shape[a] !== Shape.DIGITS || t.shape[b] !== Shape.DIGITS || t.start[b]! - t.end[a]! !== 1) return NOT_JOINED;
  const sep = t.text.charCodeAt(t.end[a]!);
  return isDecimalPoint(sep) ? DECIMAL : sep === 32 || sep === 45 ? SPACED : NOT_JOINED;
}

/** `,` or `.`: between digits, a decimal point or a thousands separator. */
function isDecimalPoint(c: number): boolean {
  return c === 44 || c === 46;
}

/** Token i (digits) is the whole part of a decimal whose fraction carries a unit: "1.2s", "2,5kg". */
function decimalWithUnit(t: Tokens, i: number): boolean {
  if (i + 1 >= t.count || t.shape[i + 1] !== Shape.ALNUM || t.start[i + 1]! - t.end[i]! !== 1) return false;
  return isDecimalPoint(t.text.charCodeAt(t.end[i]!)) && isAsciiDigit(t.text.charCodeAt(t.start[i + 1]!));
}

/**
 * Token i (a capitalised word) names a thing by a letter: "Matrix A", "Plan B", "Model T",
 * "Vitamin C" (all were names). Not when the word can be a name ("Malcolm X") or a place
 * ("København K"), or when the letter is an initial: a surname follows it ("John F Kennedy",
 * "Alvir D. Pušaver").
 */
function isLetteredLabel(t: Tokens, i: number): boolean {
  const letter = i + 1;
  if (!loneCapitalAt(t, letter) || t.gap[letter] !== Gap.SPACE) return false;
  const after = letter + 1;
  if (capitalisedAt(t, after)) {
    // A capitalised word after the letter, or after the letter and a dot, is a surname.
    if (t.gap[after] === Gap.SPACE || t.text.charCodeAt(t.end[letter]!) === 46) return false;
  }
  const f = flagsAt(t, i);
  if (f & (FLAGS.FIRST_NAME | FLAGS.LAST_NAME)) return false;
  // A place that is no common word keeps its letter: "København K" (a postal district).
  return !(f & PLACE) || (f & FLAGS.COMMON) !== 0;
}

const PLACE = FLAGS.CITY | FLAGS.COUNTRY | FLAGS.STATE;

/**
 * Token i (digits) is a temperature: "bake at 180 C", "350 °F", "21°C" ("180 C for" was a
 * place). A capitalised word after the letter keeps it an address: "1200 F Street".
 */
function isTemperature(t: Tokens, i: number): boolean {
  const unit = i + 1;
  if (!loneCapitalAt(t, unit)) return false;
  const letter = t.text.charCodeAt(t.start[unit]!);
  if (letter !== 67 && letter !== 70) return false; // C, F
  // Between the number and the letter: nothing, a space, a degree sign, or both.
  const from = t.end[i]!;
  const to = t.start[unit]!;
  if (to - from > 2) return false;
  for (let k = from; k < to; k++) {
    const c = t.text.charCodeAt(k);
    if (c !== 32 && c !== 0xb0) return false;
  }
  return !capitalisedWordFollows(t, unit);
}

/**
 * Token i is a number with C or F written on ("180C", "350F"), not before a capitalised word
 * on the same line: "Preheat the oven to 180C and bake" made "180C and" a place, while
 * "221C Baker Street" is still a house number.
 */
function isJoinedTemperature(t: Tokens, i: number): boolean {
  const text = t.text;
  const start = t.start[i]!;
  const last = t.end[i]! - 1;
  const letter = text.charCodeAt(last);
  if ((letter !== 67 && letter !== 70) || last === start) return false; // C, F
  for (let k = start; k < last; k++) if (!isAsciiDigit(text.charCodeAt(k))) return false;
  return !capitalisedWordFollows(t, i);
}

/**
 * A capitalised word follows token k after a space ("221C Baker", "1200 F Street"): an address.
 * Not an oven setting, which recipes write with a capital: "180C Fan", "200C Top Heat".
 */
function capitalisedWordFollows(t: Tokens, k: number): boolean {
  return capitalisedAt(t, k + 1) && t.gap[k + 1] === Gap.SPACE && !OVEN_SETTINGS.has(t.hash[k + 1]!);
}

/** Words that name an oven setting after a temperature, as the tokenizer hashes them (lower case). */
const OVEN_SETTINGS = wordHashes("fan fan-forced fan-assisted forced gas top bottom conventional convection grill broil bake heat");

/** Token k exists and is one capital letter: the "F" of "John F Kennedy", the "C" of "180 C". */
function loneCapitalAt(t: Tokens, k: number): boolean {
  return k < t.count && t.shape[k] === Shape.INITIAL && t.end[k]! - t.start[k]! === 1;
}

/** Token k exists and is a capitalised word: "Street", "NW". */
function capitalisedAt(t: Tokens, k: number): boolean {
  return k < t.count && (t.shape[k] === Shape.CAP || t.shape[k] === Shape.CAPS);
}

const ORDINAL_SUFFIXES = new Set(["st", "nd", "rd", "th"]);
/** Units written with capitals; a lone capital ("221B") is a house number, not listed. */
const CAPITAL_UNITS = new Set(
  "KB MB GB TB PB KiB MiB GiB TiB Ki Mi Gi Ti Hz kHz MHz GHz kW MW GW kWh MWh mAh mL dB Kbps Mbps Gbps MP".split(" "),
);

/** Digits, then a unit: lower-case letters that are not an ordinal, or a unit with capitals. */
function isMeasure(t: Tokens, i: number): boolean {
  const text = t.text;
  const end = t.end[i]!;
  let k = t.start[i]!;
  if (!isAsciiDigit(text.charCodeAt(k))) return false;
  while (k < end && isAsciiDigit(text.charCodeAt(k))) k++;
  if (end - k > 4) return false;
  const unit = text.slice(k, end);
  if (CAPITAL_UNITS.has(unit)) return true;
  for (let j = k; j < end; j++) if (!isAsciiLower(text.charCodeAt(j))) return false;
  return !ORDINAL_SUFFIXES.has(unit);
}

function neighbourIsNotLower(t: Tokens, i: number): boolean {
  return (i > 0 && t.shape[i - 1] !== Shape.LOWER) || (i + 1 < t.count && t.shape[i + 1] !== Shape.LOWER);
}

/** Writes the feature hashes of token `i` into `out`; returns how many. */
export function featuresAt(t: Tokens, i: number, prevTag: Tag, out: Uint32Array): number {
  let n = 0;
  const shape = t.shape[i]!;
  const flags = flagsAt(t, i);
  const gap = t.gap[i]!;
  const hasPrev = i > 0;
  const hasNext = i + 1 < t.count;
  const prevWord = hasPrev ? t.hash[i - 1]! : BOS;
  const nextWord = hasNext ? t.hash[i + 1]! : EOS;
  const prevShape = hasPrev ? t.shape[i - 1]! : 9;
  const nextShape = hasNext ? t.shape[i + 1]! : 9;
  const nextGap = hasNext ? t.gap[i + 1]! : Gap.START;
  const len = t.end[i]! - t.start[i]!;

  out[n++] = mix(1, 0);
  out[n++] = mix(2, t.hash[i]!);
  out[n++] = mix(3, shape);
  out[n++] = mix(4, suffixAt(t, i), shape);
  // Set bits only (a word has zero to three): the lowest bit's index, then clear it.
  for (let f = flags & ALL_FLAGS; f !== 0; f &= f - 1) out[n++] = mix(5, 31 - Math.clz32(f & -f));
  out[n++] = mix(7, prevWord);
  out[n++] = mix(8, i > 1 ? t.hash[i - 2]! : BOS);
  out[n++] = mix(9, nextWord);
  out[n++] = mix(10, prevTag);
  out[n++] = mix(11, prevTag, shape);
  out[n++] = mix(12, prevShape, shape);
  out[n++] = mix(13, nextShape, shape);
  out[n++] = mix(14, gap, shape);
  out[n++] = mix(15, nextGap);
  out[n++] = mix(16, prevWord, shape);
  out[n++] = mix(17, lengthBucket(len), shape);
  out[n++] = mix(19, gap, prevTag);
  out[n++] = mix(20, nextShape, nextGap);
  // In German every noun has a capital: the same shape means less there.
  const german = germanText(t);
  out[n++] = mix(23, german, shape);
  out[n++] = mix(24, german, prevShape * 16 + nextShape);
  if (hasPrev) for (let f = flagsAt(t, i - 1) & NEIGHBOUR_FLAGS; f !== 0; f &= f - 1) out[n++] = mix(21, f & -f);
  if (hasNext) for (let f = flagsAt(t, i + 1) & NEIGHBOUR_FLAGS; f !== 0; f &= f - 1) out[n++] = mix(22, f & -f);
  if (n > MAX_FEATURES) throw new Error("feature buffer too small");
  return n;
}
