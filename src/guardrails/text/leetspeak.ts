/**
 * Leetspeak folded back to letters for the detectors and Keywords (DECISIONS §8: `1gn0r3`
 * reads as `ignore`), not for PII, whose values are digits. Only inside a word that has letters
 * and leet characters both: `4111`, `2024` and `v2` stay as they are. One unit each way, so
 * offsets into the text do not move.
 */
const LEET: Readonly<Record<string, string>> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a", $: "s", "!": "i", "|": "l" };

const LEET_UNITS = new Map<number, number>(Object.entries(LEET).map(([k, v]) => [k.charCodeAt(0), v.charCodeAt(0)]));

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** A run of letters and leet characters with at least one letter and one leet character among them, folded. */
export function foldLeetspeak(text: string): string {
  let out: string[] | null = null;
  let from = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (!isLetter(c) && !LEET_UNITS.has(c)) {
      i++;
      continue;
    }
    const start = i;
    let letters = 0;
    let leet = 0;
    for (; i < n; i++) {
      const u = text.charCodeAt(i);
      if (isLetter(u)) letters++;
      else if (LEET_UNITS.has(u)) leet++;
      else break;
    }
    // A trailing `!` ends a sentence ("go!"), it does not spell a letter.
    let end = i;
    while (end > start && text.charCodeAt(end - 1) === 33) {
      end--;
      leet--;
    }
    if (letters === 0 || leet === 0 || end - start < 2) continue;
    out ??= [];
    out.push(text.slice(from, start));
    let word = "";
    for (let k = start; k < end; k++) {
      const u = text.charCodeAt(k);
      word += String.fromCharCode(LEET_UNITS.get(u) ?? u);
    }
    out.push(word);
    from = end;
  }
  if (out === null) return text;
  out.push(text.slice(from));
  return out.join("");
}
