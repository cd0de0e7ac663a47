/**
 * Formats without a check digit (passports, bank accounts, driver licences, CVV) count only
 * when the text names them: a cue phrase, a few filler words ("number", "is", "no."), then the
 * value. Every cue of every such format is looked up in ONE pass over the scan's tokens (one
 * hash lookup per token), and a value is matched with one anchored regex right after its cue.
 * A profile showed one pass per format costing 15% of a whole scan. Tier 4: a value the text
 * names outranks any format it happens to resemble.
 */
import type { EntityType } from "./entities.ts";
import { hashWord, wordHashes } from "./ner/hash.ts";
import { HashTable } from "./ner/hash-table.ts";
import { compact, type Recognizer } from "./recognizer.ts";

export interface CueSpec {
  readonly entity: EntityType;
  readonly priority?: number;
  /** Cue phrases in plain words, matched case-insensitively: "passport", "driver's license". */
  readonly cues: readonly string[];
  /** The value as regex source without groups, matched case-insensitively right after the cue. */
  readonly value: string;
  readonly validate?: (compact: string, value: string) => boolean;
}

/** Words that may stand between a cue and its value: "passport number is X", "no. X". */
const FILLERS = wordHashes("number numbers numero número num nr no nos nº n° n id code is was of my his her your our their the are card reads ends with");
const MAX_FILLERS = 4;

/** Word hashes of a phrase, split the way the tokenizer splits (apostrophes stay inside words). */
function phraseHashes(phrase: string): number[] {
  return (phrase.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).map(hashWord);
}

interface CompiledCue {
  readonly phrase: readonly number[];
  readonly spec: CueSpec;
  readonly value: RegExp;
}

/** Whether the tokens from `i` on are the phrase's words. */
function phraseAt(hashes: Uint32Array, count: number, i: number, phrase: readonly number[]): boolean {
  if (i + phrase.length > count) return false;
  for (let k = 1; k < phrase.length; k++) if (hashes[i + k] !== phrase[k]) return false;
  return true;
}

export function cueRecognizer(specs: readonly CueSpec[]): Recognizer {
  const byFirstWord = new Map<number, CompiledCue[]>();
  for (const spec of specs) {
    const value = new RegExp(`(?:${spec.value})(?![A-Za-z0-9])`, "iy");
    for (const cue of spec.cues) {
      const phrase = phraseHashes(cue);
      if (phrase.length === 0) continue;
      const list = byFirstWord.get(phrase[0]!) ?? [];
      // Longer phrases first: "driving licence" before "licence".
      list.push({ phrase, spec, value });
      list.sort((a, b) => b.phrase.length - a.phrase.length);
      byFirstWord.set(phrase[0]!, list);
    }
  }
  // Every token is looked up: a typed table answers "no" for most at a fraction of a Map's cost.
  const lists = [...byFirstWord.values()];
  const listOf = HashTable.from(
    [...byFirstWord.keys()].map((hash, k) => [hash, k + 1] as const),
    lists.length,
  );
  return {
    entity: specs[0]!.entity,
    entities: [...new Set(specs.map((s) => s.entity))],
    tier: 4,
    priority: 50,
    readsTokens: true,
    find(ctx, emit) {
      const t = ctx.tokens();
      for (let i = 0; i < t.count; i++) {
        const list = listOf.get(t.hash[i]!);
        if (list === 0) continue;
        const cues = lists[list - 1]!;
        for (const cue of cues) {
          const { phrase, spec, value } = cue;
          if (!phraseAt(t.hash, t.count, i, phrase)) continue;
          let j = i + phrase.length;
          for (let skipped = 0; j < t.count && skipped < MAX_FILLERS && FILLERS.has(t.hash[j]!); skipped++) j++;
          if (j >= t.count) continue;
          value.lastIndex = t.start[j]!;
          const m = value.exec(ctx.text);
          if (!m) continue;
          if (spec.validate && !spec.validate(compact(m[0]), m[0])) continue;
          emit(m.index, m.index + m[0].length, spec.entity);
        }
      }
    },
  };
}
