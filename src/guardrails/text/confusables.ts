/**
 * Letters of other scripts that read as Latin ones (DECISIONS §8: "Projеct" with a Cyrillic
 * `е`, "ᴘʀᴏᴊᴇᴄᴛ" in small capitals), folded to their Latin skeleton for matching. Mathematical
 * alphanumerics and fullwidth forms are already folded by NFKC. One UTF-16 unit each way, so
 * offsets into the text do not move.
 *
 * A word is folded only when it mixes a Latin letter with lookalikes ("Projеct", "exаmple"), or
 * is written in small capitals and other Latin-script lookalikes alone ("ᴘʀᴏᴊᴇᴄᴛ"): a word all
 * in Cyrillic or Greek letters is a word of that script ("ΜΟΝΗ", "сор") and keeps its letters.
 * A capital folds to a capital.
 */
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
/** Lookalikes that are Latin letters themselves (small capitals, dotless i and j). */
const LATIN_SCRIPT = new Set<number>();
for (const [letters, latin] of LOOKALIKES) {
  for (const letter of letters.normalize("NFC")) {
    const capital = letter.toLowerCase() !== letter;
    SKELETON.set(letter.charCodeAt(0), (capital ? latin.toUpperCase() : latin).charCodeAt(0));
    if (/\p{Script=Latin}/u.test(letter)) LATIN_SCRIPT.add(letter.charCodeAt(0));
  }
}

export function isConfusable(unit: number): boolean {
  return SKELETON.has(unit);
}


function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** The text with lookalike letters folded in the words that qualify (see above); same length. */
export function foldConfusables(text: string): string {
  return foldRuns(text, (folding ??= lookalikeFolding()), qualifies);
}

/** Built on first use: only texts with lookalikes need it. */
let folding: Folding | null = null;

/** Runs are letters (Latin, Latin-1 and beyond, below the symbol blocks) and lookalikes. */
function lookalikeFolding(): Folding {
  const letters = asciiLetters();
  for (let c = 0xc0; c < 0x2000; c++) if (c !== 0xd7 && c !== 0xf7) letters.push(c);
  return new Folding().keep(letters).fold(SKELETON);
}

/** A word with small capitals (Latin letters in disguise), or mixing Latin letters with lookalikes. */
function qualifies(text: string, start: number, end: number): number {
  let ascii = 0;
  let latinLookalikes = 0;
  let otherLookalikes = 0;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (isAsciiLetter(c)) ascii++;
    else if (LATIN_SCRIPT.has(c)) latinLookalikes++;
    else if (SKELETON.has(c)) otherLookalikes++;
  }
  return latinLookalikes > 0 || (ascii > 0 && otherLookalikes > 0) ? end : -1;
}

/** How much of the run [start, end) to fold: its end, a shorter end, or -1 for none of it. */
type FoldDecision = (text: string, start: number, end: number) => number;

/** Which BMP units a run is made of, and what each one folds to: tables, read in tight loops. */
class Folding {
  readonly inRun = new Uint8Array(0x10000);
  readonly to = new Uint16Array(0x10000);

  /** Units that belong to runs and stay as they are. */
  keep(units: Iterable<number>): this {
    for (const u of units) this.inRun[u] = 1;
    return this;
  }

  /** Units that belong to runs and fold to another. */
  fold(map: ReadonlyMap<number, number>): this {
    for (const [from, to] of map) {
      this.inRun[from] = 1;
      this.to[from] = to;
    }
    return this;
  }
}

function foldRuns(text: string, folding: Folding, decide: FoldDecision): string {
  const { inRun, to } = folding;
  let out: string[] | null = null;
  let from = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (inRun[text.charCodeAt(i)] === 0) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && inRun[text.charCodeAt(i)] === 1) i++;
    const end = decide(text, start, i);
    if (end <= start) continue;
    out ??= [];
    out.push(text.slice(from, start));
    const units = new Array<number>(end - start);
    for (let k = start; k < end; k++) {
      const u = text.charCodeAt(k);
      units[k - start] = to[u] || u;
    }
    out.push(String.fromCharCode(...units));
    from = end;
  }
  if (out === null) return text;
  out.push(text.slice(from));
  return out.join("");
}

/** The units of ASCII letters. */
function asciiLetters(): number[] {
  const out: number[] = [];
  for (let c = 65; c <= 90; c++) out.push(c, c + 32);
  return out;
}
