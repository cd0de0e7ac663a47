/**
 * Upstream answers are read up to a size (DECISIONS §7, SVC_GUARDRAILS_MAX_ANSWER_BYTES): an
 * upstream that answers without end, or a compressed answer that unpacks to gigabytes, costs
 * the cap and a 502 `upstream_answer_too_large`, not the process's memory.
 */
import { ApiError } from "../errors/api-error.ts";

export function answerTooLarge(cap: number): ApiError {
  return new ApiError(502, "upstream_answer_too_large", `the upstream's answer is larger than the ${cap}-byte limit (SVC_GUARDRAILS_MAX_ANSWER_BYTES)`);
}

/**
 * The body as text; throws `answerTooLarge` once more than `cap` bytes arrive. A plain answer
 * that declares a length within the cap is read natively (the hot path); a compressed one is
 * counted as it unpacks, since its declared length is the packed size.
 */
export async function readAnswerText(response: Response, cap: number): Promise<string> {
  const declared = response.headers.get("content-length");
  const declaredBytes = declared === null ? NaN : Number(declared);
  if (declaredBytes > cap) {
    await response.body?.cancel().catch(() => undefined);
    throw answerTooLarge(cap);
  }
  if (declaredBytes <= cap && !response.headers.has("content-encoding")) return response.text();
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      throw answerTooLarge(cap);
    }
    text += decoder.decode(value, { stream: true });
  }
}
