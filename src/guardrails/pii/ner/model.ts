/**
 * The tagger's weights: a hashed table of `buckets x TAG_COUNT` scores (feature hashing: a
 * feature's hash picks its row, collisions are tolerated). Stored as 16-bit integers with one
 * scale in model.bin, written by scripts/train-ner.ts; loaded on first use. Tagging sums the
 * integers as they are: only the arg-max matters, so the scale never needs applying, and the
 * table is half the size of a float one (512 KB: it stays in cache).
 */
import { readFileSync } from "node:fs";
import modelPath from "./model.bin" with { type: "file" };
import { TAG_COUNT } from "./features.ts";

const MAGIC = 0x314d454e; // "NEM1"
const HEADER_BYTES = 16;

export interface Model {
  /** log2 of the number of buckets. */
  readonly bits: number;
  /** Float weights while training; quantised integers once loaded. */
  readonly weights: Float32Array | Int16Array;
}

let loaded: Model | null = null;

export function nerModel(): Model {
  loaded ??= parseModel(readFileSync(modelPath));
  return loaded;
}

export function serializeModel(model: Model): Uint8Array {
  let max = 0;
  for (const w of model.weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? 32767 / max : 1;
  const out = new Uint8Array(HEADER_BYTES + model.weights.length * 2);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, model.bits, true);
  view.setUint32(8, TAG_COUNT, true);
  view.setFloat32(12, scale, true);
  for (let i = 0; i < model.weights.length; i++) view.setInt16(HEADER_BYTES + i * 2, Math.round(model.weights[i]! * scale), true);
  return out;
}

export function parseModel(bytes: Uint8Array): Model {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new Error("model.bin is not a tagger model");
  const bits = view.getUint32(4, true);
  if (view.getUint32(8, true) !== TAG_COUNT) throw new Error("model.bin has a different tag set");
  const weights = new Int16Array((1 << bits) * TAG_COUNT);
  for (let i = 0; i < weights.length; i++) weights[i] = view.getInt16(HEADER_BYTES + i * 2, true);
  return { bits, weights };
}
