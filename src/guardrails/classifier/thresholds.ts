/**
 * Each local classifier's default `confidence_threshold` (DECISIONS §3): the lowest score at
 * which it alone flags at most 1% of the ordinary prompts of the sources it was not trained on
 * (pooled) and at most 3% of any one of them, found by `bun run eval`'s leave-one-source-out
 * figures (docs/evaluation.md), not on the split it was fitted to. Written by `bun run eval -- --write-thresholds`. A policy's own
 * `confidence_threshold` wins.
 */
import type { ClassifierName } from "./classifier.ts";

export const LOCAL_THRESHOLDS: Readonly<Record<ClassifierName, number>> = {
  injection: 0.821,
  jailbreak: 0.834,
  harmful: 0.997,
};
