/**
 * The `Keywords` guardrail (DECISIONS §3): trips when a listed keyword or phrase occurs as a
 * whole word. Text is normalised first, so fullwidth letters and zero-width characters do not
 * hide a keyword. One alternation is compiled per policy, longest keyword first.
 */
import { Type, type Static } from "@sinclair/typebox";
import { forEachMatch } from "../text/matches.ts";
import { normalizeText } from "../text/normalize.ts";
import type { Detector, GuardrailDefinition } from "../types.ts";

export const KeywordsConfigSchema = Type.Object(
  {
    keywords: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
    case_sensitive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type KeywordsConfig = Static<typeof KeywordsConfigSchema>;

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Escapes the syntax characters; in `u` mode escaping anything else (even `-`) is an error. */
function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** A keyword as a pattern: word boundaries only where the keyword itself starts or ends with a word character. */
function keywordPattern(keyword: string): string {
  const body = escapeRegExp(keyword).replace(/\s+/g, "\\s+");
  const before = WORD_CHAR.test(keyword[0]!) ? "(?<![\\p{L}\\p{N}_])" : "";
  const after = WORD_CHAR.test(keyword[keyword.length - 1]!) ? "(?![\\p{L}\\p{N}_])" : "";
  return `${before}${body}${after}`;
}

export function createKeywordsDetector(config: KeywordsConfig): Detector {
  const caseSensitive = config.case_sensitive ?? false;
  const keywords = [...new Set(config.keywords.map((k) => normalizeText(k.trim()).text).filter((k) => k.length > 0))].sort(
    (a, b) => b.length - a.length,
  );
  const pattern = new RegExp(keywords.map(keywordPattern).join("|"), caseSensitive ? "gu" : "giu");
  const canonical = new Map(keywords.map((k) => [caseSensitive ? k : k.toLowerCase(), k]));

  return {
    kind: "detector",
    name: "Keywords",
    detect(text) {
      const norm = normalizeText(text).text;
      const matched = new Set<string>();
      forEachMatch(pattern, norm, (m) => {
        const key = m[0].replace(/\s+/g, " ");
        matched.add(canonical.get(caseSensitive ? key : key.toLowerCase()) ?? key);
      });
      return {
        tripped: matched.size > 0,
        confidence: matched.size > 0 ? 1 : 0,
        labels: [],
        info: { guardrail_name: "Keywords", matched_keywords: [...matched] },
      };
    },
  };
}

export const keywordsDefinition: GuardrailDefinition<KeywordsConfig> = {
  name: "Keywords",
  kind: "detector",
  configSchema: KeywordsConfigSchema,
  suppressEnforcementByDefault: false,
  create: createKeywordsDetector,
  describe: () => "blocked keyword found",
};
