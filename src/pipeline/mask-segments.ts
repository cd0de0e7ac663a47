/**
 * One masker over every segment of a stage: what the stage's runner does in this thread and a
 * scan worker does for large texts (scan-worker.ts), so both report the same.
 */
import type { GuardrailInfo, Masker, MaskContext } from "../guardrails/types.ts";

export interface MaskedSegments {
  readonly tripped: boolean;
  /** Union over the segments, in the order found. */
  readonly labels: readonly string[];
  /** The last segment's details (SPEC's PII result describes one text). */
  readonly info: GuardrailInfo;
  /** Per segment: the masked text, or null where masking changed nothing. */
  readonly texts: readonly (string | null)[];
}

/** Throws what the masker throws; the caller decides what a failed masker means. */
export function maskSegments(masker: Masker, texts: readonly string[], context: MaskContext | undefined): MaskedSegments {
  let tripped = false;
  const labels = new Set<string>();
  let info: GuardrailInfo = {};
  const out: (string | null)[] = new Array(texts.length).fill(null);
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    const result = masker.mask(text, context);
    tripped ||= result.tripped;
    for (const l of result.labels) labels.add(l);
    info = result.info;
    if (result.text !== text) out[i] = result.text;
  }
  return { tripped, labels: [...labels], info, texts: out };
}
