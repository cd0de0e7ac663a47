/**
 * Shadow policies (DECISIONS §14) on every family beyond chat and messages (shadow.test.ts):
 * the responses and generateContent streams with their SDKs, the guard endpoints, and MCP with
 * the official MCP client (SSE and JSON answers). Each time the shadow reads the texts as they
 * arrived, changes nothing the client gets, and leaves its verdict in the request's log line.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GoogleGenAI } from "@google/genai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import OpenAI from "openai";
import { startMcpServer, type McpTestServer } from "../helpers/mcp-server.ts";
import { policy, tempPolicyDir, type TempDir } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const LIVE = { pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] };
const CANDIDATE = { input: [{ name: "Keywords", config: { keywords: ["launch codes"] } }], output: [{ name: "PII", config: { entities: ["PHONE_NUMBER", "EMAIL_ADDRESS"] } }] };
const POLICIES = { "live.json": { ...policy(LIVE), shadow: "candidate" }, "candidate.json": policy(CANDIDATE) };
const PHONE = "+44 20 7946 0958";

type Line = Record<string, unknown>;
type Of = (line: Line) => boolean;
const shadowed = (server: TestServer, of: Of) => server.logs().filter((l) => l.shadow !== undefined && of(l));
/** The request line `of` picks with a shadow verdict, after the `seen` such lines already there. */
async function shadowLine(server: TestServer, of: Of, seen: number): Promise<Line> {
  for (let i = 0; i < 300; i++) {
    const lines = shadowed(server, of);
    if (lines.length > seen) return lines[seen]!;
    await Bun.sleep(10);
  }
  throw new Error("no shadow line");
}
const onPath = (path: string): Of => (l) => l.path === path;

describe("a shadow on the responses, generateContent and guard routes", () => {
  let fx: ProxyFixture;
  beforeAll(async () => {
    fx = await startProxyFixture({ defaultConfig: "live", env: { GENERATE_BASE_URL: "$MOCK", GENERATE_API_KEY: "k" }, policies: POLICIES });
  });
  afterAll(() => fx.stop());

  test("responses stream: the shadow judges the assembled answer; the client reads it unchanged", async () => {
    fx.mock.behave({ chunks: ["Call ", "+44 20 79", "46 0958 ", "now."] });
    const seen = shadowed(fx.server, onPath("/v1/responses")).length;
    const openai = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "k", maxRetries: 0 });
    const stream = await openai.responses.create({ model: "m", input: "where are the launch codes?", stream: true });
    let text = "";
    for await (const event of stream) if (event.type === "response.output_text.delta") text += event.delta;
    expect(text).toBe(`Call ${PHONE} now.`);
    const line = await shadowLine(fx.server, onPath("/v1/responses"), seen);
    // The request would be blocked by the candidate; the answer would be masked too: would_block wins.
    expect(line.shadow).toMatchObject({ config_id: "candidate", outcome: "would_block", would_block: "Keywords", masked: ["PHONE_NUMBER"] });
    expect(JSON.stringify(line)).not.toContain("7946");
    fx.mock.reset();
  });

  test("generateContent stream (@google/genai): the shadow judges the assembled answer", async () => {
    fx.mock.behave({ chunks: ["Write to ", "ana@corp", ".example today."] });
    // The SDK's version prefix and the route pattern's model parameter: any generate route.
    const generate: Of = (l) => /\/models\/:/.test(String(l.path));
    const seen = shadowed(fx.server, generate).length;
    const genai = new GoogleGenAI({ apiKey: "caller-key", httpOptions: { baseUrl: fx.server.url } });
    let text = "";
    for await (const chunk of await genai.models.generateContentStream({ model: "gemini-2.5-flash", contents: "hello" })) text += chunk.text ?? "";
    expect(text).toBe("Write to ana@corp.example today.");
    const line = await shadowLine(fx.server, generate, seen);
    expect(line.shadow).toMatchObject({ config_id: "candidate", outcome: "differs", would_block: null, masked: ["EMAIL_ADDRESS"] });
    fx.mock.reset();
  });

  test("guard endpoints: input and output texts judged by the shadow, the answer the live policy's", async () => {
    let seen = shadowed(fx.server, onPath("/v1/guard/input")).length;
    const input = await fx.server.post("/v1/guard/input", { text: "launch codes for ann@corp.example" });
    expect(await input.json()).toEqual({ allowed: true, sanitized_text: "launch codes for <EMAIL_ADDRESS>", guardrail: null, message: null });
    expect((await shadowLine(fx.server, onPath("/v1/guard/input"), seen)).shadow).toMatchObject({ config_id: "candidate", outcome: "would_block", would_block: "Keywords", masked: [] });
    seen = shadowed(fx.server, onPath("/v1/guard/output")).length;
    const output = await fx.server.post("/v1/guard/output", { text: `Call ${PHONE}.` });
    expect(await output.json()).toMatchObject({ allowed: true });
    expect((await shadowLine(fx.server, onPath("/v1/guard/output"), seen)).shadow).toMatchObject({ config_id: "candidate", outcome: "differs", would_block: null, masked: ["PHONE_NUMBER"] });
  });
});

