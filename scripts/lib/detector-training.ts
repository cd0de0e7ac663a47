/**
 * How a local classifier is trained (scripts/train-detectors.ts writes the shipped models; the
 * leave-one-source-out evaluation, eval/lib/loso.ts, trains the same way without one source).
 *
 * A logistic regression over hashed binary features (src/guardrails/classifier/features.ts),
 * trained by AdaGrad with class-balanced weights, each source weighed so that no single one
 * decides a class (`sourceWeights`), then calibrated on a calibration set by Platt scaling, so
 * its probability means what `confidence_threshold` assumes, with the language correction
 * (`languageShift`) measured on the same weighted rows. Deterministic: the same rows give the
 * same model.
 */
import { bipiaTwins, forDetector, insertedSpan, type Label, type Row } from "../../eval/lib/detector-data.ts";
import { mulberry32 } from "../../eval/lib/random.ts";
import { FEATURE_COUNT, featuresOf, prepare } from "../../src/guardrails/classifier/features.ts";
import { rawLanguageShift, sigmoid } from "../../src/guardrails/classifier/model.ts";
import { maxRawScores } from "../../src/guardrails/classifier/score.ts";
import { windowsOf } from "../../src/guardrails/classifier/windows.ts";

const LEARNING_RATE = 0.4;
const L2 = 1e-5;
export const EPOCHS = Number(process.env.TRAIN_EPOCHS ?? 8);
/**
 * Rows of one source and label that count fully; a larger source's rows count less, so that it
 * weighs as much as this many rows (plus a square-root share of the rest): 5,000 search
 * questions must not teach the benign class that benign means "a lower-case question".
 */
export const SOURCE_ROWS = Number(process.env.TRAIN_SOURCE_ROWS ?? 600);

export interface Example {
  readonly indices: Int32Array;
  readonly scale: number;
  readonly y: 0 | 1;
  readonly weight: number;
}

export interface TrainedModel {
  readonly weights: Float32Array;
  readonly bias: number;
  readonly plattA: number;
  readonly plattB: number;
  readonly window: number;
  /** The language correction in calibrated log-odds (model.ts). */
  readonly languageShift: number;
}

/** Features of prepared texts, kept across the models and folds that train on the same texts. */
export class FeatureCache {
  private readonly byText = new Map<string, { indices: Int32Array; scale: number; outsideEnglish: boolean }>();

  of(prepared: string): { indices: Int32Array; scale: number; outsideEnglish: boolean } {
    let f = this.byText.get(prepared);
    if (!f) {
      const computed = featuresOf(prepared);
      f = { indices: computed.indices.slice(0, computed.count), scale: computed.scale, outsideEnglish: computed.outsideEnglish };
      this.byText.set(prepared, f);
    }
    return f;
  }
}

const preparedTexts = new Map<string, string>();
function prepared(text: string): string {
  let t = preparedTexts.get(text);
  if (t === undefined) preparedTexts.set(text, (t = prepare(text)));
  return t;
}

/**
 * Each row's weight: 1 for a source's first `SOURCE_ROWS` rows of a label, less beyond, so a
 * source of n rows weighs SOURCE_ROWS * sqrt(n / SOURCE_ROWS). Generated rows count by their
 * generator's name.
 */
export function sourceWeights(rows: readonly Row[]): Map<Row, number> {
  const counts = new Map<string, number>();
  const key = (r: Row) => `${r.group ?? r.source.split("#")[0]}\u0000${r.label}`;
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  const out = new Map<Row, number>();
  for (const r of rows) {
    const n = counts.get(key(r))!;
    out.set(r, n <= SOURCE_ROWS ? 1 : Math.sqrt(SOURCE_ROWS / n));
  }
  return out;
}

/**
 * Training examples: every text whole, and every window of a benign text as a benign example
 * (scoring takes the highest window, so no benign window may score high), sharing the text's
 * weight. An attack's windows are not labelled in general: most of a long jailbreak is ordinary
 * text. A BIPIA document with an attack inside is labelled window by window instead, from its
 * clean twin: the windows that hold the attack are attacks, the others are benign.
 */
export function encodeForTraining(
  rows: readonly { text: string; positive: boolean; row: Row }[],
  twins: ReadonlyMap<string, string>,
  window: number,
  weights: ReadonlyMap<Row, number>,
  cache: FeatureCache,
): Example[] {
  const out: Example[] = [];
  const add = (t: string, positive: boolean, weight: number) => {
    const f = cache.of(t);
    out.push({ indices: f.indices, scale: f.scale, y: positive ? 1 : 0, weight });
  };
  for (const { text, positive, row } of rows) {
    const weight = weights.get(row) ?? 1;
    const t = prepared(text);
    const twin = positive && !row.generated ? twins.get(text) : undefined;
    if (twin !== undefined) {
      const [s, e] = insertedSpan(prepared(twin), t);
      const w = windowsOf(t, window);
      if (w.length === 0) add(t, true, weight);
      for (let i = 0; i < w.length; i += 2) {
        const overlap = Math.min(e, w[i + 1]!) - Math.max(s, w[i]!);
        // Holds most of the attack, or is mostly attack.
        const attack = overlap >= 0.6 * (e - s) || overlap >= 0.5 * (w[i + 1]! - w[i]!);
        add(t.slice(w[i], w[i + 1]), attack, weight);
      }
      continue;
    }
    add(t, positive, weight);
    if (!positive) {
      const w = windowsOf(t, window);
      for (let i = 0; i < w.length; i += 2) add(t.slice(w[i], w[i + 1]), false, weight);
    }
  }
  return out;
}

