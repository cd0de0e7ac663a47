/**
 * Each local classifier's default `confidence_threshold` (DECISIONS §3): the lowest score at
 * which it flags under 1% of the ordinary prompts of every source it was not trained on, found
 * by `bun run eval`'s leave-one-source-out figures (docs/evaluation.md), not on the split it was
 * fitted to. Written by `bun run eval -- --write-thresholds`. A policy's own
 * `confidence_threshold` wins.
 */
import type { ClassifierName } from "./classifier.ts";

export const LOCAL_THRESHOLDS: Readonly<Record<ClassifierName, number>> = {
  injection: 0.869,
  jailbreak: 0.953,
  harmful: 0.999,
};
