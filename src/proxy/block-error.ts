/** A pipeline block as the proxy's answer. */
import { ApiError } from "../errors/api-error.ts";
import type { Block } from "../pipeline/types.ts";

/** A pipeline block as the proxy's answer: enforcement is 400; a check that could not run, 503. */
export function blockError(block: Block): ApiError {
  return block.cause === "unavailable"
    ? new ApiError(503, "guardrail_unavailable", block.message, block.guardrail)
    : new ApiError(400, "guardrail_enforcement_triggered", block.message, block.guardrail);
}
