/**
 * `engine: cascade` (DECISIONS §3, §11): the in-process classifier first; its score decides
 * outside `cascade_band` (below: the text passes, at or above the top: it trips), and only a
 * text that scores inside the band goes to the judge model (or, with `cascade_with: classifier`,
 * the classifier endpoint), which then decides as `engine: llm` (`classifier`) would.
 * Most texts never leave the process; the doubtful ones get the judge. The result's `engine`
 * says which decided, and `local_confidence` keeps the classifier's score.
 */
import type { GuardrailServices } from "../services.ts";
import { GuardrailConfigError, type Detection, type Detector } from "../types.ts";
import { classify, type ClassifierName } from "./classifier.ts";
import type { TextReading } from "./rules.ts";

/**
 * The default band (DECISIONS §3): under 0.2 the text passes and at 0.9 or above it trips without
 * a judge call. `bun run eval` reports the share of texts it sends to the judge and the false
 * positives of the local trips above it; a band whose top is the local threshold
 * (thresholds.ts) trips locally only where the classifier keeps under 1% false positives.
 */
export const DEFAULT_CASCADE_BAND: readonly [number, number] = [0.2, 0.9];

export interface CascadeSpec {
  readonly classifier: ClassifierName;
  readonly band: readonly [number, number];
  readonly name: string;
  /** The label of a local trip. */
  readonly label: string;
  /** What decides inside the band: the judge model or a classifier endpoint (`cascade_with`), its threshold the detector's `confidence_threshold`. */
  readonly decider: Detector;
  /** Whose text the local classifier reads (rules.ts). */
  readonly reading?: TextReading;
}

/** The band as configured, checked (a low end above the high end is a config error), or the default. */
export function cascadeBand(band: readonly number[] | undefined): readonly [number, number] {
  if (band === undefined) return DEFAULT_CASCADE_BAND;
  if (band[0]! > band[1]!) throw new GuardrailConfigError("cascade_band", "cascade_band's low end must not be above its high end");
  return [band[0]!, band[1]!];
}

export function createCascadeDetector(spec: CascadeSpec, _services: GuardrailServices): Detector {
  const judge = spec.decider;
  const [low, high] = spec.band;
  const name = spec.name;
  return {
    kind: "detector",
    name,
    // A text in the band waits for the judge: streams and stages treat it as a remote check.
    remote: true,
    perText: spec.decider.perText,
    async detect(text, context): Promise<Detection> {
      const local = classify(spec.classifier, text, spec.reading);
      if (local < low || local >= high) {
        const tripped = local >= high;
        return {
          tripped,
          confidence: local,
          labels: tripped ? [spec.label] : [],
          info: { guardrail_name: name, engine: "local", confidence: local, cascade_band: [low, high] },
        };
      }
      const verdict = await judge.detect(text, context);
      return { ...verdict, info: { ...verdict.info, local_confidence: local, cascade_band: [low, high] } };
    },
  };
}
