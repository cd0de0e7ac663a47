/**
 * Whether a judged text is written outside English, for the classifiers' language correction
 * (model.ts `languageShift`). The training data's ordinary prompts are nearly all English while
 * its injections come in many languages, so a model learns "not English" as evidence of an
 * attack: ordinary French or German questions scored 0.87-0.94. The correction takes that
 * evidence back out for texts outside English.
 *
 * Told by function words (English against German, French, Spanish, Italian and Portuguese; a
 * word both languages use counts for neither) and by the share of letters outside the Latin
 * script. features.ts counts both in its one pass over the text.
 */

/** English function words. */
const ENGLISH = "the a an and or of to in is are was were be been it this that these those you your i my we our they their he she his her with for on at by from as not do does did what which who how why when where can could would should will there here all any some about into than then them".split(" ");

/** Function words of German, French, Spanish, Italian and Portuguese that English does not use. */
const OTHER = [
  "der die das und ist nicht ein eine einen dem des zu mit sich auf für von wie ob bitte ich du sie wir ihr mir mich dir wer warum wann wo sind haben kann können oder aber auch noch nur schon",
  "le la les un une des et est sont pas ne je tu il elle nous vous ils elles du au aux avec pour dans sur que qui quoi quel quelle quels quelles comment pourquoi ce cette ces mon ma mes ton ta tes sa ses leur leurs mais ou où",
  "el los las y es son del con para por en qué quién cómo cuál cuáles yo tú él ella nosotros ellos mi mis tus su sus pero dónde cuándo está están",
  "il lo gli è sono non uno di da con che chi perché questo questa quello quella mio mia tuo tua suo sua dove quando",
  "os as é são não um uma uns umas da dos das na nos nas com que quem como qual quais porque eu você ele ela nós eles meu minha seu mas onde quando",
]
  .join(" ")
  .split(" ");

/** Each function word and the language side it counts for. */
export function functionWords(): ReadonlyMap<string, "english" | "other"> {
  const english = new Set(ENGLISH);
  const out = new Map<string, "english" | "other">();
  for (const w of ENGLISH) out.set(w, "english");
  for (const w of OTHER) if (!english.has(w)) out.set(w, "other");
  return out;
}

/** What features.ts counted of a text. */
export interface LanguageCounts {
  readonly englishWords: number;
  readonly otherWords: number;
  readonly latinLetters: number;
  readonly otherLetters: number;
}

/**
 * Outside English: mostly letters of another script, or more of the other languages' function
 * words than English ones (at least two in all; fewer say nothing, and the text counts as English).
 */
export function isOutsideEnglish(c: LanguageCounts): boolean {
  const letters = c.latinLetters + c.otherLetters;
  if (letters > 0 && c.otherLetters > 0.3 * letters) return true;
  return c.englishWords + c.otherWords >= 2 && c.otherWords > c.englishWords;
}
