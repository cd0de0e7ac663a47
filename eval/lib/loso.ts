/**
 * Leave-one-source-out scores: for each source group, the three detectors trained exactly as
 * the shipped ones (scripts/lib/detector-training.ts) on every other source, then run on every
 * row of the group. A row's score thus comes from models that never saw its source, nor any
 * row generated from it. Folds run in parallel worker threads.
 */
import { availableParallelism } from "node:os";
import { DETECTORS, splitRows, type ModelName, type Row } from "./detector-data.ts";
import { FeatureCache, probabilityOf, trainDetector } from "../../scripts/lib/detector-training.ts";

export type ModelScores = Record<ModelName, number>;

/** The scores of the rows of `group` from models trained without it, in row order. */
export function foldScores(all: readonly Row[], group: string, cache = new FeatureCache()): ModelScores[] {
  const rest = all.filter((r) => r.group !== group);
  const trainRows = splitRows(rest, "train");
  const calibrationRows = splitRows(rest, "calibration");
  const held = all.filter((r) => r.group === group);
  const out: ModelScores[] = held.map(() => ({ injection: 0, jailbreak: 0, harmful: 0 }));
  DETECTORS.forEach((detector, n) => {
    const model = trainDetector(detector, trainRows, calibrationRows, 1000 + n, cache);
    held.forEach((r, i) => (out[i]![detector.model] = probabilityOf(model, r.text)));
  });
  return out;
}

/** Every group's fold, `threads` at a time; a map from each row to its scores. */
export async function losoScores(all: readonly Row[], threads = Math.max(1, availableParallelism()), log: (line: string) => void = () => {}): Promise<Map<Row, ModelScores>> {
  const groups = [...new Set(all.map((r) => r.group!))];
  // Largest folds first, so the last to finish is a short one.
  const size = (g: string) => all.length - all.filter((r) => r.group === g).length;
  groups.sort((a, b) => size(b) - size(a) || a.localeCompare(b));
  const result = new Map<Row, ModelScores>();
  const queue = [...groups];
  const runWorker = async () => {
    const worker = new Worker(new URL("./loso-worker.ts", import.meta.url).href);
    try {
      for (let group = queue.shift(); group !== undefined; group = queue.shift()) {
        const t0 = performance.now();
        const scores = await new Promise<ModelScores[]>((resolve, reject) => {
          worker.onmessage = (e: MessageEvent<ModelScores[]>) => resolve(e.data);
          worker.onerror = (e) => reject(new Error(e.message));
          worker.postMessage(group);
        });
        const held = all.filter((r) => r.group === group);
        held.forEach((r, i) => result.set(r, scores[i]!));
        log(`fold ${group}: ${held.length} rows, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      }
    } finally {
      worker.terminate();
    }
  };
  await Promise.all(Array.from({ length: Math.min(threads, groups.length) }, runWorker));
  return result;
}
