/**
 * The `Keywords` guardrail (DECISIONS §3, §8): trips when a listed keyword or phrase occurs as a
 * whole word. Text and keywords are normalised alike (fullwidth, zero-width, lookalike letters
 * of other scripts, combining marks) and leetspeak is read as letters, so `Projеct` with a
 * Cyrillic `е`, `pr0ject` and `P̷r̷o̷j̷e̷c̷t̷` are `project`. A keyword's words match across any
 * separators or none (`Project-Nightingale`, `Project_Nightingale`, `ProjectNightingale`), and a
 * word of four letters or more also when its letters are spaced out (`P r o j e c t`). One
 * alternation is compiled per policy, longest keyword first.
 */
import { Type, type Static } from "@sinclair/typebox";
import { forEachMatch } from "../text/matches.ts";
import { foldLeetspeak } from "../text/leetspeak.ts";
import { normalizeText, toOriginalSpan } from "../text/normalize.ts";
import type { Detector, FoundSpan, GuardrailDefinition } from "../types.ts";

export const KeywordsConfigSchema = Type.Object(
  {
    keywords: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
    case_sensitive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type KeywordsConfig = Static<typeof KeywordsConfigSchema>;

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const LETTER = /\p{L}/u;
/** The keyword's own pieces: runs of letters and digits, and what stands between them. */
const PIECES = /[\p{L}\p{N}]+|[^\p{L}\p{N}]+/gu;
/** Between a keyword's words, only these are separators; anything else is written as it is. */
const JOINERS = /^[\s\-_.]+$/u;
/** Any run of separators, or none. */
const ANY_SEPARATORS = "[^\\p{L}\\p{N}]*";
/** Between the letters of a spaced-out word: one separator at most. */
const ONE_SEPARATOR = "[^\\p{L}\\p{N}]?";
/** Words at least this long also match with their letters spaced out. */
const SPACED_MIN = 4;

/** Escapes the syntax characters; in `u` mode escaping anything else (even `-`) is an error. */
function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** How keywords and texts are both read: normalised, then leetspeak folded. */
function readable(text: string): string {
  return foldLeetspeak(normalizeText(text).text);
}

function wordPattern(word: string): string {
  const letters = [...word].map(escapeRegExp);
  return letters.length >= SPACED_MIN ? letters.join(ONE_SEPARATOR) : letters.join("");
}

/** A keyword as a pattern: word boundaries only where the keyword itself starts or ends with a word character. */
function keywordPattern(keyword: string): string {
  const pieces = keyword.match(PIECES) ?? [];
  let body = "";
  pieces.forEach((piece, i) => {
    if (WORD_CHAR.test(piece[0]!)) body += wordPattern(piece);
    else if (i > 0 && i < pieces.length - 1 && JOINERS.test(piece)) body += ANY_SEPARATORS;
    else body += escapeRegExp(piece).replace(/\s+/g, "\\s+");
  });
  // DECISIONS §8: an edge is a boundary when the next character is not a letter, so digits and
  // `_` count (`sync_project_nightingale`, `nightingale2`).
  const before = WORD_CHAR.test(keyword[0]!) ? "(?<!\\p{L})" : "";
  const after = WORD_CHAR.test(keyword[keyword.length - 1]!) ? "(?!\\p{L})" : "";
  return `(${before}${body}${after})`;
}

export function createKeywordsDetector(config: KeywordsConfig): Detector {
  const caseSensitive = config.case_sensitive ?? false;
  const keywords = [...new Set(config.keywords.map((k) => readable(k.trim())).filter((k) => k.length > 0))].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(keywords.map(keywordPattern).join("|"), caseSensitive ? "gu" : "giu");
  const skeletons = keywords.map((k) => skeleton(k, caseSensitive));

  return {
    kind: "detector",
    name: "Keywords",
    detect(text) {
      const matched = new Set<string>();
      const norm = normalizeText(text);
      const spans: FoundSpan[] = [];
      forEachMatch(pattern, foldLeetspeak(norm.text), (m) => {
        // One group per keyword, in `keywords` order: the group that matched names it.
        for (let g = 1; g < m.length; g++) {
          if (m[g] !== undefined) {
            matched.add(keywords[g - 1]!);
            break;
          }
        }
        const [start, end] = toOriginalSpan(norm, m.index, m.index + m[0].length);
        spans.push({ start, end });
      });
      return {
        tripped: matched.size > 0,
        confidence: matched.size > 0 ? 1 : 0,
        labels: [],
        info: { guardrail_name: "Keywords", matched_keywords: [...matched] },
        spans,
      };
    },

    /**
     * Where the text's end could still become a keyword: the start of the longest tail that is
     * the beginning of one ("Project", "Project Night"); -1 when none is (streams hold it back).
     */
    openPrefix(text) {
      return openKeywordPrefix(text, skeletons, caseSensitive);
    },
  };
}

/** Letters and digits only, as a keyword and a tail are compared for prefixes. */
function skeleton(text: string, caseSensitive: boolean): string {
  const s = readable(text).replace(/[^\p{L}\p{N}]+/gu, "");
  return caseSensitive ? s : s.toLowerCase();
}

/** The longest a keyword prefix can be, in characters of text: separators may double it. */
const PREFIX_SPAN = 4;

function openKeywordPrefix(text: string, skeletons: readonly string[], caseSensitive: boolean): number {
  const longest = Math.max(...skeletons.map((s) => s.length));
  const from = Math.max(0, text.length - longest * PREFIX_SPAN);
  for (let i = from; i < text.length; i++) {
    // Candidates start where a keyword may: not right after a letter.
    if (i > 0 && LETTER.test(text[i - 1]!)) continue;
    if (!WORD_CHAR.test(text[i]!)) continue;
    const tail = skeleton(text.slice(i), caseSensitive);
    if (tail.length > 0 && skeletons.some((k) => k.length > tail.length && k.startsWith(tail))) return i;
  }
  return -1;
}

export const keywordsDefinition: GuardrailDefinition<KeywordsConfig> = {
  name: "Keywords",
  kind: "detector",
  configSchema: KeywordsConfigSchema,
  suppressEnforcementByDefault: false,
  create: createKeywordsDetector,
  describe: () => "blocked keyword found",
};
