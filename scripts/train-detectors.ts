/**
 * Trains the local classifiers of PromptInjection, Jailbreak and HarmfulContent from
 * ../shared/data/guardrails-train and guardrails-train-v2 (eval/lib/detector-data.ts splits
 * them and generates the length-balancing sets; scripts/lib/detector-training.ts trains) and
 * writes src/guardrails/classifier/models/<name>.bin.
 *
 *   bun run train            (prints held-out ROC AUC, FPR and recall at 0.7 per model)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DETECTORS, forDetector, loadRows, splitRows, type Row } from "../eval/lib/detector-data.ts";
import { rocAuc } from "../eval/lib/roc.ts";
import { serializeModel } from "../src/guardrails/classifier/model.ts";
import { FeatureCache, probabilityOf, trainDetector } from "./lib/detector-training.ts";

const OUT_DIR = join(import.meta.dir, "..", "src", "guardrails", "classifier", "models");

if (import.meta.main) main();

function main(): void {
  const all = loadRows();
  const trainRows: Row[] = splitRows(all, "train");
  const calibrationRows: Row[] = splitRows(all, "calibration");
  const evalRows: Row[] = splitRows(all, "eval");
  console.log(`rows: ${all.length}; train ${trainRows.length}, calibration ${calibrationRows.length}, held-out ${evalRows.length} (generated rows included)`);
  mkdirSync(OUT_DIR, { recursive: true });
  const cache = new FeatureCache();
  DETECTORS.forEach((detector, n) => {
    const name = detector.model;
    if (process.env.TRAIN_ONLY && process.env.TRAIN_ONLY !== name) return;
    const t0 = performance.now();
    const model = trainDetector(detector, trainRows, calibrationRows, 1000 + n, cache);
    console.log(`${name}: Platt a=${model.plattA.toFixed(3)} b=${model.plattB.toFixed(3)}, bias ${model.bias.toFixed(3)}, language shift ${model.languageShift.toFixed(3)}`);
    writeFileSync(join(OUT_DIR, `${name}.bin`), serializeModel(model.weights, model.bias, model.plattA, model.plattB, model.window, model.languageShift));
    const held = forDetector(evalRows, detector.label);
    const probs = held.map((e) => probabilityOf(model, e.text));
    const labels = held.map((e) => e.positive);
    const negatives = labels.filter((y) => !y).length;
    const positives = labels.length - negatives;
    const fp = probs.filter((p, i) => !labels[i] && p >= 0.7).length;
    const tp = probs.filter((p, i) => labels[i] && p >= 0.7).length;
    console.log(
      `${name}: ${model.examples} training examples, ${((performance.now() - t0) / 1000).toFixed(1)} s; held-out AUC ${rocAuc(probs, labels).toFixed(4)}, ` +
        `recall@0.7 ${(tp / positives).toFixed(3)}, FPR@0.7 ${(fp / negatives).toFixed(4)} (${positives} positives, ${negatives} benign)`,
    );
  });
}
