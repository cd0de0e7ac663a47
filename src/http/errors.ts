/**
 * Error bodies (DECISIONS §6): SPEC's `detail` object, plus the same error in the shape the
 * route's own SDK parses (the route's family says which), so an OpenAI or Anthropic client
 * shows our message in its exception.
 */
import type { ApiError } from "../errors/api-error.ts";
import type { ApiFamily, ErrorDetail } from "../proxy/family.ts";
import { compatErrorBody } from "../proxy/families/compat-error.ts";
import { errorMessage } from "../proxy/families/mcp/jsonrpc.ts";

export interface ErrorBody {
  readonly detail: ErrorDetail;
  readonly [key: string]: unknown;
}

/** The body of `err` on a route of `family`; routes of no family answer in the OpenAI shape. */
export function errorBody(err: ApiError, family: ApiFamily | undefined, requestId?: string): ErrorBody {
  const base: ErrorDetail = err.guardrail === undefined ? { error: err.code, message: err.message } : { error: err.code, message: err.message, guardrail: err.guardrail };
  // The request's id (DECISIONS §14): what a caller quotes to find the request's log line.
  const detail: ErrorDetail = requestId === undefined ? base : { ...base, request_id: requestId };
  return (family?.errorBody ?? compatErrorBody)(err.status, detail) as ErrorBody;
}

/**
 * An error on an MCP route before the MCP proxy took the request (authentication, the browser
 * boundary, the body limit): a JSON-RPC error without an id, as the MCP SDK's own transport
 * answers a refused request (-32000), with SPEC's `detail` beside it.
 */
export function mcpErrorBody(err: ApiError, requestId?: string): ErrorBody {
  const detail: ErrorDetail = requestId === undefined ? { error: err.code, message: err.message } : { error: err.code, message: err.message, request_id: requestId };
  return { ...errorMessage(null, -32000, err.message, { error: err.code }), detail };
}