describe("a shadow on MCP", () => {
  let sse: McpTestServer;
  let json: McpTestServer;
  let policies: TempDir;
  let configDir: string;
  let proxy: TestServer;
  beforeAll(async () => {
    sse = startMcpServer();
    json = startMcpServer({ json: true });
    policies = tempPolicyDir(POLICIES);
    configDir = mkdtempSync(join(tmpdir(), "gp-mcp-shadow-"));
    const config = join(configDir, "mcp.yaml");
    writeFileSync(config, [`- name: tools`, `  url: ${sse.url}`, `  policy: live`, `- name: json-tools`, `  url: ${json.url}`, `  policy: live`].join("\n"));
    proxy = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: policies.path, SVC_GUARDRAILS_MCP_CONFIG: config });
  });
  afterAll(async () => {
    await proxy.stop();
    await Promise.all([sse.stop(), json.stop()]);
    policies.remove();
    rmSync(configDir, { recursive: true, force: true });
  });

  for (const server of ["tools", "json-tools"]) {
    test(`tools/call (${server === "tools" ? "SSE" : "JSON"} answers): arguments and result judged by the shadow, the agent's traffic as the live policy leaves it`, async () => {
      const client = new Client({ name: "shadowed-agent", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${proxy.url}/mcp/${server}`)));
      const upstream = server === "tools" ? sse : json;
      // The request lines of this server's tool calls.
      const calls: Of = (l) => l.mcp_server === server && (l.mcp_messages as string[]).some((m) => m.startsWith("client tools/call"));

      let seen = shadowed(proxy, calls).length;
      const sent = await client.callTool({ name: "send_email", arguments: { to: "ops@corp.example", subject: "launch codes", body: "see subject" } });
      expect(upstream.calls.at(-1)!.args).toEqual({ to: "<EMAIL_ADDRESS>", subject: "launch codes", body: "see subject" });
      expect(JSON.stringify(sent)).toContain("Sent to <EMAIL_ADDRESS>.");
      let line = await shadowLine(proxy, calls, seen);
      expect(line.shadow).toMatchObject({ config_id: "candidate", outcome: "would_block", would_block: "Keywords" });

      seen = shadowed(proxy, calls).length;
      const found = await client.callTool({ name: "lookup_customer", arguments: { id: "c-7" } });
      // The live policy has no output guardrails: the address reaches the agent as the server wrote it.
      expect(JSON.stringify(found)).toContain("jane.roe@example.com");
      line = await shadowLine(proxy, calls, seen);
      expect(line.shadow).toMatchObject({ config_id: "candidate", outcome: "differs", would_block: null, masked: ["EMAIL_ADDRESS"] });
      expect(proxy.rawLogs()).not.toContain("jane.roe");
      await client.close();
    });
  }

  test("the server's own stream (the agent's GET): each message judged by the shadow, one verdict when the stream ends", async () => {
    const client = new Client({ name: "listening-agent", version: "1.0.0" });
    const heard: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void heard.push(String(n.params.data)));
    await client.connect(new StreamableHTTPClientTransport(new URL(`${proxy.url}/mcp/tools`)));
    // The client opens its GET stream after initializing; wait until the server has it.
    const gets = () => sse.headers.filter((h) => h.accept?.includes("text/event-stream") && h["content-type"] === undefined).length;
    for (let i = 0; i < 100 && gets() === 0; i++) await Bun.sleep(10);
    await client.callTool({ name: "broadcast", arguments: { event: "deploy" } });
    for (let i = 0; i < 100 && heard.length === 0; i++) await Bun.sleep(10);
    // The live policy does not mask what the server sends: the agent hears the address as sent.
    expect(heard).toEqual(["event deploy, call ops-desk@corp.example"]);
    const stream: Of = (l) => l.method === "GET" && l.mcp_server === "tools";
    const seen = shadowed(proxy, stream).length;
    await client.close();
    const line = await shadowLine(proxy, stream, seen);
    expect(line.shadow).toMatchObject({ config_id: "candidate", outcome: "differs", would_block: null, masked: ["EMAIL_ADDRESS"] });
    expect(proxy.rawLogs()).not.toContain("ops-desk");
  });
});
