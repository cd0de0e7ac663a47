/**
 * Error bodies (DECISIONS §6): SPEC's `detail` object, plus the same error in the shape the
 * route's own SDK parses, so an OpenAI or Anthropic client shows our message in its exception.
 */
import type { ApiError, ErrorCode } from "../errors/api-error.ts";

/** Which SDK's error shape a route's callers parse. */
export type ErrorFlavor = "compat" | "messages";

export function errorFlavor(path: string): ErrorFlavor {
  return path.startsWith("/v1/messages") ? "messages" : "compat";
}

export interface ErrorBody {
  readonly detail: { readonly error: ErrorCode; readonly message: string; readonly guardrail?: string };
  readonly [key: string]: unknown;
}

export function errorBody(err: ApiError, flavor: ErrorFlavor): ErrorBody {
  const detail = err.guardrail === undefined ? { error: err.code, message: err.message } : { error: err.code, message: err.message, guardrail: err.guardrail };
  if (flavor === "messages") {
    return { type: "error", error: { type: messagesErrorType(err.status), message: err.message }, detail };
  }
  return { detail, error: { message: err.message, type: compatErrorType(err.status), code: err.code, param: null } };
}

/** OpenAI's `error.type` values. */
function compatErrorType(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status >= 500) return status === 503 ? "service_unavailable" : "server_error";
  return "invalid_request_error";
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
