/**
 * The three local classifiers (prompt injection, jailbreak, harmful content), loaded on first
 * use from model files embedded in the binary. A classifier answers a calibrated probability.
 *
 * Detectors of one stage judge the same text concurrently; the text is prepared once and each
 * model's answer is kept for it, so a policy with all three pays for one normalisation.
 */
import { readFileSync } from "node:fs";
import harmfulPath from "./models/harmful.bin" with { type: "file" };
import injectionPath from "./models/injection.bin" with { type: "file" };
import jailbreakPath from "./models/jailbreak.bin" with { type: "file" };
import { prepare } from "./features.ts";
import { parseModel, sigmoid, type LinearModel } from "./model.ts";
import { maxRawScores } from "./score.ts";

export type ClassifierName = "injection" | "jailbreak" | "harmful";

const PATHS: Record<ClassifierName, string> = { injection: injectionPath, jailbreak: jailbreakPath, harmful: harmfulPath };

const models = new Map<ClassifierName, LinearModel>();

function model(name: ClassifierName): LinearModel {
  let m = models.get(name);
  if (!m) {
    m = parseModel(new Uint8Array(readFileSync(PATHS[name])), `${name}.bin`);
    models.set(name, m);
  }
  return m;
}

/** The last text judged, prepared, and the probabilities found for it so far. */
let lastText: string | null = null;
let lastPrepared = "";
const lastAnswers = new Map<ClassifierName, number>();

/** The probability, in [0, 1], that `text` is what the classifier looks for. */
export function classify(name: ClassifierName, text: string): number {
  if (text !== lastText) {
    lastText = text;
    lastPrepared = prepare(text);
    lastAnswers.clear();
  }
  let p = lastAnswers.get(name);
  if (p === undefined && !hasWordChar(lastPrepared)) {
    // Nothing to judge (no letter or digit: "...", or a text that masking emptied): a model's
    // answer there would be its bias alone, which for the harmful model was 0.74.
    p = 0;
    lastAnswers.set(name, p);
  }
  if (p === undefined) {
    const m = model(name);
    p = sigmoid(m.plattA * maxRawScores([m], lastPrepared)[0]! + m.plattB);
    lastAnswers.set(name, p);
  }
  return p;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

function hasWordChar(prepared: string): boolean {
  return WORD_CHAR.test(prepared);
}
