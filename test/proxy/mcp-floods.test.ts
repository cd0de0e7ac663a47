/**
 * Many small messages in one answer or one batch cost time in proportion to their number and
 * never hold other callers: an SSE answer or a JSON array of 20,000 progress notifications from
 * the server, a client batch of notifications (bounded: an absurd batch is refused with 413),
 * and one tool whose schema has 600,000 properties. `/health` is asked every few milliseconds
 * meanwhile. Before, each message's guardrail runs were appended by copying the request's whole
 * list (quadratic: 40,000 events held `/health` for 14 s) and nothing turned the event loop
 * between short messages.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { healthWhile, messagesOf, rawSession, startScriptedUpstream, type ScriptedUpstream, startMcpAgentsProxy, type McpAgentsProxy } from "../helpers/mcp-scripted-upstream.ts";
import { type TestServer } from "../helpers/server.ts";

const progress = (i: number) => ({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: i, message: "step" } });
let count = 0;
let wideProperties = 0;
/** The tools/list answer with the wide tool, as the upstream sends it (id 0, replaced). */
let wideList: string | undefined;
let upstream: ScriptedUpstream;
let proxy: TestServer;
let agents: McpAgentsProxy;

beforeAll(async () => {
  upstream = startScriptedUpstream((m) => {
    const params = (m.params ?? {}) as Record<string, unknown>;
    if (m.method === "tools/list") {
      const tools = [{ name: "job", description: "Runs a job", inputSchema: { type: "object" } }, { name: "array", description: "Runs a job", inputSchema: { type: "object" } }];
      // Built before the measure: the upstream runs in this process, its own work is not what is measured.
      if (wideList) return { body: wideList.replace('"id":0', `"id":${JSON.stringify(m.id)}`) };
      return { tools };
    }
    if (m.method !== "tools/call") return undefined;
    const done = { jsonrpc: "2.0", id: m.id, result: { content: [{ type: "text", text: "done" }] } };
    const events = Array.from({ length: count }, (_, i) => progress(i));
    if (params.name === "array") return { body: JSON.stringify([...events, done]) };
    return { contentType: "text/event-stream", body: [...events, done].map((e) => `data: ${JSON.stringify(e)}\n\n`).join("") };
  });
  agents = await startMcpAgentsProxy(upstream.url, { timeout: 120, env: { SVC_GUARDRAILS_LOG_LEVEL: "warning" } });
  proxy = agents.proxy;
});

afterAll(async () => {
  await agents.stop();
  upstream.stop();
});

async function callWith(n: number, tool: "job" | "array") {
  count = n;
  const session = await rawSession(`${proxy.url}/mcp/s`);
  return healthWhile(proxy.url, async () => {
    const r = await session.post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: tool, arguments: {} } });
    return messagesOf(await r.text());
  });
}

describe("an answer of many notifications", () => {
  for (const tool of ["job", "array"] as const) {
    test(`${tool === "job" ? "an SSE stream" : "a JSON array"} of 20,000 costs linear time and /health keeps answering`, async () => {
      const small = await callWith(5_000, tool);
      const large = await callWith(20_000, tool);
      expect(large.value.length).toBe(20_001);
      expect(large.value.at(-1)).toMatchObject({ id: 2, result: { content: [{ type: "text", text: "done" }] } });
      // Linear is 4x; the quadratic bookkeeping was over 10x at these sizes.
      expect(large.ms / small.ms).toBeLessThan(8);
      expect(large.maxHealthMs).toBeLessThan(1000);
    }, 120_000);
  }
});

describe("a client's batch", () => {
  test("of 1,000 notifications is judged and sent on while /health keeps answering", async () => {
    const session = await rawSession(`${proxy.url}/mcp/s`);
    const before = upstream.received.length;
    const { value: status, maxHealthMs } = await healthWhile(proxy.url, async () => (await session.post(Array.from({ length: 1000 }, (_, i) => progress(i)), { "mcp-protocol-version": "2025-03-26" })).status);
    expect(status).toBe(202);
    expect(upstream.received.length - before).toBe(1000);
    expect(maxHealthMs).toBeLessThan(1000);
  }, 60_000);

  test("of 40,000 notifications is refused at once with 413 and a JSON-RPC error, nothing sent on", async () => {
    const session = await rawSession(`${proxy.url}/mcp/s`);
    const before = upstream.received.length;
    const { value: r, ms } = await healthWhile(proxy.url, async () => session.post(Array.from({ length: 40_000 }, (_, i) => progress(i)), { "mcp-protocol-version": "2025-03-26" }));
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600, data: { error: "batch_too_large" } } });
    expect(upstream.received.length).toBe(before);
    expect(ms).toBeLessThan(3000);
  }, 60_000);
});

describe("one tool of 600,000 schema properties", () => {
  test("is judged while /health keeps answering", async () => {
    wideProperties = 600_000;
    const properties = Object.fromEntries(Array.from({ length: wideProperties }, (_, i) => [`p${i}`, { type: "string" }]));
    wideList = JSON.stringify({ jsonrpc: "2.0", id: 0, result: { tools: [{ name: "wide", description: "Looks up records", inputSchema: { type: "object", properties } }] } });
    const session = await rawSession(`${proxy.url}/mcp/s`);
    // The answer is parsed after the measure: the test's own parse of 17 MB would hold the poller too.
    const { value: text, maxHealthMs } = await healthWhile(proxy.url, async () => (await session.post({ jsonrpc: "2.0", id: 3, method: "tools/list" })).text());
    const value = messagesOf(text);
    const tools = (value[0]!.result as { tools: { name: string; inputSchema: { properties: Record<string, unknown> } }[] }).tools;
    expect(tools.find((t) => t.name === "wide")?.inputSchema.properties.p599999).toEqual({ type: "string" });
    console.log(`one tool of ${wideProperties} properties: /health waited at most ${maxHealthMs.toFixed(0)} ms`);
    // What is left is one parse and one serialisation of the 17 MB answer (native, not sliced).
    expect(maxHealthMs).toBeLessThan(1500);
  }, 120_000);
});
