/** A text's score under a model: the highest of its whole-text score and its windows' scores. */
import { featuresOf } from "./features.ts";
import { rawScore, type Weights } from "./model.ts";
import { windowsOf } from "./windows.ts";

/**
 * Raw scores (before calibration) of `prepared` under each model: the whole text once for all
 * models, then each window size the models use once for the models that use it.
 */
export function maxRawScores(models: readonly (Weights & { readonly window: number })[], prepared: string): number[] {
  const best = models.map(() => -Infinity);
  const judge = (text: string, window: number | null) => {
    const f = featuresOf(text);
    for (let m = 0; m < models.length; m++) {
      if (window !== null && models[m]!.window !== window) continue;
      const s = rawScore(models[m]!, f);
      if (s > best[m]!) best[m] = s;
    }
  };
  judge(prepared, null);
  for (const size of new Set(models.map((m) => m.window))) {
    const w = windowsOf(prepared, size);
    for (let i = 0; i < w.length; i += 2) judge(prepared.slice(w[i], w[i + 1]), size);
  }
  return best;
}
