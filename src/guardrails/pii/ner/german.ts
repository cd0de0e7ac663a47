/**
 * Whether a text reads as German. German capitalises every noun, so there a capital letter says
 * little about a name; the tagger gets the answer as a feature (features.ts) and has learnt how
 * far to trust capitals in each case. Three German function words among the tokens decide it:
 * words that are not also common English words ("die", "was" and "am" are left out).
 */
import { hashWord } from "./hash.ts";
import { HashTable } from "./hash-table.ts";
import { UNKNOWN_LANGUAGE, type Tokens } from "./tokens.ts";

const FUNCTION_WORDS = (
  "der das den dem des und oder ist sind nicht ich wir sie mit für auf von zu ein eine einen einem einer " +
  "bitte wie können kann mir mich uns ihre im zum zur über auch noch aber wenn dass wird werden habe haben"
).split(" ");
const TABLE = HashTable.from(
  FUNCTION_WORDS.map((w) => [hashWord(w), 1] as const),
  FUNCTION_WORDS.length,
);
const ENOUGH = 3;

/** 1 when the text reads as German, else 0; worked out once per text, on first use. */
export function germanText(t: Tokens): number {
  if (t.german === UNKNOWN_LANGUAGE) {
    let found = 0;
    for (let i = 0; i < t.count && found < ENOUGH; i++) found += TABLE.get(t.hash[i]!);
    t.german = found >= ENOUGH ? 1 : 0;
  }
  return t.german;
}
