/**
 * Error bodies (DECISIONS §6): SPEC's `detail` object, plus the same error in the shape the
 * route's own SDK parses, so an OpenAI or Anthropic client shows our message in its exception.
 */
import type { Block } from "../pipeline/types.ts";

export type ErrorCode =
  | "guardrail_enforcement_triggered"
  | "guardrail_unavailable"
  | "config_id_required"
  | "policy_not_found"
  | "invalid_policy"
  | "validation_error"
  | "provider_mismatch"
  | "request_too_large"
  | "unauthorized"
  | "not_found"
  | "upstream_unreachable"
  | "upstream_timeout"
  | "internal_error"
  | "policy_not_allowed"
  | "unscanned_content"
  | "upstream_answer_too_large"
  /** Never seen by a client (it has gone); names the outcome in logs and metrics. */
  | "client_closed";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Set on enforcement and on `guardrail_unavailable`. */
    readonly guardrail?: string,
    /** For the request's log line only, never the caller: what the operator needs to act (an upstream's host, a cause code). */
    readonly logFields?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/** A pipeline block as the proxy's answer: enforcement is 400; a check that could not run, 503. */
export function blockError(block: Block): ApiError {
  return block.cause === "unavailable"
    ? new ApiError(503, "guardrail_unavailable", block.message, block.guardrail)
    : new ApiError(400, "guardrail_enforcement_triggered", block.message, block.guardrail);
}

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
