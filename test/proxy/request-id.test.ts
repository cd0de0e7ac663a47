/**
 * Request ids (DECISIONS §14): every answer carries `X-Request-Id` (the caller's own when it
 * fits `[A-Za-z0-9._:-]{1,128}`, else a new one), and the same id is in the request's log line,
 * its shadow verdict, the upstream request and every error body. Spans: tracing.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import OpenAI from "openai";
import { startMcpServer, type McpTestServer } from "../helpers/mcp-server.ts";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let fx: ProxyFixture;
let mcp: McpTestServer;
let mcpDir: string;
let openai: OpenAI;

beforeAll(async () => {
  mcp = startMcpServer();
  mcpDir = mkdtempSync(join(tmpdir(), "gp-request-id-"));
  writeFileSync(join(mcpDir, "mcp.yaml"), `- name: tools\n  url: ${mcp.url}\n  policy: live\n`);
  fx = await startProxyFixture({
    defaultConfig: "live",
    env: { MESSAGES_API_KEY: "k", SVC_GUARDRAILS_MCP_CONFIG: join(mcpDir, "mcp.yaml") },
    policies: {
      "live.json": { ...policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }], input: [{ name: "Keywords", config: { keywords: ["forbidden"] } }] }), shadow: "candidate" },
      "candidate.json": policy({ input: [{ name: "Keywords", config: { keywords: ["launch"] } }] }),
    },
  });
  openai = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "k", maxRetries: 0 });
});
afterAll(async () => {
  await fx.stop();
  await mcp.stop();
  rmSync(mcpDir, { recursive: true, force: true });
});

async function lineOf(id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 300; i++) {
    const line = fx.server.logs().find((l) => l.msg === "request" && l.request_id === id);
    if (line) return line;
    await Bun.sleep(10);
  }
  throw new Error(`no request line with request_id ${id}`);
}

describe("X-Request-Id", () => {
  test("the caller's own id: on the answer (openai's _request_id), upstream, in the log line and the shadow verdict", async () => {
    const id = "checkout-7f3a.2026-11-28:retry_1".replace("_", "-");
    const { data, request_id } = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: "launch day, write to ann@corp.example" }] }, { headers: { "x-request-id": id } }).withResponse();
    expect(data.choices[0]!.message.content).toBeString();
    expect(request_id).toBe(id);
    expect(fx.mock.last().headers["x-request-id"]).toBe(id);
    const line = await lineOf(id);
    expect(line.status).toBe(200);
    expect(line.shadow).toMatchObject({ outcome: "would_block", request_id: id });
  });

  test("no id, or one outside the grammar: a new one, never the caller's text echoed", async () => {
    const plain = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] }).withResponse();
    expect(plain.request_id).toMatch(UUID);
    expect(fx.mock.last().headers["x-request-id"]).toBe(plain.request_id!);
    for (const bad of ["has space", "x".repeat(129), "<script>", "semi;colon"]) {
      const res = await fetch(`${fx.server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json", "x-request-id": bad }, body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }) });
      await res.text();
      expect(res.headers.get("x-request-id")).toMatch(UUID);
    }
    const longest = "a".repeat(128);
    const ok = await fetch(`${fx.server.url}/health`, { headers: { "x-request-id": longest } });
    expect(ok.headers.get("x-request-id")).toBe(longest);
  });

  test("an id holding a personal number or a key is replaced: never upstream, echoed or logged", async () => {
    for (const bad of ["536-22-1234", "4111-1111-1111-1111", "ref.4111111111111111", `sk-proj-${"A1b2C3d4E5".repeat(4)}`]) {
      const res = await fetch(`${fx.server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json", "x-request-id": bad }, body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }) });
      await res.text();
      expect(res.headers.get("x-request-id")).toMatch(UUID);
      expect(fx.mock.last().headers["x-request-id"]).toMatch(UUID);
      expect(JSON.stringify(fx.server.logs())).not.toContain(bad);
    }
    // A UUID holds long digit runs at times, and is kept.
    const uuid = "123e4567-e89b-12d3-a456-426614174000";
    const res = await fetch(`${fx.server.url}/health`, { headers: { "x-request-id": uuid } });
    expect(res.headers.get("x-request-id")).toBe(uuid);
  });

  test("the provider's own id comes back as X-Upstream-Request-Id; ours is X-Request-Id", async () => {
    const res = await fetch(`${fx.server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }) });
    await res.text();
    expect(res.headers.get("x-request-id")).toMatch(UUID);
    expect(res.headers.get("x-upstream-request-id")).toBe("req_mock_whole");
  });

  test("every error body carries it in detail.request_id: a block (openai and anthropic SDKs), a 404, a bad policy id", async () => {
    const blocked = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: "this is forbidden" }] }, { headers: { "x-request-id": "blocked-1" } }).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(OpenAI.BadRequestError);
    const err = blocked as InstanceType<typeof OpenAI.BadRequestError>;
    expect(err.requestID).toBe("blocked-1");
    expect((await lineOf("blocked-1")).status).toBe(400);

    const anthropic = new Anthropic({ baseURL: fx.server.url, apiKey: "k", maxRetries: 0 });
    const refused = await anthropic.messages.create({ model: "c", max_tokens: 8, messages: [{ role: "user", content: "forbidden" }] }, { headers: { "x-request-id": "blocked-2" } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError);
    expect((refused as InstanceType<typeof Anthropic.BadRequestError>).headers?.get("x-request-id")).toBe("blocked-2");
    expect(((refused as { error: { detail: { request_id: string } } }).error.detail.request_id)).toBe("blocked-2");

    for (const [path, init] of [
      ["/v1/nowhere", { method: "GET" }],
      ["/v1/chat/completions", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "no-such" } }) }],
      ["/v1/chat/completions", { method: "POST", headers: { "content-type": "application/json", "x-request-id": "blocked-3" }, body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "forbidden" }] }) }],
    ] as const) {
      const res = await fetch(`${fx.server.url}${path}`, init as RequestInit);
      const body = (await res.json()) as { detail: { request_id?: string } };
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(body.detail.request_id).toBe(res.headers.get("x-request-id")!);
      expect(body.detail.request_id).toMatch(/^(blocked-3|[0-9a-f-]{36})$/);
    }
  });

  test("MCP: the id goes to the MCP server with each message and comes back on the answer", async () => {
    const client = new Client({ name: "id-agent", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${fx.server.url}/mcp/tools`), { requestInit: { headers: { "x-request-id": "agent-call-9" } } }));
    await client.callTool({ name: "lookup_customer", arguments: { id: "c-1" } });
    expect(mcp.headers.length).toBeGreaterThan(0);
    expect(mcp.headers.every((h) => h["x-request-id"] === "agent-call-9")).toBe(true);
    await client.close();
    expect((await lineOf("agent-call-9")).mcp_server).toBe("tools");
  });
});
