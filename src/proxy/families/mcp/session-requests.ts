/**
 * How a request meets its MCP session (DECISIONS §15): the caller it belongs to, the session its
 * `Mcp-Session-Id` names (404 `session_not_found` when the proxy did not issue it to this caller
 * and policy), the session an `initialize` opens, the server's own id in place of the proxy's on
 * the way out, and 503 `state_unavailable` when the store cannot be reached.
 */
import type { CompiledPolicy } from "../../../policy/compile.ts";
import { StateUnavailableError } from "../../../state/store.ts";
import type { McpCall, McpRuntime } from "./handle.ts";
import { errorMessage } from "./jsonrpc.ts";
import { callerDigest, type McpSession } from "./sessions.ts";
import { upstreamHeadersOf } from "./upstream.ts";

const JSON_HEADERS = { "content-type": "application/json" };

/** The caller, as a digest: its callers-file name, its token, or the one anonymous caller. */
function callerOf(call: McpCall): string {
  // The caller's key header (http/caller-auth.ts), read only when it was checked.
  return callerDigest(call.audit.caller?.name, call.audit.authenticated ? call.request.headers.get("x-guardrails-key") : null);
}

/**
 * The session the request names: null when it names none, "not_found" when the proxy did not
 * issue it, it ended, or it is another caller's or policy's (DECISIONS §15).
 */
export async function sessionOf(rt: McpRuntime, call: McpCall, policy: CompiledPolicy): Promise<McpSession | null | "not_found"> {
  const id = call.request.headers.get("mcp-session-id");
  if (id === null) return null;
  return (await rt.sessions.find(call.entry.name, id, callerOf(call), policy.id)) ?? "not_found";
}

export async function openSession(rt: McpRuntime, call: McpCall, policy: CompiledPolicy, upstream: Response): Promise<McpSession> {
  return rt.sessions.open({ server: call.entry.name, caller: callerOf(call), policy: policy.id, upstream: upstream.headers.get("mcp-session-id") });
}

/** 404 `session_not_found`: the client initializes again; nothing reached the server. */
export function sessionNotFound(batch: boolean): Response {
  const error = errorMessage(null, -32001, "no such MCP session: initialize a new one", { error: "session_not_found" });
  return Response.json(batch ? [error] : error, { status: 404, headers: JSON_HEADERS });
}

/** The store could not be reached (DECISIONS §15): 503 `state_unavailable`, and the request went no further. */
export async function withState(answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (e) {
    if (!(e instanceof StateUnavailableError)) throw e;
    return Response.json(errorMessage(null, -32603, "the proxy's session store is unavailable; try again shortly", { error: "state_unavailable" }), { status: 503, headers: JSON_HEADERS });
  }
}

/** Headers for the server: its own session id in place of the proxy's (none for a stateless server). */
export function headersFor(call: McpCall, session: McpSession | undefined, overrides: Record<string, string> = {}): Record<string, string> {
  const headers = upstreamHeadersOf(call.request.headers, call.entry, call.audit.requestId, overrides);
  delete headers["mcp-session-id"];
  if (session?.record.upstream) headers["mcp-session-id"] = session.record.upstream;
  return headers;
}
