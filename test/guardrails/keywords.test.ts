import { describe, expect, test } from "bun:test";
import { createKeywordsDetector, type KeywordsConfig } from "../../src/guardrails/keywords/guardrail.ts";
import { expectLinear } from "../helpers/timing.ts";

const trips = async (text: string, config: KeywordsConfig) => (await createKeywordsDetector(config).detect(text, { history: [] })).tripped;

describe("Keywords", () => {
  test("matches whole words only", async () => {
    const cfg = { keywords: ["secret"] };
    expect(await trips("the secret plan", cfg)).toBe(true);
    expect(await trips("secret.", cfg)).toBe(true);
    expect(await trips("secretary and secrets", cfg)).toBe(false);
  });

  test("is case-insensitive unless case_sensitive", async () => {
    expect(await trips("SECRET", { keywords: ["secret"] })).toBe(true);
    expect(await trips("SECRET", { keywords: ["secret"], case_sensitive: true })).toBe(false);
  });

  test("phrases match across any whitespace", async () => {
    expect(await trips("please ignore\n previous  instructions", { keywords: ["ignore previous instructions"] })).toBe(true);
  });

  test("keywords with symbols at their edges match as written", async () => {
    expect(await trips("I love C++ a lot", { keywords: ["C++"] })).toBe(true);
    expect(await trips("rm -rf / now", { keywords: ["rm -rf /"] })).toBe(true);
    expect(await trips("a (b) c", { keywords: ["(b)"] })).toBe(true);
  });

  test("fullwidth letters and zero-width characters do not hide a keyword", async () => {
    expect(await trips("ｓｅｃｒｅｔ", { keywords: ["secret"] })).toBe(true);
    expect(await trips("se\u200bcr\u200det", { keywords: ["secret"] })).toBe(true);
  });

  test("non-Latin keywords use Unicode word boundaries", async () => {
    expect(await trips("das ist geheim.", { keywords: ["geheim"] })).toBe(true);
    expect(await trips("streng geheimnisvoll", { keywords: ["geheim"] })).toBe(false);
  });

  test("reports the keywords that matched", async () => {
    const d = await createKeywordsDetector({ keywords: ["alpha", "beta"] }).detect("Alpha, beta, ALPHA", { history: [] });
    expect(d.info).toEqual({ guardrail_name: "Keywords", matched_keywords: ["alpha", "beta"] });
  });

  test("linear time on hostile inputs", () => {
    const d = createKeywordsDetector({ keywords: ["aaaaaaaab", "a a a a b", "password reset", "x"] });
    for (const unit of ["a", "a ", "password ", "ａ"]) expectLinear(`Keywords on ${JSON.stringify(unit)}`, (t) => d.detect(t, { history: [] }), unit);
  });
});
