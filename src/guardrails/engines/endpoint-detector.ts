/** A detector on a classifier endpoint (`engine: classifier`): it trips at `confidence_threshold` (default 0.5). */
import type { GuardrailServices } from "../services.ts";
import type { Detection, Detector } from "../types.ts";
import { endpointScore, type ClassifierEndpoint } from "./classifier-endpoint.ts";

export function createEndpointDetector(name: string, label: string, endpoint: ClassifierEndpoint, threshold: number, services: GuardrailServices): Detector {
  return {
    kind: "detector",
    name,
    remote: true,
    perText: true,
    engine: "classifier",
    async detect(text, context): Promise<Detection> {
      const { score, windows, ms } = await endpointScore(endpoint, text, services, context.signal);
      const tripped = score >= threshold;
      return {
        tripped,
        confidence: score,
        labels: tripped ? [label] : [],
        info: { guardrail_name: name, engine: "classifier", engine_ms: Math.round(ms * 10) / 10, confidence: score, threshold, windows },
      };
    },
  };
}
