/**
 * A local classifier's model: a logistic regression over hashed binary features (features.ts),
 * stored as 16-bit weights with one scale, a bias, the two Platt-scaling parameters that turn
 * its score into a calibrated probability, and the language correction (language.ts): what the
 * training data's language mix alone added to the score of a text outside English, taken off
 * again. Written by scripts/train-detectors.ts.
 */
import { FEATURE_BITS, type Features } from "./features.ts";

const MAGIC = 0x334d434c; // "LCM3"
const HEADER_BYTES = 32;

/** What scoring needs: the trainer scores with float weights (scale 1), the runtime with integers. */
export interface Weights {
  readonly weights: Int16Array | Float32Array;
  readonly scale: number;
  readonly bias: number;
  /** Raw-score units taken off a judged text outside English; none when absent. */
  readonly outsideEnglishShift?: number;
}

export interface LinearModel extends Weights {
  /** Quantised weights, one per feature bucket. */
  readonly weights: Int16Array;
  /** What one weight unit is worth. */
  readonly scale: number;
  readonly bias: number;
  /** Calibration: probability = sigmoid(plattA * score + plattB). */
  readonly plattA: number;
  readonly plattB: number;
  /** Window length the model judges long texts by (windows.ts); 0: the whole text only. */
  readonly window: number;
  /**
   * The language correction in calibrated log-odds: ln(P(outside English | attack) /
   * P(outside English | benign)) over the weighted training rows, 0 when English is as common
   * among attacks as among ordinary texts.
   */
  readonly languageShift: number;
  readonly outsideEnglishShift: number;
}

/** The model's raw score: bias plus the weights of the present features, each worth `f.scale`. */
export function rawScore(model: Weights, f: Features): number {
  const w = model.weights;
  const idx = f.indices;
  let sum = 0;
  for (let k = 0; k < f.count; k++) sum += w[idx[k]!]!;
  const shift = f.outsideEnglish ? (model.outsideEnglishShift ?? 0) : 0;
  return model.bias + sum * model.scale * f.scale - shift;
}

/** The language correction in raw-score units: log-odds divided by the calibration's slope. */
export function rawLanguageShift(languageShift: number, plattA: number): number {
  return plattA > 0 ? languageShift / plattA : 0;
}

export function probability(model: LinearModel, f: Features): number {
  return sigmoid(model.plattA * rawScore(model, f) + model.plattB);
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

export function serializeModel(weights: Float32Array, bias: number, plattA: number, plattB: number, window: number, languageShift: number): Uint8Array {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 32767 : 1;
  const out = new Uint8Array(HEADER_BYTES + weights.length * 2);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, FEATURE_BITS, true);
  view.setFloat32(8, scale, true);
  view.setFloat32(12, bias, true);
  view.setFloat32(16, plattA, true);
  view.setFloat32(20, plattB, true);
  view.setUint32(24, window, true);
  view.setFloat32(28, languageShift, true);
  for (let i = 0; i < weights.length; i++) view.setInt16(HEADER_BYTES + i * 2, Math.round(weights[i]! / scale), true);
  return out;
}

export function parseModel(bytes: Uint8Array, name: string): LinearModel {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new Error(`${name} is not a classifier model`);
  if (view.getUint32(4, true) !== FEATURE_BITS) throw new Error(`${name} was trained with another feature size`);
  const count = 1 << FEATURE_BITS;
  const weights = new Int16Array(count);
  for (let i = 0; i < count; i++) weights[i] = view.getInt16(HEADER_BYTES + i * 2, true);
  const plattA = view.getFloat32(16, true);
  const languageShift = view.getFloat32(28, true);
  return {
    weights,
    scale: view.getFloat32(8, true),
    bias: view.getFloat32(12, true),
    plattA,
    plattB: view.getFloat32(20, true),
    window: view.getUint32(24, true),
    languageShift,
    outsideEnglishShift: rawLanguageShift(languageShift, plattA),
  };
}
