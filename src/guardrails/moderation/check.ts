/**
 * A check on the moderations endpoint: trips when the endpoint flags one of the chosen
 * categories; the confidence is the highest score among them. Shared by `Moderation` and by
 * `HarmfulContent` with `engine: moderation`.
 */
import type { GuardrailServices } from "../services.ts";
import { GuardrailUnavailableError, type Detection, type Detector } from "../types.ts";

export interface ModerationCheckSpec {
  readonly name: string;
  readonly model: string;
  readonly categories: readonly string[];
  /** Trip on scores at or above this too, besides the endpoint's own flags; null: flags only. */
  readonly threshold: number | null;
}

export function createModerationCheck(spec: ModerationCheckSpec, services: GuardrailServices): Detector {
  return {
    kind: "detector",
    name: spec.name,
    remote: true,
    engine: "moderation",
    async detect(text, context): Promise<Detection> {
      const moderation = services.moderation;
      if (!moderation) throw new GuardrailUnavailableError("no moderations endpoint is configured (COMPAT_BASE_URL / models config)");
      const result = await moderation.moderate({ model: spec.model, input: text, signal: context.signal });
      const hit: string[] = [];
      let confidence = 0;
      for (const category of spec.categories) {
        const score = result.scores[category] ?? 0;
        confidence = Math.max(confidence, score);
        if (result.categories[category] === true || (spec.threshold !== null && score >= spec.threshold)) hit.push(category);
      }
      return {
        tripped: hit.length > 0,
        confidence,
        labels: hit,
        info: { guardrail_name: spec.name, engine: "moderation", model: spec.model, flagged_categories: hit, category_scores: pick(result.scores, spec.categories) },
      };
    },
  };
}

function pick(scores: Readonly<Record<string, number>>, keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) if (k in scores) out[k] = scores[k]!;
  return out;
}
