/**
 * Shadow policies (DECISIONS §14) through the proxy with the official SDKs: the shadow runs on
 * the same request and answer texts, never changes a byte forwarded or returned, and its verdict
 * is in the request's log line and `guardrail_proxy_shadow_total`, once per request.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { policy, tempPolicyDir } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";
import { startTestServer } from "../helpers/server.ts";

let fx: ProxyFixture;
let openai: OpenAI;
let anthropic: Anthropic;

const LIVE = { pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }], input: [{ name: "Keywords", config: { keywords: ["forbidden"] } }] };
const CANDIDATE = { input: [{ name: "Keywords", config: { keywords: ["launch codes"] } }], output: [{ name: "PII", config: { entities: ["PHONE_NUMBER"] } }] };

beforeAll(async () => {
  fx = await startProxyFixture({
    defaultConfig: "live",
    env: { MESSAGES_API_KEY: "k" },
    policies: {
      "live.json": { ...policy(LIVE), shadow: "candidate" },
      "plain.json": policy(LIVE),
      "candidate.json": policy(CANDIDATE),
      "dangling.json": { ...policy(LIVE), shadow: "no-such-policy" },
    },
  });
  openai = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "k", maxRetries: 0 });
  anthropic = new Anthropic({ baseURL: fx.server.url, apiKey: "k", maxRetries: 0 });
});
afterAll(() => fx.stop());

const chat = (content: string, configId = "live") => openai.chat.completions.create({ model: "m", messages: [{ role: "user", content }], guardrails: { config_id: configId } } as never);
/** Lines with a shadow verdict so far. */
const shadowLines = () => fx.server.logs().filter((l) => l.shadow !== undefined);
/** The first shadow line after `marker` of them (the line waits for the shadow: it comes after the answer). */
async function shadowLine(marker: number): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const lines = shadowLines();
    if (lines.length > marker) return lines[marker]!;
    await Bun.sleep(10);
  }
  throw new Error("no shadow line");
}

describe("shadow policies", () => {
  test("a request the shadow would block goes through as the live policy says; the line says would_block", async () => {
    const marker = shadowLines().length;
    const answer = await chat("where are the launch codes for ann@corp.example?");
    expect(answer.choices[0]!.message.content).toBeString();
    expect(JSON.stringify(fx.mock.last().body)).toContain("launch codes for <EMAIL_ADDRESS>");
    const line = await shadowLine(marker);
    expect(line.shadow).toMatchObject({ config_id: "candidate", outcome: "would_block", would_block: "Keywords", masked: [] });
    expect(JSON.stringify(line)).not.toContain("launch codes");
  });

  test("an answer the shadow would mask reaches the client unchanged; the line says differs and which types", async () => {
    fx.mock.behave({ text: "Call us on +44 20 7946 0958 today." });
    const marker = shadowLines().length;
    const answer = await chat("how do I reach you?");
    expect(answer.choices[0]!.message.content).toBe("Call us on +44 20 7946 0958 today.");
    expect((await shadowLine(marker)).shadow).toMatchObject({ outcome: "differs", would_block: null, masked: ["PHONE_NUMBER"] });
    fx.mock.reset();
  });

  test("with and without a shadow, what goes upstream and what comes back are the same bytes", async () => {
    fx.mock.behave({ text: "Call us on +44 20 7946 0958 today." });
    const withShadow = await fetch(`${fx.server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "launch codes, ann@corp.example" }], guardrails: { config_id: "live" } }) });
    const sentWith = JSON.stringify(fx.mock.last().body);
    const bodyWith = await withShadow.text();
    const without = await fetch(`${fx.server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "launch codes, ann@corp.example" }], guardrails: { config_id: "plain" } }) });
    expect(JSON.stringify(fx.mock.last().body)).toBe(sentWith);
    expect(await without.text()).toBe(bodyWith);
    fx.mock.reset();
  });

  test("the shadow runs even when the live policy blocks (it would forward what the live policy blocks: differs); a missing shadow is an error that never fails the request", async () => {
    let marker = shadowLines().length;
    const blocked = await chat("this is forbidden").catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(OpenAI.BadRequestError);
    expect((await shadowLine(marker)).shadow).toMatchObject({ config_id: "candidate", outcome: "differs" });
    marker = shadowLines().length;
    expect((await chat("hello", "dangling")).choices[0]!.message.content).toBeString();
    expect((await shadowLine(marker)).shadow).toMatchObject({ config_id: "no-such-policy", outcome: "error", error: "policy_not_found" });
  });

  test("streams: the shadow judges the assembled answer (messages)", async () => {
    fx.mock.behave({ chunks: ["Call ", "+44 20 79", "46 0958 ", "now."] });
    const marker = shadowLines().length;
    const stream = await anthropic.messages.create({ model: "c", max_tokens: 64, stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "live" } } as never);
    let text = "";
    for await (const event of stream as unknown as AsyncIterable<{ type: string; delta?: { type: string; text?: string } }>) if (event.type === "content_block_delta") text += event.delta?.text ?? "";
    expect(text).toBe("Call +44 20 7946 0958 now.");
    const line = await shadowLine(marker);
    expect(line.shadow).toMatchObject({ outcome: "differs", masked: ["PHONE_NUMBER"] });
    fx.mock.reset();
  });

  test("guardrail_proxy_shadow_total counts each request once, by policy, shadow and outcome", async () => {
    const metrics = await (await fetch(`${fx.server.url}/metrics`)).text();
    expect(metrics).toMatch(/guardrail_proxy_shadow_total\{policy="live",shadow="candidate",outcome="would_block"\} [1-9]/);
    expect(metrics).toMatch(/guardrail_proxy_shadow_total\{policy="live",shadow="candidate",outcome="differs"\} [1-9]/);
    expect(metrics).toMatch(/guardrail_proxy_shadow_total\{policy="dangling",shadow="no-such-policy",outcome="error"\} 1/);
  });

  test("start-up warns when the default policy's shadow is not there", async () => {
    const dir = tempPolicyDir({ "live.json": { ...policy(LIVE), shadow: "candidate" } });
    const server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, SVC_GUARDRAILS_DEFAULT_CONFIG_ID: "live" });
    try {
      // The policy warnings come just after the server listens.
      const warning = await server.waitForLog((l) => l.level === "warning" && String(l.msg).includes("shadow"));
      expect(warning.msg).toBe(`the default policy's shadow 'candidate' is not in ${dir.path}: every request's shadow outcome is error until it is there`);
    } finally {
      await server.stop();
      dir.remove();
    }
  });
});
