/**
 * Faults between the proxy and its upstream, and between the proxy and its caller: upstream
 * HTTP errors, an unreachable upstream, one slower than the timeout, a connection dropped in
 * mid-stream, a caller that leaves. None may crash the server or leave a request pending.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { policy, use } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";
import { until } from "../helpers/wait.ts";

let fx: ProxyFixture;
let openai: OpenAI;
let anthropic: Anthropic;

/** A port nothing listens on: bound, then released. */
function closedPort(): number {
  const s = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

const DEAD = `http://127.0.0.1:${closedPort()}`;

beforeAll(async () => {
  fx = await startProxyFixture({
    defaultConfig: "watched",
    policies: {
      "watched.json": policy({ output: [{ name: "Keywords", config: { keywords: ["forbidden"] } }] }),
      "open.json": { version: 1 },
    },
    models: [
      { name: "slow", parameters: { base_url: "$MOCK/v1", timeout: 0.2, max_retries: 0 } },
      { name: "dead", parameters: { base_url: `${DEAD}/v1`, max_retries: 0 } },
      { name: "retrying", parameters: { base_url: "$MOCK/v1", max_retries: 2 } },
      { name: "claude-dead", provider: "messages", parameters: { base_url: DEAD } },
    ],
    env: { SVC_GUARDRAILS_UPSTREAM_TIMEOUT: "0.3" },
  });
  openai = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "k", maxRetries: 0 });
  anthropic = new Anthropic({ baseURL: fx.server.url, apiKey: "k", maxRetries: 0 });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

/** After every fault: the server answers, nothing is left in flight upstream or in the mock. */
afterEach(async () => {
  expect((await fetch(`${fx.server.url}/health`)).status).toBe(200);
  await until(async () => (await inFlight()) === 0 && fx.mock.openStreams() === 0, 3000, "no pending upstream requests");
});

/** The in-flight gauge from GET /metrics. */
async function inFlight(): Promise<number> {
  const text = await fetch(`${fx.server.url}/metrics`).then((r) => r.text());
  const line = text.split("\n").find((l) => l.startsWith("guardrail_proxy_upstream_in_flight "));
  return Number(line?.split(" ")[1]);
}

describe("upstream HTTP errors are relayed with their status and body", () => {
  test("500 arrives as the SDK's InternalServerError with the upstream's message", async () => {
    fx.mock.behave({ status: 500, errorMessage: "The server had an error while processing your request." });
    const e = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OpenAI.InternalServerError);
    expect((e as Error).message).toContain("The server had an error while processing your request.");
  });

  test("429 keeps its body and request id", async () => {
    fx.mock.behave({ status: 429, errorMessage: "Rate limit reached" });
    const res = await fx.server.post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(429);
    expect(res.headers.get("x-upstream-request-id")).toBe("req_mock_error");
    expect(await res.json()).toEqual({ error: { message: "Rate limit reached", type: "invalid_request_error", param: null, code: "rate_limit_exceeded" } });
  });

  test("a messages upstream's 400 reaches the Anthropic SDK as BadRequestError", async () => {
    fx.mock.behave({ status: 400, errorMessage: "messages: roles must alternate" });
    const e = await anthropic.messages.create({ model: "c", max_tokens: 5, messages: [{ role: "user", content: "hi" }] }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Anthropic.BadRequestError);
    expect((e as Error).message).toContain("roles must alternate");
  });

  test("a streaming request that the upstream refuses gets the error, not a stream", async () => {
    fx.mock.behave({ status: 503, errorMessage: "overloaded" });
    const res = await fx.server.post("/v1/chat/completions", { model: "m", stream: true, messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});

describe("retries (max_retries)", () => {
  test("a retryable status is retried after retry-after-ms", async () => {
    fx.mock.behave({ status: 503, statusTimes: 2, retryAfterMs: 150 });
    const started = performance.now();
    const res = await fx.server.post("/v1/chat/completions", { model: "retrying", messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(200);
    expect(fx.mock.received).toHaveLength(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
  });

  test("retries stop at max_retries and the last error is relayed", async () => {
    fx.mock.behave({ status: 500, statusTimes: 5, retryAfterMs: 10 });
    const res = await fx.server.post("/v1/chat/completions", { model: "retrying", messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(500);
    expect(fx.mock.received).toHaveLength(3);
  });

  test("x-should-retry: false is obeyed, and a 400 is never retried", async () => {
    fx.mock.behave({ status: 503, statusTimes: 5 });
    expect((await fx.server.post("/v1/chat/completions", { model: "retrying", messages: [{ role: "user", content: "hi" }] })).status).toBe(503);
    expect(fx.mock.received).toHaveLength(1);
    fx.mock.reset();
    fx.mock.behave({ status: 400, statusTimes: 5, retryAfterMs: 10 });
    expect((await fx.server.post("/v1/chat/completions", { model: "retrying", messages: [{ role: "user", content: "hi" }] })).status).toBe(400);
    expect(fx.mock.received).toHaveLength(1);
  });
});

describe("unreachable and slow upstreams", () => {
  test("unreachable is 502 upstream_unreachable, in each family's error shape", async () => {
    const chat = await openai.chat.completions.create({ model: "dead", messages: [{ role: "user", content: "hi" }] }).catch((x: unknown) => x);
    expect(chat).toBeInstanceOf(OpenAI.APIError);
    expect((chat as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
    expect((chat as InstanceType<typeof OpenAI.APIError>).code).toBe("upstream_unreachable");
    const msg = await anthropic.messages.create({ model: "claude-dead", max_tokens: 5, messages: [{ role: "user", content: "hi" }] }).catch((x: unknown) => x);
    expect((msg as InstanceType<typeof Anthropic.APIError>).status).toBe(502);
    expect((msg as Error).message).toContain("could not be reached");
  });

  test("slower than the entry's timeout is 504 upstream_timeout", async () => {
    fx.mock.behave({ delayMs: 1500 });
    const started = performance.now();
    const res = await fx.server.post("/v1/chat/completions", { model: "slow", messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(504);
    expect(((await res.json()) as { detail: { error: string } }).detail.error).toBe("upstream_timeout");
    expect(performance.now() - started).toBeLessThan(1200);
  });

  test("SVC_GUARDRAILS_UPSTREAM_TIMEOUT bounds the messages upstream: 504", async () => {
    fx.mock.behave({ delayMs: 1500 });
    const e = await anthropic.messages.create({ model: "c", max_tokens: 5, messages: [{ role: "user", content: "hi" }] }).catch((x: unknown) => x);
    expect((e as InstanceType<typeof Anthropic.APIError>).status).toBe(504);
  });
});

describe("a connection dropped in mid-stream", () => {
  for (const config of ["watched", "open"]) {
    test(`ends the client's stream with an error the SDK raises (${config === "open" ? "no output guardrails" : "output guardrails"})`, async () => {
      fx.mock.behave({ dropAfterChunks: 3, chunkDelayMs: 2 });
      const stream = await openai.chat.completions.create({ model: "m", stream: true, messages: [{ role: "user", content: "hi" }], ...use(config) });
      let text = "";
      const error = await (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.APIError);
      expect((error as Error).message).toContain("lost mid-stream");
      expect(text).toBe("Hello! How can ");
      const line = await fx.server.waitForLog((l) => l.msg === "request" && l.stream === "upstream_failed" && l.config_id === config);
      expect(line.status).toBe(200);
    });
  }

  test("the messages SDK raises the error frame", async () => {
    fx.mock.behave({ dropAfterChunks: 2, chunkDelayMs: 2 });
    const stream = await anthropic.messages.create({ model: "c", max_tokens: 9, stream: true, messages: [{ role: "user", content: "hi" }] });
    const error = await (async () => {
      for await (const _ of stream);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
  });
});

describe("a caller that leaves", () => {
  for (const config of ["watched", "open"]) {
    test(`in mid-stream cancels the upstream stream (${config})`, async () => {
      fx.mock.behave({ text: Array.from({ length: 200 }, (_, i) => `w${i}`).join(" "), chunkDelayMs: 5 });
      const cancelled = fx.mock.cancelledStreams();
      const abort = new AbortController();
      const res = await fetch(`${fx.server.url}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: config } }),
        signal: abort.signal,
      });
      const reader = res.body!.getReader();
      await reader.read();
      abort.abort();
      await until(() => fx.mock.cancelledStreams() === cancelled + 1, 3000, "the upstream stream to be cancelled");
      const line = await fx.server.waitForLog((l) => l.msg === "request" && l.stream === "client_closed" && l.config_id === config);
      expect(line.path).toBe("/v1/chat/completions");
    });
  }

  test("before the upstream answered, the upstream request is abandoned", async () => {
    fx.mock.behave({ delayMs: 400 });
    const abort = new AbortController();
    const pending = fetch(`${fx.server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }),
      signal: abort.signal,
    }).catch((e: unknown) => e);
    await until(() => fx.mock.received.length === 1, 2000, "the upstream call");
    abort.abort();
    expect(await pending).toBeInstanceOf(Error);
    const line = await fx.server.waitForLog((l) => l.msg === "request" && l.status === 499);
    expect(line.path).toBe("/v1/chat/completions");
  });
});

describe("bad input to the proxy routes", () => {
  test("malformed JSON is a 422 validation_error the SDK shows", async () => {
    const res = await fx.server.post("/v1/chat/completions", "{not json");
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation_error");
    expect(fx.mock.received).toHaveLength(0);
  });

  test("wrong types are a 422 naming the field", async () => {
    const res = await fx.server.post("/v1/chat/completions", { model: 5, messages: "hi" });
    expect(res.status).toBe(422);
    const message = ((await res.json()) as { detail: { message: string } }).detail.message;
    expect(message).toContain("model");
  });
});

describe("every request is accounted for once, with the status its caller got", () => {
  /** `guardrail_proxy_requests_total` for a route and status, from GET /metrics. */
  async function requestsCounted(route: string, status: number): Promise<number> {
    const text = await fetch(`${fx.server.url}/metrics`).then((r) => r.text());
    const line = text.split("\n").find((l) => l.startsWith(`guardrail_proxy_requests_total{route="${route}",status="${status}"} `));
    return line ? Number(line.split(" ")[1]) : 0;
  }

  const cases: [string, () => Promise<Response>, number, string][] = [
    ["a relayed upstream 500", () => (fx.mock.behave({ status: 500, errorMessage: "boom" }), fx.server.post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "accounting-500" }] })), 500, "/v1/chat/completions"],
    ["a completion", () => fx.server.post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "accounting-200" }] }), 200, "/v1/chat/completions"],
    ["a request the schema refuses", () => fx.server.post("/v1/chat/completions", { model: "m", accounting: 422 }), 422, "/v1/chat/completions"],
    ["an unknown path", () => fx.server.post("/v1/accounting-unknown", {}), 404, "unmatched"],
    ["a guard answer", () => fx.server.post("/v1/guard/input", { text: "accounting-guard" }), 200, "/v1/guard/input"],
  ];
  for (const [name, send, status, route] of cases) {
    test(`${name}: one log line and one count, status ${status}`, async () => {
      const before = await requestsCounted(route, status);
      const res = await send();
      expect(res.status).toBe(status);
      await res.arrayBuffer();
      await until(async () => (await requestsCounted(route, status)) === before + 1, 2000, `${route} ${status} counted`);
      // Log lines name the route pattern (DECISIONS §7), as the metrics do.
      const lines = fx.server.logs().filter((l) => l.msg === "request" && l.status === status && l.path === route);
      expect(lines.length).toBeGreaterThan(0);
      await Bun.sleep(20);
      expect(await requestsCounted(route, status)).toBe(before + 1);
    });
  }
});
