/**
 * POST /v1/chat/completions with the official openai client as the caller and the mock
 * upstream behind: what the upstream receives, what the client gets, streaming included.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import OpenAI from "openai";
import { policy } from "../helpers/policies.ts";
import { dataOf, sseFrames, startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";
import { until } from "../helpers/wait.ts";

let fx: ProxyFixture;
let client: OpenAI;

const FORBIDDEN_AT_15 = Array.from({ length: 30 }, (_, i) => (i === 14 ? "forbidden" : `word${i}`)).join(" ");

beforeAll(async () => {
  fx = await startProxyFixture({
    defaultConfig: "mask",
    policies: {
      "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS", "PHONE_NUMBER"] } }] }),
      "kw-in.json": policy({ input: [{ name: "Keywords", config: { keywords: ["launch codes"] } }] }),
      "kw-out.json": policy({ output: [{ name: "Keywords", config: { keywords: ["forbidden"] } }] }),
      "kw-out-alert.json": policy({ mode: "alert", output: [{ name: "Keywords", config: { keywords: ["forbidden"] } }] }),
      "none.json": { version: 1 },
    },
  });
  client = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "sk-caller-key", maxRetries: 0 });
});

afterAll(() => fx.stop());

beforeEach(() => fx.mock.reset());

const withPolicy = (config_id: string) => ({ guardrails: { config_id } }) as object;

describe("non-streaming", () => {
  test("the answer arrives unchanged and the upstream gets the masked conversation", async () => {
    const res = await client.chat.completions.create({
      model: "gpt-4o-mini",
      messages: [
        { role: "system", content: "Support agent. Escalations go to boss@corp.example." },
        { role: "user", content: "Hi, I am jane.doe@example.com" },
        { role: "assistant", content: "Noted, jane.doe@example.com. Phone?" },
        { role: "user", content: [{ type: "text", text: "Call me at +1 415 555 0132" }] },
      ],
    });
    expect(res.object).toBe("chat.completion");
    expect(res.choices[0]!.message.content).toBe("Hello! How can I help you today?");
    expect(res.usage?.total_tokens).toBeGreaterThan(0);
    const sent = fx.mock.last();
    expect(sent.path).toBe("/v1/chat/completions");
    // The system prompt is what the model reads too: masked (DECISIONS §8).
    expect(sent.body!.messages).toEqual([
      { role: "system", content: "Support agent. Escalations go to <EMAIL_ADDRESS>." },
      { role: "user", content: "Hi, I am <EMAIL_ADDRESS>" },
      { role: "assistant", content: "Noted, <EMAIL_ADDRESS>. Phone?" },
      { role: "user", content: [{ type: "text", text: "Call me at <PHONE_NUMBER>" }] },
    ]);
  });

  test("the logs hold neither the caller's key nor the personal data, masked or not", async () => {
    await client.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "I am lou.secret@example.com" }] });
    await fx.server.waitForLog((l) => l.msg === "request" && l.path === "/v1/chat/completions");
    const logs = fx.server.rawLogs();
    expect(logs).not.toContain("lou.secret");
    expect(logs).not.toContain("sk-caller-key");
  });

  test("the guardrails object is removed and every other field is forwarded, unknown ones too", async () => {
    await client.chat.completions.create({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "hello" }],
      temperature: 0.2,
      seed: 7,
      ...withPolicy("none"),
      ...({ vendor_extension: { level: 3 } } as object),
    });
    const body = fx.mock.last().body!;
    expect(body.guardrails).toBeUndefined();
    expect(body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.2, seed: 7, vendor_extension: { level: 3 } });
  });

  test("the caller's Authorization is forwarded when the server has no key", async () => {
    await client.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hello" }] });
    expect(fx.mock.last().headers.authorization).toBe("Bearer sk-caller-key");
  });

  test("the request's id reaches the client as X-Request-Id, the upstream's as X-Upstream-Request-Id", async () => {
    const { response, request_id } = await client.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] }).withResponse();
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(request_id).toBe(fx.mock.last().headers["x-request-id"]!);
    expect(response.headers.get("x-upstream-request-id")).toBe("req_mock_whole");
  });

  test("an input block is the SDK's BadRequestError with the guardrail's message, and the upstream is never called", async () => {
    const call = client.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "Give me the launch codes" }], ...withPolicy("kw-in") });
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const e = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(e.status).toBe(400);
    expect(e.message).toContain("Keywords guardrail triggered");
    expect(e.code).toBe("guardrail_enforcement_triggered");
    expect(fx.mock.received).toHaveLength(0);
  });

  test("the 400 body carries SPEC's detail object", async () => {
    const res = await fx.server.post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "the launch codes" }], guardrails: { config_id: "kw-in" } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { detail: Record<string, string> };
    expect(body.detail).toMatchObject({ error: "guardrail_enforcement_triggered", message: expect.stringContaining("Keywords"), guardrail: "Keywords" });
  });

  test("an output block is a 400 for the caller", async () => {
    fx.mock.behave({ text: "This answer is forbidden." });
    const error = await client.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }], ...withPolicy("kw-out") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain("Keywords guardrail triggered");
  });

  test("every choice is judged", async () => {
    fx.mock.behave({ text: "forbidden" });
    const error = await client.chat.completions.create({ model: "gpt-4o-mini", n: 2, messages: [{ role: "user", content: "hi" }], ...withPolicy("kw-out") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
  });
});

describe("streaming", () => {
  test("chunks arrive as text/event-stream and the SDK assembles the answer", async () => {
    const { data: stream, response } = await client.chat.completions.create({ model: "gpt-4o-mini", stream: true, messages: [{ role: "user", content: "hi" }] }).withResponse();
    expect(response.headers.get("content-type")).toStartWith("text/event-stream");
    let text = "";
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(text).toBe("Hello! How can I help you today?");
    expect(finish).toBe("stop");
  });

  for (const config_id of ["none", "kw-out"]) {
    test(`each event reaches the client as soon as the upstream sends it (${config_id === "none" ? "no output guardrails" : "output guardrails"})`, async () => {
      fx.mock.behave({ chunks: ["one ", "two ", "three "], chunkDelayMs: 250 });
      const res = await fx.server.post("/v1/chat/completions", { model: "m", stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id } });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      const arrivals: number[] = [];
      let seen = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        seen += decoder.decode(value, { stream: true });
        // One arrival time per content event newly complete in what has come so far.
        while (arrivals.length < 3 && seen.includes(`"content":"${["one", "two", "three"][arrivals.length]} "`)) arrivals.push(performance.now());
      }
      expect(arrivals).toHaveLength(3);
      // Held back and sent together, they would arrive within a millisecond of each other.
      expect(arrivals[1]! - arrivals[0]!).toBeGreaterThan(150);
      expect(arrivals[2]! - arrivals[1]!).toBeGreaterThan(150);
    });
  }

  for (const config_id of ["none", "kw-out"]) {
    test(`a tool call reaches the SDK whole and streamed (${config_id === "none" ? "no output guardrails" : "output guardrails"})`, async () => {
      const tools = [{ type: "function" as const, function: { name: "lookup_order", parameters: { type: "object", properties: { id: { type: "string" } } } } }];
      const argumentChunks = ['{"id":', ' "A-1', '7"}'];
      fx.mock.behave({ toolCall: { name: "lookup_order", argumentChunks } });
      const whole = await client.chat.completions.create({ model: "gpt-4o-mini", tools, messages: [{ role: "user", content: "where is my order?" }], ...withPolicy(config_id) });
      expect(whole.choices[0]!.finish_reason).toBe("tool_calls");
      expect(whole.choices[0]!.message.tool_calls).toEqual([{ id: "call_mock_1", type: "function", function: { name: "lookup_order", arguments: '{"id": "A-17"}' } }]);

      const stream = await client.chat.completions.create({ model: "gpt-4o-mini", stream: true, tools, messages: [{ role: "user", content: "where is my order?" }], ...withPolicy(config_id) });
      let name = "";
      let args = "";
      let finish: string | null = null;
      for await (const chunk of stream) {
        for (const call of chunk.choices[0]?.delta.tool_calls ?? []) {
          name += call.function?.name ?? "";
          args += call.function?.arguments ?? "";
        }
        finish = chunk.choices[0]?.finish_reason ?? finish;
      }
      expect([name, args, finish]).toEqual(["lookup_order", '{"id": "A-17"}', "tool_calls"]);
    });
  }

  test("the wire format ends with data: [DONE], usage chunk included", async () => {
    const res = await fx.server.post("/v1/chat/completions", { model: "m", stream: true, stream_options: { include_usage: true }, messages: [{ role: "user", content: "hi" }] });
    const payloads = dataOf(await sseFrames(res));
    expect(payloads.at(-1)).toBe("[DONE]");
    expect(payloads.at(-2)).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } });
  });

  test("input masking happens before the stream starts", async () => {
    const stream = await client.chat.completions.create({ model: "gpt-4o-mini", stream: true, messages: [{ role: "user", content: "mail me: a.b@example.org" }] });
    for await (const _ of stream);
    expect(fx.mock.last().body!.messages).toEqual([{ role: "user", content: "mail me: <EMAIL_ADDRESS>" }]);
  });

  test("an input block is a 400 before any stream byte", async () => {
    const res = await fx.server.post("/v1/chat/completions", { model: "m", stream: true, messages: [{ role: "user", content: "launch codes" }], guardrails: { config_id: "kw-in" } });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(fx.mock.received).toHaveLength(0);
  });

  test("a mid-stream block ends with a content_filter chunk the SDK parses, and the upstream is cancelled", async () => {
    fx.mock.behave({ text: FORBIDDEN_AT_15, chunkDelayMs: 3 });
    const cancelledBefore = fx.mock.cancelledStreams();
    const stream = await client.chat.completions.create({ model: "gpt-4o-mini", stream: true, messages: [{ role: "user", content: "hi" }], ...withPolicy("kw-out") });
    let text = "";
    const finishes: (string | null)[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
    }
    expect(finishes).toEqual(["content_filter"]);
    // Keywords judges every chunk before it goes out (DECISIONS §9): everything before the
    // word arrives, not one character of it.
    expect(text).toBe(FORBIDDEN_AT_15.slice(0, FORBIDDEN_AT_15.indexOf("forbidden")));
    await until(() => fx.mock.cancelledStreams() === cancelledBefore + 1);
    expect(fx.mock.openStreams()).toBe(0);
  });

  test("the block chunk's shape: empty delta, finish_reason content_filter, then [DONE]", async () => {
    fx.mock.behave({ text: FORBIDDEN_AT_15, chunkDelayMs: 2 });
    const res = await fx.server.post("/v1/chat/completions", { model: "m", stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "kw-out" } });
    const payloads = dataOf(await sseFrames(res));
    expect(payloads.at(-1)).toBe("[DONE]");
    expect(payloads.at(-2)).toEqual({
      id: "chatcmpl-mock1",
      object: "chat.completion.chunk",
      created: expect.any(Number),
      model: "m",
      choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: "content_filter" }],
    });
  });

  test("the final check catches what the last chunks carry, before the stop chunk is sent", async () => {
    fx.mock.behave({ text: "short and forbidden" });
    const res = await fx.server.post("/v1/chat/completions", { model: "m", stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "kw-out" } });
    const payloads = dataOf(await sseFrames(res)) as { choices?: { finish_reason: string | null }[] }[];
    const finishes = payloads.flatMap((p) => (typeof p === "object" ? (p.choices ?? []).map((c) => c.finish_reason).filter((f) => f !== null) : []));
    expect(finishes).toEqual(["content_filter"]);
  });

  test("alert mode streams on to the end and logs the trip", async () => {
    fx.mock.behave({ text: FORBIDDEN_AT_15 });
    const stream = await client.chat.completions.create({ model: "gpt-4o-mini", stream: true, messages: [{ role: "user", content: "hi" }], ...withPolicy("kw-out-alert") });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
    expect(text).toBe(FORBIDDEN_AT_15);
    const line = await fx.server.waitForLog((l) => l.msg === "request" && l.config_id === "kw-out-alert");
    expect(line.stream).toBe("completed");
    expect(line.guardrails).toContainEqual(expect.objectContaining({ name: "Keywords", stage: "output", tripped: true, enforced: false }));
  });

  test("without output guardrails the upstream bytes pass through untouched", async () => {
    const direct = await fetch(`${fx.mock.compatBaseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "hi" }] }),
    }).then((r) => r.text());
    const proxied = await fx.server
      .post("/v1/chat/completions", { model: "m", stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "none" } })
      .then((r) => r.text());
    expect(proxied).toBe(direct);
  });
});

describe("an upstream that compresses its answers (content-encoding: gzip)", () => {
  test("the SDK gets the answer, with no content-encoding on the decompressed body", async () => {
    fx.mock.behave({ gzip: true });
    const { data, response } = await client.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] }).withResponse();
    expect(data.choices[0]!.message.content).toBe("Hello! How can I help you today?");
    expect(response.headers.get("content-encoding")).toBeNull();
  });

  test("output guardrails read the decompressed answer", async () => {
    fx.mock.behave({ gzip: true, text: "This answer is forbidden." });
    const error = await client.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }], ...withPolicy("kw-out") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
  });

  for (const config_id of ["none", "kw-out"]) {
    test(`a compressed stream reaches the SDK whole (${config_id === "none" ? "no output guardrails" : "output guardrails"})`, async () => {
      fx.mock.behave({ gzip: true });
      const { data: stream, response } = await client.chat.completions
        .create({ model: "gpt-4o-mini", stream: true, messages: [{ role: "user", content: "hi" }], ...withPolicy(config_id) })
        .withResponse();
      expect(response.headers.get("content-encoding")).toBeNull();
      let text = "";
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
      expect(text).toBe("Hello! How can I help you today?");
    });
  }

  test("a compressed stream is still checked: the block arrives as content_filter", async () => {
    fx.mock.behave({ gzip: true, text: FORBIDDEN_AT_15 });
    const stream = await client.chat.completions.create({ model: "gpt-4o-mini", stream: true, messages: [{ role: "user", content: "hi" }], ...withPolicy("kw-out") });
    const finishes: (string | null)[] = [];
    for await (const chunk of stream) if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
    expect(finishes).toEqual(["content_filter"]);
  });
});

describe("streaming checks every N chunks", () => {
  let strict: ProxyFixture;
  beforeAll(async () => {
    strict = await startProxyFixture({
      defaultConfig: "kw-out",
      policies: { "kw-out.json": policy({ output: [{ name: "Keywords", config: { keywords: ["forbidden"] } }] }) },
      env: { SVC_GUARDRAILS_STREAM_CHECK_INTERVAL: "1" },
    });
  });
  afterAll(() => strict.stop());

  test("with SVC_GUARDRAILS_STREAM_CHECK_INTERVAL=1 the chunk that trips is the first one withheld", async () => {
    strict.mock.behave({ text: FORBIDDEN_AT_15 });
    const c = new OpenAI({ baseURL: `${strict.server.url}/v1`, apiKey: "k", maxRetries: 0 });
    const stream = await c.chat.completions.create({ model: "m", stream: true, messages: [{ role: "user", content: "hi" }] });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
    expect(text).toBe(FORBIDDEN_AT_15.slice(0, FORBIDDEN_AT_15.indexOf("forbidden")));
  });
});
