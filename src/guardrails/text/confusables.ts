/**
 * Letters of other scripts that read as Latin ones (DECISIONS §8: "Projеct" with a Cyrillic
 * `е`, "ᴘʀᴏᴊᴇᴄᴛ" in small capitals), folded to their Latin skeleton for matching. Mathematical
 * alphanumerics and fullwidth forms are already folded by NFKC. One UTF-16 unit each way, so
 * offsets into the text do not move.
 *
 * A word is folded only when it mixes scripts (a Latin letter beside a lookalike) or consists
 * of lookalikes alone: Russian or Greek prose keeps its letters.
 */
import { foldRuns } from "./fold-runs.ts";

/** Each entry: lookalike letters, then the Latin letter they read as. */
const LOOKALIKES: readonly (readonly [string, string])[] = [
  // Cyrillic
  ["аА", "a"], ["вВ", "b"], ["сС", "c"], ["ԁ", "d"], ["еЕёЁ", "e"], ["ɡ", "g"], ["һН", "h"], ["іІїЇӏӀ", "i"], ["јЈ", "j"],
  ["кК", "k"], ["М", "m"], ["оО", "o"], ["рР", "p"], ["ԛԚ", "q"], ["ѕЅ", "s"], ["Т", "t"], ["уУҮ", "y"], ["хХ", "x"], ["ԝԜ", "w"],
  // Greek
  ["αΑ", "a"], ["βΒ", "b"], ["εΕ", "e"], ["ζΖ", "z"], ["ηΗ", "h"], ["ιΙ", "i"], ["κΚ", "k"], ["Μ", "m"], ["νΝ", "n"], ["οΟ", "o"],
  ["ρΡ", "p"], ["τΤ", "t"], ["υΥ", "y"], ["χΧ", "x"], ["ω", "w"],
  // Small capitals and dotless letters
  ["ᴀ", "a"], ["ʙ", "b"], ["ᴄ", "c"], ["ᴅ", "d"], ["ᴇ", "e"], ["ꜰ", "f"], ["ɢ", "g"], ["ʜ", "h"], ["ɪı", "i"], ["ᴊȷ", "j"], ["ᴋ", "k"],
  ["ʟ", "l"], ["ᴍ", "m"], ["ɴ", "n"], ["ᴏ", "o"], ["ᴘ", "p"], ["ǫ", "q"], ["ʀ", "r"], ["ꜱ", "s"], ["ᴛ", "t"], ["ᴜ", "u"], ["ᴠ", "v"],
  ["ᴡ", "w"], ["ʏ", "y"], ["ᴢ", "z"],
];

const SKELETON = new Map<number, number>();
for (const [letters, latin] of LOOKALIKES) {
  for (const letter of letters.normalize("NFC")) SKELETON.set(letter.charCodeAt(0), latin.charCodeAt(0));
}

export function isConfusable(unit: number): boolean {
  return SKELETON.has(unit);
}

function isLetterUnit(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c !== 0xd7 && c !== 0xf7 && c < 0x2000) || SKELETON.has(c);
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** The text with lookalike letters folded in the words that qualify (see above); same length. */
export function foldConfusables(text: string): string {
  return foldRuns(text, isLetterUnit, qualifies, SKELETON);
}

/** A word mixing Latin letters and lookalikes, or made of lookalikes alone. */
function qualifies(text: string, start: number, end: number): number {
  let latin = 0;
  let lookalikes = 0;
  let others = 0;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (isAsciiLetter(c)) latin++;
    else if (SKELETON.has(c)) lookalikes++;
    else others++;
  }
  return lookalikes === 0 || (latin === 0 && others > 0) ? -1 : end;
}
