/** The judge model's verdict: `{flagged, confidence[, reason]}`, requested as structured output and checked on arrival. */
import { GuardrailUnavailableError } from "../types.ts";

export interface Verdict {
  readonly flagged: boolean;
  readonly confidence: number;
  readonly reason?: string;
}

/** The JSON schema sent as the response format; `reason` only when the policy asks for it. */
export function verdictSchema(withReason: boolean): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    flagged: { type: "boolean", description: "true when the text is what the check looks for" },
    confidence: { type: "number", minimum: 0, maximum: 1, description: "how sure, from 0 to 1" },
  };
  if (withReason) properties.reason = { type: "string", description: "one short sentence on why" };
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
}

/** Parses the judge's answer. A verdict that is not what was asked for is an unavailable check, never a pass. */
export function parseVerdict(content: string): Verdict {
  let value: unknown;
  try {
    // Some models wrap JSON in a code fence despite being asked not to.
    value = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ""));
  } catch {
    throw new GuardrailUnavailableError("the judge model's verdict is not JSON");
  }
  if (typeof value !== "object" || value === null) throw new GuardrailUnavailableError("the judge model's verdict is not an object");
  const v = value as Record<string, unknown>;
  if (typeof v.flagged !== "boolean") throw new GuardrailUnavailableError("the judge model's verdict has no boolean 'flagged'");
  if (typeof v.confidence !== "number" || !Number.isFinite(v.confidence) || v.confidence < 0 || v.confidence > 1) {
    throw new GuardrailUnavailableError("the judge model's verdict has no 'confidence' between 0 and 1");
  }
  return typeof v.reason === "string" ? { flagged: v.flagged, confidence: v.confidence, reason: v.reason } : { flagged: v.flagged, confidence: v.confidence };
}
