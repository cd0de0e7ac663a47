/**
 * Trains the local classifiers of PromptInjection, Jailbreak and HarmfulContent from
 * ../shared/data/guardrails-train (eval/lib/detector-data.ts splits it and generates the
 * length-balancing sets) and writes src/guardrails/classifier/models/<name>.bin.
 *
 * Each model is a logistic regression over hashed binary features (features.ts), trained by
 * AdaGrad with class-balanced weights, then calibrated on the calibration split by Platt
 * scaling, so its probability means what `confidence_threshold` assumes. Deterministic: the
 * same data gives the same bytes.
 *
 *   bun run train            (prints held-out ROC AUC, FPR and recall at 0.7 per model)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bipiaTwins, DETECTORS, forDetector, insertedSpan, loadRows, splitRows, type Row } from "../eval/lib/detector-data.ts";
import { mulberry32 } from "../eval/lib/random.ts";
import { rocAuc } from "../eval/lib/roc.ts";
import { FEATURE_COUNT, featuresOf, prepare } from "../src/guardrails/classifier/features.ts";
import { serializeModel, sigmoid } from "../src/guardrails/classifier/model.ts";
import { maxRawScores } from "../src/guardrails/classifier/score.ts";
import { windowsOf } from "../src/guardrails/classifier/windows.ts";

const OUT_DIR = join(import.meta.dir, "..", "src", "guardrails", "classifier", "models");
const EPOCHS = Number(process.env.TRAIN_EPOCHS ?? 12);
const LEARNING_RATE = 0.4;
const L2 = 1e-5;

interface Example {
  readonly indices: Int32Array;
  readonly scale: number;
  readonly y: 0 | 1;
}

function example(text: string, positive: boolean): Example {
  const f = featuresOf(text);
  return { indices: f.indices.slice(0, f.count), scale: f.scale, y: positive ? 1 : 0 };
}

/**
 * Training examples: every text whole, and every window of a benign text as a benign example
 * (scoring takes the highest window, so no benign window may score high). An attack's windows
 * are not labelled in general: most of a long jailbreak is ordinary text. A BIPIA email with an
 * attack inside is labelled window by window instead, from its clean twin: the windows that
 * hold the attack are attacks, the others are benign, and the email as a whole is not used.
 */
function encodeForTraining(rows: readonly { text: string; positive: boolean; row: Row }[], twins: ReadonlyMap<string, string>, window: number): Example[] {
  const out: Example[] = [];
  for (const { text, positive, row } of rows) {
    if (positive && row.source.includes("BIPIA") && !row.generated) {
      const twin = twins.get(text);
      if (!twin) continue;
      const t = prepare(text);
      const [s, e] = insertedSpan(prepare(twin), t);
      const w = windowsOf(t, window);
      for (let i = 0; i < w.length; i += 2) {
        const overlap = Math.min(e, w[i + 1]!) - Math.max(s, w[i]!);
        // Holds most of the attack, or is mostly attack.
        const attack = overlap >= 0.6 * (e - s) || overlap >= 0.5 * (w[i + 1]! - w[i]!);
        out.push(example(t.slice(w[i], w[i + 1]), attack));
      }
      continue;
    }
    const t = prepare(text);
    out.push(example(t, positive));
    if (!positive) {
      const w = windowsOf(t, window);
      for (let i = 0; i < w.length; i += 2) out.push(example(t.slice(w[i], w[i + 1]), false));
    }
  }
  return out;
}

function train(examples: readonly Example[], seed: number): { weights: Float32Array; bias: number } {
  const weights = new Float32Array(FEATURE_COUNT);
  const gradSq = new Float32Array(FEATURE_COUNT);
  let bias = 0;
  let biasGradSq = 0;
  const positives = examples.filter((e) => e.y === 1).length;
  const negatives = examples.length - positives;
  const weightOf = (y: number) => (y === 1 ? examples.length / (2 * positives) : examples.length / (2 * negatives));
  const order = examples.map((_, i) => i);
  const rand = mulberry32(seed);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const k of order) {
      const e = examples[k]!;
      let z = bias;
      for (const idx of e.indices) z += weights[idx]! * e.scale;
      const g = (sigmoid(z) - e.y) * weightOf(e.y);
      for (const idx of e.indices) {
        const grad = g * e.scale + L2 * weights[idx]!;
        gradSq[idx]! += grad * grad;
        weights[idx]! -= (LEARNING_RATE * grad) / Math.sqrt(gradSq[idx]! + 1e-8);
      }
      biasGradSq += g * g;
      bias -= (LEARNING_RATE * g) / Math.sqrt(biasGradSq + 1e-8);
    }
  }
  return { weights, bias };
}

