/**
 * Texts as the input detectors see them under the shipped default policy: `pre_flight` masks
 * every PII type and secrets before `input` judges (policies/default.yaml). The evaluation reports
 * the detectors on such texts, since that is what they are given in production. (Training on
 * masked copies was tried: it moved the harmful model's borderline cases without a gain, and the
 * classifier reads the placeholders as plain values anyway: src/guardrails/text/placeholders.ts.)
 */
import { createPiiMasker } from "../../src/guardrails/pii/guardrail.ts";
import { createSecretKeysMasker } from "../../src/guardrails/secret-keys/guardrail.ts";

const pii = createPiiMasker({});
const secrets = createSecretKeysMasker({ threshold: "balanced" });

export function maskAsDefaultPolicy(text: string): string {
  return secrets.mask(pii.mask(text).text).text;
}

