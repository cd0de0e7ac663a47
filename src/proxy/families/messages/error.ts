/**
 * The error body the Anthropic SDK parses: `type: "error", error: {type, message}` beside
 * SPEC's `detail` (DECISIONS §6).
 */
import type { ErrorDetail } from "../../family.ts";

export function messagesErrorBody(status: number, detail: ErrorDetail): Record<string, unknown> {
  return { type: "error", error: { type: messagesErrorType(status), message: detail.message }, detail };
}

/** Anthropic's `error.type` values. */
function messagesErrorType(status: number): string {
  switch (status) {
    case 401:
      return "authentication_error";
    case 403:
      return "permission_error";
    case 404:
      return "not_found_error";
    case 413:
      return "request_too_large";
    case 429:
      return "rate_limit_error";
    case 503:
    case 529:
      return "overloaded_error";
    case 504:
      return "timeout_error";
    default:
      return status >= 500 ? "api_error" : "invalid_request_error";
  }
}
