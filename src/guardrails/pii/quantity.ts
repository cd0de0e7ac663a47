/**
 * A number followed by what it counts ("15784831484 rows", "500560374422 bytes") is a quantity:
 * an identifier (a card, a phone or an ID number) is never followed by a unit. Checked on the
 * few candidates that are a bare run of digits, so the word list costs nothing on the scan.
 */
import { isAsciiDigit, isAsciiLower } from "../text/chars.ts";
import { lowerUnit } from "../text/lower-unit.ts";

// Measures and counts only: nouns that also name what an identifier is used for ("card 4111...
// transactions", "account ... statements", "phone ... messages") are left out.
const UNITS = new Set(
  `rows row records record bytes byte kb mb gb tb kib mib gib items item entries entry times ms us ns seconds secs sec minutes
  mins hours days weeks months years users people visitors views downloads clicks hits lines tokens words characters chars pages
  votes units copies pieces packets frames samples iterations steps retries attempts cycles ops shares dollars usd euros eur
  pounds gbp yen`
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether `text[start, end)` is digits only and the next word, one space on, is a unit. */
export function isQuantity(text: string, start: number, end: number): boolean {
  if (end >= text.length || text.charCodeAt(end) !== 32) return false;
  for (let i = start; i < end; i++) if (!isAsciiDigit(text.charCodeAt(i))) return false;
  let word = "";
  for (let i = end + 1; i < text.length && word.length <= 12; i++) {
    const c = lowerUnit(text.charCodeAt(i));
    if (!isAsciiLower(c)) break;
    word += String.fromCharCode(c);
  }
  return UNITS.has(word);
}