export function train(examples: readonly Example[], seed: number, epochs = EPOCHS): { weights: Float32Array; bias: number } {
  const weights = new Float32Array(FEATURE_COUNT);
  const gradSq = new Float32Array(FEATURE_COUNT);
  let bias = 0;
  let biasGradSq = 0;
  let positiveWeight = 0;
  let total = 0;
  for (const e of examples) {
    total += e.weight;
    if (e.y === 1) positiveWeight += e.weight;
  }
  // Class-balanced: each class weighs half.
  const classWeight = [total / (2 * (total - positiveWeight)), total / (2 * positiveWeight)];
  const order = examples.map((_, i) => i);
  const rand = mulberry32(seed);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const k of order) {
      const e = examples[k]!;
      let z = bias;
      for (const idx of e.indices) z += weights[idx]! * e.scale;
      const g = (sigmoid(z) - e.y) * classWeight[e.y]! * e.weight;
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

/**
 * The runtime's raw score (whole text and windows, highest wins) with the float weights; with the
 * language correction once the model has one (calibration fits the scores without it).
 */
export function rawScoreOf(model: { weights: Float32Array; bias: number; window: number; outsideEnglishShift?: number }, text: string): number {
  return maxRawScores([{ weights: model.weights, scale: 1, bias: model.bias, window: model.window, outsideEnglishShift: model.outsideEnglishShift ?? 0 }], prepared(text))[0]!;
}

export function probabilityOf(model: TrainedModel, text: string): number {
  return sigmoid(model.plattA * rawScoreOf({ ...model, outsideEnglishShift: rawLanguageShift(model.languageShift, model.plattA) }, text) + model.plattB);
}

/**
 * How much more common texts outside English are among the attacks than among the ordinary
 * texts of the weighted training rows, in log-odds: the evidence a model takes from the language
 * alone, which the deployed model gives back (model.ts). Never negative.
 */
export function languageShiftOf(rows: readonly { positive: boolean; row: Row; text: string }[], weights: ReadonlyMap<Row, number>, cache: FeatureCache): number {
  let attacks = 0;
  let attacksOutside = 0;
  let ordinary = 0;
  let ordinaryOutside = 0;
  for (const r of rows) {
    const w = weights.get(r.row) ?? 1;
    const outside = cache.of(prepared(r.text)).outsideEnglish;
    if (r.positive) {
      attacks += w;
      if (outside) attacksOutside += w;
    } else {
      ordinary += w;
      if (outside) ordinaryOutside += w;
    }
  }
  if (attacks === 0 || ordinary === 0) return 0;
  // Half a row each way keeps a side without any text outside English finite.
  const ratio = (attacksOutside + 0.5) / (attacks + 1) / ((ordinaryOutside + 0.5) / (ordinary + 1));
  return Math.max(0, Math.log(ratio));
}

/**
 * Platt scaling: the sigmoid(a * score + b) that best fits the labels, by Newton's method with
 * a backtracking line search (Platt's own safeguards: started at a = 0, smoothed targets), so
 * scores far from zero cannot make a step overshoot.
 */
export function platt(scores: readonly number[], labels: readonly number[]): { a: number; b: number } {
  const pos = labels.filter((y) => y === 1).length;
  const neg = labels.length - pos;
  // Platt's smoothed targets keep the fit finite on separable data.
  const hi = (pos + 1) / (pos + 2);
  const lo = 1 / (neg + 2);
  const target = (i: number) => (labels[i] === 1 ? hi : lo);
  const loss = (a: number, b: number) => {
    let sum = 0;
    for (let i = 0; i < scores.length; i++) {
      const z = a * scores[i]! + b;
      // log(1 + e^z) - t z, computed without overflow.
      sum += (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - target(i) * z;
    }
    return sum;
  };
  let a = 0;
  let b = Math.log((pos + 1) / (neg + 1));
  let current = loss(a, b);
  for (let iter = 0; iter < 100; iter++) {
    let gA = 0;
    let gB = 0;
    let hAA = 1e-12;
    let hAB = 0;
    let hBB = 1e-12;
    for (let i = 0; i < scores.length; i++) {
      const p = sigmoid(a * scores[i]! + b);
      const d = p - target(i);
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
    let step = 1;
    let next = loss(a - step * dA, b - step * dB);
    while (next > current + 1e-12 && step > 1e-6) {
      step /= 2;
      next = loss(a - step * dA, b - step * dB);
    }
    if (next > current + 1e-12) break;
    a -= step * dA;
    b -= step * dB;
    const improved = current - next;
    current = next;
    if (improved < 1e-10 * Math.max(1, current)) break;
  }
  return { a, b };
}

export interface DetectorSpec {
  readonly model: string;
  readonly label: Label;
  readonly window: number;
}

/** One detector trained on `trainRows` and calibrated on `calibrationRows`. */
export function trainDetector(detector: DetectorSpec, trainRows: readonly Row[], calibrationRows: readonly Row[], seed: number, cache: FeatureCache): TrainedModel & { examples: number } {
  const twins = bipiaTwins(trainRows);
  const rows = forDetector(trainRows, detector.label);
  const weights = sourceWeights(rows.map((r) => r.row));
  const examples = encodeForTraining(rows, twins, detector.window, weights, cache);
  const fitted = { ...train(examples, seed), window: detector.window };
  const calibration = forDetector(calibrationRows, detector.label);
  const { a, b } = platt(
    calibration.map((e) => rawScoreOf(fitted, e.text)),
    calibration.map((e) => (e.positive ? 1 : 0)),
  );
  return { ...fitted, plattA: a, plattB: b, languageShift: languageShiftOf(rows, weights, cache), examples: examples.length };
}
