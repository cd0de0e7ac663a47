/**
 * The three local classifiers (prompt injection, jailbreak, harmful content), loaded on first
 * use from model files embedded in the binary. A classifier answers a calibrated probability,
 * or 0.999 where one of its high-precision rules (rules.ts) matches.
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
import { decodedPayloads } from "./encoded-payloads.ts";
import { RULE_CONFIDENCE, ruleMatches, type TextReading } from "./rules.ts";
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

/** The last text judged, how, prepared, and the probabilities found for it so far. */
let lastText: string | null = null;
let lastReading: TextReading = "prompt";
let lastPrepared = "";
const lastAnswers = new Map<ClassifierName, number>();
/** The last text's encoded payloads that decode to language (encoded-payloads.ts), prepared; null until asked. */
let lastPayloads: string[] | null = null;

/**
 * The probability, in [0, 1], that `text` is what the classifier looks for; `reading` says whose
 * text it is (a prompt, or a tool's text: rules.ts).
 */
export function classify(name: ClassifierName, text: string, reading: TextReading = "prompt"): number {
  if (text !== lastText || reading !== lastReading) {
    lastText = text;
    lastReading = reading;
    lastPrepared = prepare(text);
    lastAnswers.clear();
    lastPayloads = null;
  }
  let p = lastAnswers.get(name);
  if (p === undefined && !hasWords(lastPrepared, MIN_WORDS[name])) {
    // Too little to judge: a model's answer there is its bias and a word's weight alone.
    p = 0;
    lastAnswers.set(name, p);
  }
  if (p === undefined) {
    // A rule's match is certain (rules.ts); the model answers the rest. An encoded payload
    // that decodes to language is judged too, and the higher answer counts.
    p = judge(name, lastPrepared, reading);
    if (p < RULE_CONFIDENCE && name !== "harmful") {
      lastPayloads ??= decodedPayloads(text).map(prepare);
      for (const payload of lastPayloads) p = Math.max(p, judge(name, payload, reading));
    }
    lastAnswers.set(name, p);
  }
  return p;
}

function judge(name: ClassifierName, prepared: string, reading: TextReading): number {
  if (ruleMatches(name, prepared, reading)) return RULE_CONFIDENCE;
  const m = model(name);
  return sigmoid(m.plattA * maxRawScores([m], prepared)[0]! + m.plattB);
}

/**
 * Words a text needs before a classifier judges it. Without any letter or digit ("...", or a
 * text masking emptied) the harmful model answered its bias, 0.74. An injection overrides
 * instructions and gives new ones, a jailbreak sets up a persona or a frame: neither fits in two
 * words, while replies of two words use their vocabulary ("never mind" scored 0.97 as an
 * injection, "ignore" 0.98). A harmful request can ("kill yourself"), so that model reads any word.
 */
const MIN_WORDS: Record<ClassifierName, number> = { injection: 3, jailbreak: 3, harmful: 1 };

/** A run of letters and digits; text in scripts written without spaces counts as long enough. */
const WORD = /[\p{L}\p{N}]+/gu;
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

function hasWords(prepared: string, min: number): boolean {
  WORD.lastIndex = 0;
  let count = 0;
  for (let m = WORD.exec(prepared); m !== null; m = WORD.exec(prepared)) {
    if (++count >= min || UNSPACED_SCRIPT.test(m[0])) return true;
  }
  return false;
}
