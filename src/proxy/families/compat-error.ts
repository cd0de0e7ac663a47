/**
 * The error body OpenAI-style clients parse (chat completions, responses, and the routes that
 * are no family's): `error: {message, type, code, param}` beside SPEC's `detail` (DECISIONS §6).
 */
import type { ErrorDetail } from "../family.ts";

export function compatErrorBody(status: number, detail: ErrorDetail): Record<string, unknown> {
  return { detail, error: { message: detail.message, type: compatErrorType(status), code: detail.error, param: null } };
}

/** OpenAI's `error.type` values. */
function compatErrorType(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status >= 500) return status === 503 ? "service_unavailable" : "server_error";
  return "invalid_request_error";
}
