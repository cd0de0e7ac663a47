/**
 * A scripted MCP upstream on loopback speaking raw Streamable HTTP (Bun.serve): the test decides
 * each answer's bytes, status and content type, the things a well-behaved SDK server never
 * sends (an HTML 500, an SSE stream of 40,000 events, a `result` that is a string, SSE comments
 * and `event:` names). `initialize` is answered like a real server unless the script says
 * otherwise; notifications get 202. It records every message it received, as parsed.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tempPolicyDir } from "./policies.ts";
import { startTestServer, type TestServer } from "./server.ts";

export interface ScriptedAnswer {
  readonly status?: number;
  readonly contentType?: string;
  readonly body: string;
}

/** A JSON-RPC message the upstream got; `answer` returns a result object, or a whole raw answer. */
export type Script = (message: Record<string, unknown>) => Record<string, unknown> | ScriptedAnswer | undefined | Promise<Record<string, unknown> | ScriptedAnswer | undefined>;

export interface ScriptedUpstream {
  readonly url: string;
  readonly received: Record<string, unknown>[];
  stop(): void;
}

export const isRaw = (x: unknown): x is ScriptedAnswer => typeof x === "object" && x !== null && typeof (x as ScriptedAnswer).body === "string";

export function startScriptedUpstream(script: Script, onDelete: () => ScriptedAnswer = () => ({ body: "" })): ScriptedUpstream {
  const received: Record<string, unknown>[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 60,
    async fetch(request) {
      if (request.method === "DELETE") {
        const answer = onDelete();
        return new Response(answer.body === "" ? null : answer.body, { status: answer.status ?? 200, headers: { "content-type": answer.contentType ?? "text/plain" } });
      }
      if (request.method === "GET") return new Response(null, { status: 405 });
      const parsed = (await request.json()) as Record<string, unknown> | Record<string, unknown>[];
      const messages = Array.isArray(parsed) ? parsed : [parsed];
      received.push(...messages);
      const headers = { "content-type": "application/json", "mcp-session-id": "upstream-session" };
      const answers: unknown[] = [];
      for (const message of messages) {
        if (message.id === undefined) continue;
        const scripted = await script(message);
        if (isRaw(scripted)) return new Response(scripted.body, { status: scripted.status ?? 200, headers: { ...headers, "content-type": scripted.contentType ?? "application/json" } });
        const result = scripted ?? (message.method === "initialize" ? { protocolVersion: "2025-06-18", capabilities: { tools: {}, prompts: {}, resources: {} }, serverInfo: { name: "scripted", version: "1" } } : {});
        answers.push({ jsonrpc: "2.0", id: message.id, result });
      }
      if (answers.length === 0) return new Response(null, { status: 202 });
      return new Response(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]), { headers });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/mcp`, received, stop: () => server.stop(true) };
}

/** A raw MCP client's session through the proxy: `post` sends one JSON-RPC message or batch. */
export async function rawSession(url: string): Promise<{ post(body: unknown, headers?: Record<string, string>): Promise<Response> }> {
  const base = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
  const init = await fetch(url, { method: "POST", headers: base, body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "agent", version: "1" } } }) });
  await init.text();
  const session = init.headers.get("mcp-session-id")!;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, { method: "POST", headers: { ...base, "mcp-session-id": session, ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
  await (await post({ jsonrpc: "2.0", method: "notifications/initialized" })).text();
  return { post };
}

/** The JSON-RPC messages of an answer, JSON or SSE. */
export function messagesOf(text: string): Record<string, unknown>[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
  } catch {
    return text.split(/\n\n/).flatMap((event) => {
      const data = event.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n");
      return data === "" ? [] : [JSON.parse(data) as Record<string, unknown>];
    });
  }
}

/**
 * Runs `work` while asking `/health` every few milliseconds; the longest stretch without an
 * answer (from one answer, or the start, to the next). The proxy runs in the test's process, so
 * a stall holds the poller too: the gap between answers shows it where one request's wait may not.
 */
export async function healthWhile<T>(proxyUrl: string, work: () => Promise<T>): Promise<{ value: T; ms: number; maxHealthMs: number }> {
  let done = false;
  let longest = 0;
  const started = performance.now();
  const poller = (async () => {
    let last = performance.now();
    while (!done) {
      await (await fetch(`${proxyUrl}/health`)).text();
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      await Bun.sleep(5);
    }
  })();
  const value = await work().finally(() => (done = true));
  const ms = performance.now() - started;
  await poller;
  return { value, ms, maxHealthMs: longest };
}

/** A proxy (the test server in process) fronting `upstreamUrl` as MCP server `s` under the shipped `mcp-agents` policy. */
export interface McpAgentsProxy {
  readonly proxy: TestServer;
  stop(): Promise<void>;
}

export async function startMcpAgentsProxy(upstreamUrl: string, options: { readonly timeout?: number; readonly env?: Record<string, string> } = {}): Promise<McpAgentsProxy> {
  const policies = tempPolicyDir({});
  copyFileSync(join(import.meta.dir, "..", "..", "policies", "mcp-agents.yaml"), join(policies.path, "mcp-agents.yaml"));
  const configDir = mkdtempSync(join(tmpdir(), "gp-mcp-agents-"));
  const entry = { name: "s", url: upstreamUrl, policy: "mcp-agents", ...(options.timeout ? { timeout: options.timeout } : {}) };
  writeFileSync(join(configDir, "mcp.json"), JSON.stringify([entry]));
  const proxy = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: policies.path, SVC_GUARDRAILS_MCP_CONFIG: join(configDir, "mcp.json"), ...options.env });
  return {
    proxy,
    async stop() {
      await proxy.stop();
      policies.remove();
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}
