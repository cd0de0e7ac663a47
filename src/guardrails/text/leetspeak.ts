/**
 * Leetspeak folded back to letters for the detectors and Keywords (DECISIONS §8: `1gn0r3`
 * reads as `ignore`), not for PII, whose values are digits. Only inside a word that has letters
 * and leet characters both: `4111`, `2024` and `v2` stay as they are. One unit each way, so
 * offsets into the text do not move.
 */
import { foldRuns } from "./fold-runs.ts";

const LEET: Readonly<Record<string, string>> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a", $: "s", "!": "i", "|": "l" };

const LEET_UNITS = new Map<number, number>(Object.entries(LEET).map(([k, v]) => [k.charCodeAt(0), v.charCodeAt(0)]));

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Runs of letters and leet characters with at least one of each, folded. */
export function foldLeetspeak(text: string): string {
  return foldRuns(text, isRunUnit, qualifies, LEET_UNITS);
}

function isRunUnit(u: number): boolean {
  return isLetter(u) || LEET_UNITS.has(u);
}

function qualifies(text: string, start: number, end: number): number {
  // A trailing `!` ends a sentence ("go!"), it does not spell a letter.
  while (end > start && text.charCodeAt(end - 1) === 33) end--;
  let letters = 0;
  let leet = 0;
  for (let k = start; k < end; k++) {
    const u = text.charCodeAt(k);
    if (isLetter(u)) letters++;
    else leet++;
  }
  return letters === 0 || leet === 0 || end - start < 2 ? -1 : end;
}
