/** A detector on a local classifier: the calibrated probability is the confidence, compared with the threshold. */
import type { Detection, Detector } from "../types.ts";
import { classify, type ClassifierName } from "./classifier.ts";
import type { TextReading } from "./rules.ts";

export function createLocalDetector(name: string, classifier: ClassifierName, threshold: number, reading: TextReading = "prompt"): Detector {
  return {
    kind: "detector",
    name,
    detect(text): Detection {
      const confidence = classify(classifier, text, reading);
      const tripped = confidence >= threshold;
      return { tripped, confidence, labels: tripped ? [classifier] : [], info: { guardrail_name: name, engine: "local", confidence, threshold } };
    },
  };
}
