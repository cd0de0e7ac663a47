/**
 * Calls to an MCP server over Streamable HTTP (DECISIONS §12): the headers that pass through
 * (session, protocol version, last event id, the caller's Authorization, Accept, Content-Type)
 * with the entry's own added (they win), never `X-Guardrails-*`; the entry's timeout for the
 * answer to start.
 */
import type { McpServerEntry } from "./config.ts";
import { DEFAULT_MCP_TIMEOUT_SECONDS } from "./config.ts";
import { REQUEST_ID_HEADER } from "../../../audit/request-id.ts";

const PASSED_THROUGH = ["mcp-session-id", "mcp-protocol-version", "last-event-id", "authorization", "accept", "content-type"] as const;

export class McpUpstreamError extends Error {
  constructor(
    readonly status: 502 | 504,
    readonly code: "upstream_unreachable" | "upstream_timeout",
    message: string,
  ) {
    super(message);
  }
}

export function timeoutMsOf(entry: McpServerEntry): number {
  return Math.round((entry.timeout ?? DEFAULT_MCP_TIMEOUT_SECONDS) * 1000);
}

/** `requestId`: the request's id (X-Request-Id), passed on so the server's logs name it too. */
export function upstreamHeadersOf(inbound: Headers, entry: McpServerEntry, requestId: string, overrides: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PASSED_THROUGH) {
    const value = inbound.get(name);
    if (value !== null) out[name] = value;
  }
  return { ...out, ...overrides, ...entry.headers, [REQUEST_ID_HEADER]: requestId };
}

/**
 * Sends one request; answers once the server's headers arrive. `abort` cancels it later (the
 * client went away, a stream was cut). Fails with `McpUpstreamError` naming the host, never the URL's query.
 */
export async function sendToServer(entry: McpServerEntry, method: "POST" | "GET" | "DELETE", headers: Record<string, string>, body: string | undefined, abort: AbortController): Promise<Response> {
  const timeoutMs = timeoutMsOf(entry);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, timeoutMs);
  try {
    return await fetch(entry.url, { method, headers, body, signal: abort.signal, redirect: "manual" });
  } catch (e) {
    const host = new URL(entry.url).host;
    if (timedOut) throw new McpUpstreamError(504, "upstream_timeout", `the MCP server '${entry.name}' (${host}) did not answer within ${timeoutMs / 1000} s`);
    const code = (e as { code?: unknown } | null)?.code;
    throw new McpUpstreamError(502, "upstream_unreachable", `the MCP server '${entry.name}' (${host}) could not be reached${typeof code === "string" && /^[A-Z0-9_]{2,40}$/.test(code) ? ` (${code})` : ""}`);
  } finally {
    clearTimeout(timer);
  }
}
