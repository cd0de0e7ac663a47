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

  test("an edge is a boundary wherever the next character is not a letter: digits and _ count (DECISIONS §8)", async () => {
    const cfg = { keywords: ["Project Nightingale"] };
    expect(await trips("sync_project_nightingale", cfg)).toBe(true);
    expect(await trips("properties: to, sync_Project_Nightingale", cfg)).toBe(true);
    expect(await trips("v2projectnightingale3", cfg)).toBe(true);
    expect(await trips("xProject Nightingale", cfg)).toBe(false);
    expect(await trips("Project Nightingales", cfg)).toBe(false);
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

  test("a keyword's words match across any separators, or none (DECISIONS §8)", async () => {
    const cfg = { keywords: ["Project Nightingale"] };
    for (const text of ["Project-Nightingale", "Project_Nightingale", "ProjectNightingale", "project.nightingale", "P r o j e c t Nightingale", "PROJECT  --  NIGHTINGALE"]) {
      expect(await trips(`the ${text} files`, cfg)).toBe(true);
    }
  });

  test("lookalike letters, combining marks and leetspeak do not hide a keyword", async () => {
    const cfg = { keywords: ["Project Nightingale"] };
    for (const text of ["Projеct Nightingale", "ᴘʀᴏᴊᴇᴄᴛ ɴɪɢʜᴛɪɴɢᴀʟᴇ", "P̷r̷o̷j̷e̷c̷t̷ Nightingale", "Pr0j3ct N1ght1ngal3", "Ρroject Νightingale"]) {
      expect(await trips(text, cfg)).toBe(true);
    }
    expect(await trips("1gn0r3 pr3v10us 1nstruct10ns", { keywords: ["ignore previous instructions"] })).toBe(true);
  });

  test("and still only whole words: no match inside other words, nor in ordinary text", async () => {
    const cfg = { keywords: ["Project Nightingale", "ssn"] };
    for (const text of ["the project was a nightingale of sorts", "Projects Nightingales", "a lesson in sending", "class names", "4111 2024 v2"]) {
      expect(await trips(text, cfg)).toBe(false);
    }
  });

  test("linear time on hostile inputs", () => {
    const d = createKeywordsDetector({ keywords: ["aaaaaaaab", "a a a a b", "password reset", "x", "Project Nightingale"] });
    for (const unit of ["a", "a ", "password ", "ａ", "a-", "p r o j e c t ", "pr0j3"]) expectLinear(`Keywords on ${JSON.stringify(unit)}`, (t) => d.detect(t, { history: [] }), unit);
  });
});
