/**
 * Shadow outcomes compare with the live policy's result, never with the raw text (DECISIONS
 * §14): the four cases (the same masking, a weaker shadow, a stronger one, a live block) on a
 * chat request, a chat stream and an MCP tool call, with the official SDKs.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import OpenAI from "openai";
import { startMcpServer, type McpTestServer } from "../helpers/mcp-server.ts";
import { policy, tempPolicyDir, type TempDir } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const MASK = { name: "PII", config: { entities: ["EMAIL_ADDRESS", "IP_ADDRESS"] } };
const BLOCK_WORD = { name: "Keywords", config: { keywords: ["forbidden"] } };
// The live policy masks e-mail and IP addresses and blocks "forbidden", on the way in and out.
const LIVE = { pre_flight: [MASK], input: [BLOCK_WORD], output: [MASK, BLOCK_WORD] };
const POLICIES = {
  "live-same.json": { ...policy(LIVE), shadow: "same" },
  "live-reversible.json": { ...policy({ ...LIVE, pre_flight: [{ name: "PII", config: { ...MASK.config, reversible: true } }] }), shadow: "same" },
  "live-weaker.json": { ...policy(LIVE), shadow: "weaker" },
  "live-unmasked.json": { ...policy(LIVE), shadow: "unmasked" },
  "live-stronger.json": { ...policy(LIVE), shadow: "stronger" },
  "live-blocking.json": { ...policy(LIVE), shadow: "blocking" },
  // The same masking, and no keyword: it forwards what the live policy blocks.
  "same.json": policy({ pre_flight: [MASK], output: [MASK] }),
  // Keeps the IP address the live policy masks.
  "weaker.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }], output: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
  // Masks nothing: forwards both addresses the live policy masks.
  "unmasked.json": policy({ input: [{ name: "Keywords", config: { keywords: ["launch codes"] } }] }),
  // Masks the phone number the live policy keeps.
  "stronger.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS", "IP_ADDRESS", "PHONE_NUMBER"] } }], output: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS", "IP_ADDRESS", "PHONE_NUMBER"] } }] }),
  // Blocks what the live policy lets through.
  "blocking.json": policy({ pre_flight: [MASK], input: [{ name: "Keywords", config: { keywords: ["router"] } }], output: [MASK, { name: "Keywords", config: { keywords: ["router"] } }] }),
};
const TEXT = "Mail ann@corp.example about the router at 10.1.2.3, or call +44 20 7946 0958.";
const CASES = [
  ["the same masking", "live-same", TEXT, "would_pass"],
  ["the same masking, the live policy's placeholders numbered (reversible)", "live-reversible", TEXT, "would_pass"],
  ["a weaker shadow (keeps an IP address the live policy masks)", "live-weaker", TEXT, "differs"],
  ["a shadow that masks nothing (forwards what the live policy masks)", "live-unmasked", TEXT, "differs"],
  ["a stronger shadow (masks a phone number the live policy keeps)", "live-stronger", TEXT, "differs"],
  ["a stronger shadow that would block", "live-blocking", TEXT, "would_block"],
  ["the live policy blocks, the shadow would forward", "live-same", `${TEXT} This is forbidden.`, "differs"],
] as const;

type Line = Record<string, unknown>;
async function lineWith(server: TestServer, of: (l: Line) => boolean, seen: number): Promise<Line> {
  for (let i = 0; i < 300; i++) {
    const lines = server.logs().filter((l) => l.shadow !== undefined && of(l));
    if (lines.length > seen) return lines[seen]!;
    await Bun.sleep(10);
  }
  throw new Error("no shadow line");
}
const count = (server: TestServer, of: (l: Line) => boolean) => server.logs().filter((l) => l.shadow !== undefined && of(l)).length;

describe("shadow outcomes against the live policy's result", () => {
  let fx: ProxyFixture;
  let openai: OpenAI;
  beforeAll(async () => {
    fx = await startProxyFixture({ policies: POLICIES });
    openai = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "k", maxRetries: 0 });
  });
  afterAll(() => fx.stop());
  const chatLine = (l: Line) => l.path === "/v1/chat/completions";

  for (const [name, configId, text, outcome] of CASES) {
    test(`chat: ${name} -> ${outcome}`, async () => {
      fx.mock.behave({ text: "Noted." });
      const seen = count(fx.server, chatLine);
      await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: text }], guardrails: { config_id: configId } } as never).catch(() => undefined);
      const line = await lineWith(fx.server, chatLine, seen);
      expect((line.shadow as Line).outcome).toBe(outcome);
      fx.mock.reset();
    });

    test(`stream: ${name} -> ${outcome} (the answer carries the text)`, async () => {
      fx.mock.behave({ chunks: [text.slice(0, 20), text.slice(20, 45), text.slice(45)] });
      const seen = count(fx.server, chatLine);
      const stream = await openai.chat.completions.create({ model: "m", stream: true, messages: [{ role: "user", content: "What should I do?" }], guardrails: { config_id: configId } } as never);
      try {
        for await (const _ of stream as unknown as AsyncIterable<unknown>) void _;
      } catch {
        // A blocked stream ends with an error event.
      }
      const line = await lineWith(fx.server, chatLine, seen);
      expect((line.shadow as Line).outcome).toBe(outcome);
      fx.mock.reset();
    });
  }
});

describe("shadow outcomes on MCP tool calls", () => {
  let mcp: McpTestServer;
  let policies: TempDir;
  let configDir: string;
  let proxy: TestServer;
  const IDS = ["live-same", "live-reversible", "live-weaker", "live-unmasked", "live-stronger", "live-blocking"];
  beforeAll(async () => {
    mcp = startMcpServer();
    policies = tempPolicyDir(POLICIES);
    configDir = mkdtempSync(join(tmpdir(), "gp-mcp-outcomes-"));
    writeFileSync(join(configDir, "mcp.yaml"), IDS.map((id) => `- name: ${id}\n  url: ${mcp.url}\n  policy: ${id}`).join("\n"));
    proxy = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: policies.path, SVC_GUARDRAILS_MCP_CONFIG: join(configDir, "mcp.yaml") });
  });
  afterAll(async () => {
    await proxy.stop();
    await mcp.stop();
    policies.remove();
    rmSync(configDir, { recursive: true, force: true });
  });

  for (const [name, configId, text, outcome] of CASES) {
    test(`tools/call: ${name} -> ${outcome}`, async () => {
      const client = new Client({ name: "outcomes-agent", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${proxy.url}/mcp/${configId}`)));
      const calls = (l: Line) => l.mcp_server === configId && (l.mcp_messages as string[]).some((m) => m.startsWith("client tools/call"));
      const seen = count(proxy, calls);
      await client.callTool({ name: "send_email", arguments: { to: "ops", subject: "note", body: text } }).catch(() => undefined);
      const line = await lineWith(proxy, calls, seen);
      expect((line.shadow as Line).outcome).toBe(outcome);
      await client.close();
    });
  }
});
