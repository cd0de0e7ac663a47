/**
 * The errors a request can end in (DECISIONS §6), with the status and code the caller gets.
 * Below every layer that throws them (upstream, proxy, http); `http/errors.ts` turns them into
 * the bodies each route's SDK parses.
 */

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
  /** The browser boundary: a web page's request, or a `Host` a rebound name would send. */
  | "origin_not_allowed"
  | "host_not_allowed"
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