/** The runtime's score (whole text and windows, highest wins) with the float weights. */
function scoreText(model: { weights: Float32Array; bias: number }, text: string, window: number): number {
  return maxRawScores([{ weights: model.weights, scale: 1, bias: model.bias, window }], prepare(text))[0]!;
}

/** Platt scaling: the sigmoid(a * score + b) that best fits the labels (Newton's method). */
function platt(scores: readonly number[], labels: readonly number[]): { a: number; b: number } {
  const pos = labels.filter((y) => y === 1).length;
  const neg = labels.length - pos;
  // Platt's smoothed targets keep the fit finite on separable data.
  const hi = (pos + 1) / (pos + 2);
  const lo = 1 / (neg + 2);
  let a = 1;
  let b = 0;
  for (let iter = 0; iter < 100; iter++) {
    let gA = 0;
    let gB = 0;
    let hAA = 1e-9;
    let hAB = 0;
    let hBB = 1e-9;
    for (let i = 0; i < scores.length; i++) {
      const t = labels[i] === 1 ? hi : lo;
      const p = sigmoid(a * scores[i]! + b);
      const d = p - t;
      const w = p * (1 - p);
      gA += d * scores[i]!;
      gB += d;
      hAA += w * scores[i]! * scores[i]!;
      hAB += w * scores[i]!;
      hBB += w;
    }
    const det = hAA * hBB - hAB * hAB;
    const dA = (hBB * gA - hAB * gB) / det;
    const dB = (hAA * gB - hAB * gA) / det;
    a -= dA;
    b -= dB;
    if (Math.abs(dA) + Math.abs(dB) < 1e-9) break;
  }
  return { a, b };
}

if (import.meta.main) main();

function main(): void {
const all = loadRows();
const twins = bipiaTwins(all);
const trainRows: Row[] = splitRows(all, "train");
const calibrationRows: Row[] = splitRows(all, "calibration");
const evalRows: Row[] = splitRows(all, "eval");
console.log(`rows: ${all.length}; train ${trainRows.length}, calibration ${calibrationRows.length}, held-out ${evalRows.length} (generated rows included)`);
mkdirSync(OUT_DIR, { recursive: true });

DETECTORS.forEach(({ model: name, label, window }, n) => {
  if (process.env.TRAIN_ONLY && process.env.TRAIN_ONLY !== name) return;
  const t0 = performance.now();
  const trainSet = encodeForTraining(forDetector(trainRows, label), twins, window);
  const model = train(trainSet, 1000 + n);
  const calibration = forDetector(calibrationRows, label);
  const { a, b } = platt(
    calibration.map((e) => scoreText(model, e.text, window)),
    calibration.map((e) => (e.positive ? 1 : 0)),
  );
  console.log(`${name}: Platt a=${a.toFixed(3)} b=${b.toFixed(3)}, bias ${model.bias.toFixed(3)}`);
  writeFileSync(join(OUT_DIR, `${name}.bin`), serializeModel(model.weights, model.bias, a, b, window));
  const held = forDetector(evalRows, label);
  const probs = held.map((e) => sigmoid(a * scoreText(model, e.text, window) + b));
  const labels = held.map((e) => (e.positive ? 1 : 0));
  const auc = rocAuc(probs, labels.map((y) => y === 1));
  const negatives = labels.filter((y) => y === 0).length;
  const positives = labels.length - negatives;
  const fp = probs.filter((p, i) => labels[i] === 0 && p >= 0.7).length;
  const tp = probs.filter((p, i) => labels[i] === 1 && p >= 0.7).length;
  console.log(
    `${name}: ${trainSet.length} training rows, ${((performance.now() - t0) / 1000).toFixed(1)} s; held-out AUC ${auc.toFixed(4)}, ` +
      `recall@0.7 ${(tp / positives).toFixed(3)}, FPR@0.7 ${(fp / negatives).toFixed(4)} (${positives} positives, ${negatives} benign)`,
  );
});
}
