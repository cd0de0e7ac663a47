/**
 * Greedy left-to-right tagging with a linear model (trained as an averaged perceptron): each
 * scored token takes the tag with the highest sum of its features' weights, and the tag it
 * takes is a feature of the next token. Linear in the text.
 */
import { featuresAt, MAX_FEATURES, TAG_COUNT, worthScoring, type Tag } from "./features.ts";
import type { Model } from "./model.ts";
import { Shape, type Tokens } from "./tokens.ts";

const features = new Uint32Array(MAX_FEATURES);
const scores = new Float32Array(TAG_COUNT);

export function scoreInto(model: Model, feats: Uint32Array, count: number, out: Float32Array): void {
  const mask = (1 << model.bits) - 1;
  const w = model.weights;
  // TAG_COUNT is 4: unrolled, the sums stay in registers.
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let f = 0; f < count; f++) {
    const row = (feats[f]! & mask) << 2;
    s0 += w[row]!;
    s1 += w[row + 1]!;
    s2 += w[row + 2]!;
    s3 += w[row + 3]!;
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
  out[3] = s3;
}

export function argmax(s: Float32Array): Tag {
  let best = 0;
  for (let k = 1; k < s.length; k++) if (s[k]! > s[best]!) best = k;
  return best as Tag;
}

/** Tags of every token (0 = O). */
export function tag(model: Model, tokens: Tokens): Uint8Array {
  const count = tokens.count;
  const tags = new Uint8Array(count);
  const shape = tokens.shape;
  const hash = tokens.hash;
  const lexicon = tokens.lexicon;
  let prev: Tag = 0;
  for (let i = 0; i < count; i++) {
    // Most tokens: a lower-case word outside an entity, not in the small lower-case table.
    // Tested here, without a call, before `worthScoring` (which says the same for them).
    if (prev === 0 && shape[i] === Shape.LOWER && lexicon.lowerCaseFlagsOfHash(hash[i]!) === 0) continue;
    let t: Tag = 0;
    if (worthScoring(tokens, i, prev)) {
      const n = featuresAt(tokens, i, prev, features);
      scoreInto(model, features, n, scores);
      t = argmax(scores);
    }
    tags[i] = t;
    prev = t;
  }
  return tags;
}
