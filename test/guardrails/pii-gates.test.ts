/**
 * Recogniser gates (src/guardrails/pii/text-shape.ts) skip a pattern when the text cannot hold
 * its value. A gate that refused a text its recogniser finds something in would lose a
 * detection silently, so every gate is checked here against its recogniser run without it: on
 * the evaluation's generated values of every type, each written between a range of neighbours
 * (joiners, accented letters, brackets), on the benchmark texts, and on a few tricky cases.
 */
import { describe, expect, test } from "bun:test";
import { syntheticSet } from "../../eval/lib/pii-synthetic.ts";
import { piiTexts } from "../../bench/lib/pii-texts.ts";
import { ALL_RECOGNIZERS } from "../../src/guardrails/pii/recognizers.ts";
import { ScanContext } from "../../src/guardrails/pii/scan-context.ts";
import { lengthBit, ShapeFlag, textShape } from "../../src/guardrails/pii/text-shape.ts";
import { tokenize } from "../../src/guardrails/pii/ner/tokens.ts";
import { lexicon } from "../../src/guardrails/pii/ner/lexicon.ts";
import { normalizeText } from "../../src/guardrails/text/normalize.ts";

const NEIGHBOURS = ["", " ", "-", "'", "é", "(", "x-", "_"];

function corpus(): string[] {
  const texts: string[] = [];
  for (const row of syntheticSet(10)) {
    texts.push(row.text);
    for (const span of row.spans) {
      const value = row.text.slice(span.start, span.end);
      for (const before of NEIGHBOURS) for (const after of NEIGHBOURS) texts.push(`ref ${before}${value}${after} ok`);
    }
  }
  texts.push(...piiTexts(30, 1024));
  texts.push(
    "Jean-DEUTDEFF wired it", "IBAN:GB82WEST12345698765432.", "NINO AB 12 34 56 C", "NIE X-1234567-L", "１９２.１６８.１.２０",
    "ＧＢ８２ ＷＥＳＴ １２３４ ５６９８ ７６５４ ３２", "HKID A123456(3)", "born 2020-03-14T10:00Z", "MH-12-AB-1234 parked", "call +86 138 1234 5678",
  );
  return texts;
}

describe("recogniser gates", () => {
  const gated = ALL_RECOGNIZERS.filter((r) => r.gate);

  test("most format recognisers have a gate", () => {
    expect(gated.length).toBeGreaterThanOrEqual(20);
  });

  test("no gate refuses a text its recogniser finds a value in", () => {
    const refused: string[] = [];
    let found = 0;
    for (const original of corpus()) {
      const ctx = new ScanContext(normalizeText(original).text);
      for (const r of gated) {
        let hits = 0;
        r.find(ctx, () => hits++);
        if (hits === 0) continue;
        found++;
        if (!r.gate!(ctx.shape())) refused.push(`${r.entity}: ${JSON.stringify(original)}`);
      }
    }
    expect(refused.slice(0, 10)).toEqual([]);
    // The corpus exercises the gated recognisers (the check above is not vacuous).
    expect(found).toBeGreaterThan(1000);
  });

  test("the shape: digit runs, capital words, words with digits, joins", () => {
    const shapeOf = (t: string) => textShape(t, tokenize(t, lexicon()));
    const s = shapeOf("Order 12345678X from DEUTDEFF, tel 415-555.0134; key ab1cd2ef3");
    expect(s.digitRuns & lengthBit(8)).not.toBe(0);
    expect(s.digitRuns & lengthBit(3)).not.toBe(0);
    expect(s.digitRuns & lengthBit(7)).toBe(0);
    expect(s.upperWords & lengthBit(8)).not.toBe(0); // DEUTDEFF
    expect(s.upperWords & lengthBit(9)).not.toBe(0); // 12345678X
    expect(s.longestDigitWord).toBe(9);
    expect(s.flags & ShapeFlag.SEPARATED_DIGITS).not.toBe(0);
    expect(s.flags & ShapeFlag.DOTTED_DIGITS).not.toBe(0);
    expect(s.flags & ShapeFlag.CAPITALS_THEN_DIGIT).toBe(0);
    expect(shapeOf("plain words only, Nothing Else").digitRuns).toBe(0);
    expect(shapeOf("GB82 WEST").flags & ShapeFlag.CAPITALS_THEN_DIGIT).not.toBe(0);
    expect(shapeOf("ref AB 12 34").flags & ShapeFlag.CAPITALS_THEN_DIGIT).not.toBe(0);
    // A hyphen joins "Jean-DEUTDEFF" into one token; the capital word inside still counts.
    expect(shapeOf("Jean-DEUTDEFF").upperWords & lengthBit(8)).not.toBe(0);
  });
});
