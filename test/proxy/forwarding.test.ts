/**
 * Header and query forwarding (SPEC "Header and query forwarding") and the server's own key
 * (DECISIONS §5): static values on every call, named per-request values merged over them.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

let fx: ProxyFixture;

beforeAll(async () => {
  fx = await startProxyFixture({
    defaultConfig: "none",
    policies: { "none.json": { version: 1 } },
    env: {
      COMPAT_API_KEY: "sk-server",
      SVC_GUARDRAILS_UPSTREAM_HEADERS: JSON.stringify({ "x-static": "static", "x-both": "static" }),
      SVC_GUARDRAILS_UPSTREAM_QUERY: JSON.stringify({ sq: "1", both: "static" }),
      SVC_GUARDRAILS_FORWARD_HEADERS: "X-Both, x-trace-id",
      SVC_GUARDRAILS_FORWARD_QUERY_PARAMS: "both,tenant",
    },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

test("static and named per-request headers and query merge, the per-request value winning; nothing else passes", async () => {
  const client = new OpenAI({
    baseURL: `${fx.server.url}/v1`,
    apiKey: "sk-caller",
    maxRetries: 0,
    defaultHeaders: { "x-both": "caller", "X-Trace-Id": "t-1", "x-not-listed": "nope" },
    defaultQuery: { both: "caller", tenant: "acme", other: "drop" },
  });
  await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] });
  const sent = fx.mock.last();
  expect(sent.headers).toMatchObject({ "x-static": "static", "x-both": "caller", "x-trace-id": "t-1" });
  expect(sent.headers["x-not-listed"]).toBeUndefined();
  expect(sent.query).toEqual({ sq: "1", both: "caller", tenant: "acme" });
});

test("a key configured on the server replaces the caller's placeholder", async () => {
  await fx.server.post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "hi" }] }, { authorization: "Bearer placeholder" });
  expect(fx.mock.last().headers.authorization).toBe("Bearer sk-server");
});

test("static headers and query reach the messages upstream too", async () => {
  const anthropic = new Anthropic({ baseURL: fx.server.url, apiKey: "ak", maxRetries: 0 });
  await anthropic.messages.create({ model: "c", max_tokens: 5, messages: [{ role: "user", content: "hi" }] });
  expect(fx.mock.last().headers["x-static"]).toBe("static");
  expect(fx.mock.last().query.sq).toBe("1");
});
