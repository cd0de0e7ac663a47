/**
 * A hostile or broken upstream costs a bounded amount (DECISIONS §7): answers are capped by
 * SVC_GUARDRAILS_MAX_ANSWER_BYTES, whole, streamed or compressed; `Retry-After` is honoured up to
 * 10 s and never beyond the entry's timeout.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const CAP = 64 * 1024;
/** Some 200 KB of words: three times the cap. */
const LONG_ANSWER = Array.from({ length: 20_000 }, (_, i) => `word${i}`).join(" ");

let fx: ProxyFixture;
let openai: OpenAI;
let anthropic: Anthropic;

beforeAll(async () => {
  fx = await startProxyFixture({
    defaultConfig: "watched",
    policies: {
      "watched.json": policy({ output: [{ name: "Keywords", config: { keywords: ["forbidden"] } }] }),
      "open.json": { version: 1 },
    },
    models: [
      { name: "retrying", parameters: { base_url: "$MOCK/v1", max_retries: 2 } },
      { name: "short-timeout", parameters: { base_url: "$MOCK/v1", max_retries: 2, timeout: 1.5 } },
    ],
    env: { SVC_GUARDRAILS_MAX_ANSWER_BYTES: String(CAP) },
  });
  openai = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "k", maxRetries: 0 });
  anthropic = new Anthropic({ baseURL: fx.server.url, apiKey: "k", maxRetries: 0 });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

const use = (config: string) => ({ guardrails: { config_id: config } }) as object;

describe("answers over SVC_GUARDRAILS_MAX_ANSWER_BYTES", () => {
  for (const config of ["watched", "open"]) {
    test(`a whole answer is a 502 upstream_answer_too_large the SDK raises (${config})`, async () => {
      fx.mock.behave({ text: LONG_ANSWER });
      const err = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }], ...use(config) }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
      expect((err as InstanceType<typeof OpenAI.APIError>).code).toBe("upstream_answer_too_large");
    });

    test(`a stream ends with the family's error event once the upstream has sent the cap (${config})`, async () => {
      // 100 events of 2 KB, 2 ms apart: the cap falls in the middle of the stream.
      fx.mock.behave({ chunks: Array.from({ length: 100 }, () => "x".repeat(2000)), chunkDelayMs: 2 });
      const stream = await openai.chat.completions.create({ model: "m", stream: true, messages: [{ role: "user", content: "hi" }], ...use(config) });
      let text = "";
      const error = await (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.APIError);
      expect((error as Error).message).toContain("SVC_GUARDRAILS_MAX_ANSWER_BYTES");
      expect(text.length).toBeGreaterThan(0);
      expect(text.length).toBeLessThan(CAP);
      const line = await fx.server.waitForLog((l) => l.msg === "request" && l.stream === "upstream_failed" && l.config_id === config);
      expect(line.status).toBe(200);
    });
  }

  test("a compressed answer is counted as it unpacks: a gzip bomb is refused", async () => {
    fx.mock.behave({ text: "a".repeat(4 * 1024 * 1024), gzip: true });
    const res = await fx.server.post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: { error: string } }).detail.error).toBe("upstream_answer_too_large");
  });

  test("an error answer is capped too", async () => {
    fx.mock.behave({ status: 400, errorMessage: LONG_ANSWER });
    const res = await fx.server.post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: { error: string } }).detail.error).toBe("upstream_answer_too_large");
  });

  test("the messages SDK gets the cap as its own error, whole and streamed", async () => {
    fx.mock.behave({ text: LONG_ANSWER });
    const whole = await anthropic.messages.create({ model: "c", max_tokens: 9, messages: [{ role: "user", content: "hi" }] }).catch((e: unknown) => e);
    expect(whole).toBeInstanceOf(Anthropic.APIError);
    expect((whole as InstanceType<typeof Anthropic.APIError>).status).toBe(502);
    const stream = await anthropic.messages.create({ model: "c", max_tokens: 9, stream: true, messages: [{ role: "user", content: "hi" }] });
    const error = await (async () => {
      for await (const _ of stream);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
  });

  test("an answer within the cap is untouched, compressed or not", async () => {
    for (const gzip of [false, true]) {
      fx.mock.behave({ text: "A short answer.", gzip });
      const done = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] });
      expect(done.choices[0]!.message.content).toBe("A short answer.");
    }
  });
});

describe("Retry-After", () => {
  test("over 10 s is not waited for: the caller gets the 429 and its retry-after at once", async () => {
    fx.mock.behave({ status: 429, statusTimes: 5, retryAfterSeconds: 30 });
    const started = performance.now();
    const res = await fx.server.post("/v1/chat/completions", { model: "retrying", messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("30");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(fx.mock.received.length).toBe(1);
  });

  test("within 10 s and the entry's timeout it is honoured", async () => {
    fx.mock.behave({ status: 429, statusTimes: 1, retryAfterSeconds: 1 });
    const started = performance.now();
    const res = await fx.server.post("/v1/chat/completions", { model: "retrying", messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(fx.mock.received.length).toBe(2);
  });

  test("longer than the entry's timeout (1.5 s) is not waited for", async () => {
    fx.mock.behave({ status: 503, statusTimes: 5, retryAfterSeconds: 2 });
    const started = performance.now();
    const res = await fx.server.post("/v1/chat/completions", { model: "short-timeout", messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(fx.mock.received.length).toBe(1);
  });
});
