/** POST /v1/messages and GET /v1/models with the official @anthropic-ai/sdk client as the caller. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { policy, use } from "../helpers/policies.ts";
import { sseFrames, startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

let fx: ProxyFixture;
let anthropic: Anthropic;

const LONG_FORBIDDEN = Array.from({ length: 30 }, (_, i) => (i === 2 ? "forbidden" : `word${i}`)).join(" ");

beforeAll(async () => {
  fx = await startProxyFixture({
    defaultConfig: "mask",
    policies: {
      "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
      "kw-in.json": policy({ input: [{ name: "Keywords", config: { keywords: ["launch codes"] } }] }),
      "kw-out.json": policy({ output: [{ name: "Keywords", config: { keywords: ["forbidden"] } }] }),
    },
    models: [
      { name: "claude-team", provider: "messages", model: "claude-mock-4", parameters: { base_url: "$MOCK", api_key: "entry-key" } },
      { name: "gpt-team", provider: "compat", parameters: { base_url: "$MOCK/v1" } },
    ],
    env: { MESSAGES_API_KEY: "env-messages-key" },
  });
  anthropic = new Anthropic({ baseURL: fx.server.url, apiKey: "caller-key", maxRetries: 0 });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

describe("non-streaming", () => {
  test("the message parses in the SDK; the upstream gets masked turns and a masked system prompt", async () => {
    const msg = await anthropic.messages.create({
      model: "claude-x",
      max_tokens: 256,
      system: "Escalate to lead@corp.example",
      metadata: { user_id: "u-7" },
      messages: [
        { role: "user", content: "I am pat@example.com" },
        { role: "assistant", content: [{ type: "text", text: "Hi pat@example.com" }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "record: lee@example.com" }] },
      ],
      ...({ vendor_field: true } as object),
    });
    expect(msg.type).toBe("message");
    expect(msg.content as unknown[]).toEqual([{ type: "text", text: "Hello! How can I help you today?" }]);
    expect(msg.stop_reason).toBe("end_turn");
    const sent = fx.mock.last();
    expect(sent.path).toBe("/v1/messages");
    expect(sent.body).toMatchObject({
      system: "Escalate to <EMAIL_ADDRESS>",
      metadata: { user_id: "u-7" },
      vendor_field: true,
      messages: [
        { role: "user", content: "I am <EMAIL_ADDRESS>" },
        { role: "assistant", content: [{ type: "text", text: "Hi <EMAIL_ADDRESS>" }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "record: <EMAIL_ADDRESS>" }] },
      ],
    });
    expect(sent.body!.guardrails).toBeUndefined();
  });

  test("the caller's key and version headers are forwarded, alone", async () => {
    const client = new Anthropic({
      baseURL: fx.server.url,
      apiKey: "caller-key",
      maxRetries: 0,
      defaultHeaders: { "anthropic-version": "2023-06-01", "anthropic-beta": "tools-2024", "messages-version": "v9", "messages-beta": "b1" },
    });
    await client.messages.create({ model: "claude-x", max_tokens: 10, messages: [{ role: "user", content: "hi" }] });
    const h = fx.mock.last().headers;
    expect(h.authorization).toBe("Bearer caller-key");
    expect(h["x-api-key"]).toBeUndefined();
    expect(h["anthropic-version"]).toBe("2023-06-01");
    expect(h["anthropic-beta"]).toBe("tools-2024");
    expect(h["messages-version"]).toBe("v9");
    expect(h["messages-beta"]).toBe("b1");
  });

  test("an x-api-key caller is forwarded as x-api-key, with no Authorization beside it", async () => {
    const res = await fx.server.post("/v1/messages", { model: "claude-x", max_tokens: 10, messages: [{ role: "user", content: "hi" }] }, { "x-api-key": "sk-ant-caller" });
    expect(res.status).toBe(200);
    expect(fx.mock.last().headers["x-api-key"]).toBe("sk-ant-caller");
    expect(fx.mock.last().headers.authorization).toBeUndefined();
  });

  test("without a caller key: MESSAGES_API_KEY, or the entry's api_key for a configured model", async () => {
    await fx.server.post("/v1/messages", { model: "claude-x", max_tokens: 10, messages: [{ role: "user", content: "hi" }] });
    expect(fx.mock.last().headers.authorization).toBe("Bearer env-messages-key");
    await fx.server.post("/v1/messages", { model: "claude-team", max_tokens: 10, messages: [{ role: "user", content: "hi" }] });
    expect(fx.mock.last().headers.authorization).toBe("Bearer entry-key");
    expect(fx.mock.last().body!.model).toBe("claude-mock-4");
  });

  test("an input block is the SDK's BadRequestError with the guardrail's message", async () => {
    const e = await anthropic.messages.create({ model: "claude-x", max_tokens: 10, messages: [{ role: "user", content: "the launch codes" }], ...use("kw-in") }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Anthropic.BadRequestError);
    expect((e as Error).message).toContain("Keywords guardrail triggered");
    expect(fx.mock.received).toHaveLength(0);
  });

  test("the error body is the messages shape plus SPEC's detail", async () => {
    const res = await fx.server.post("/v1/messages", { model: "claude-x", max_tokens: 10, messages: [{ role: "user", content: "launch codes" }], guardrails: { config_id: "kw-in" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      type: "error",
      error: { type: "invalid_request_error", message: expect.stringContaining("Keywords") },
      detail: { error: "guardrail_enforcement_triggered", message: expect.stringContaining("Keywords"), guardrail: "Keywords", request_id: res.headers.get("x-request-id") },
    });
  });

  test("max_tokens is required: 422, which the SDK raises as UnprocessableEntityError", async () => {
    const e = await anthropic.messages.create({ model: "claude-x", messages: [{ role: "user", content: "hi" }] } as unknown as Anthropic.MessageCreateParamsNonStreaming).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Anthropic.UnprocessableEntityError);
    expect((e as Error).message).toContain("max_tokens");
  });

  test("a model routed to a non-messages provider is 422 provider_mismatch, and the reverse too", async () => {
    const res = await fx.server.post("/v1/messages", { model: "gpt-team", max_tokens: 10, messages: [{ role: "user", content: "hi" }] });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: { error: string } }).detail.error).toBe("provider_mismatch");
    const chat = await fx.server.post("/v1/chat/completions", { model: "claude-team", messages: [{ role: "user", content: "hi" }] });
    expect(chat.status).toBe(422);
    expect(((await chat.json()) as { detail: { error: string } }).detail.error).toBe("provider_mismatch");
    expect(fx.mock.received).toHaveLength(0);
  });
});

describe("streaming", () => {
  test("named events arrive and the SDK assembles the message", async () => {
    const stream = anthropic.messages.stream({ model: "claude-x", max_tokens: 100, messages: [{ role: "user", content: "hi" }], ...use("kw-out") });
    const final = await stream.finalMessage();
    expect(final.content as unknown[]).toEqual([{ type: "text", text: "Hello! How can I help you today?" }]);
    expect(final.stop_reason).toBe("end_turn");
  });

  for (const config_id of ["mask", "kw-out"]) {
    test(`a tool_use block reaches the SDK whole and streamed (${config_id === "mask" ? "no output guardrails" : "output guardrails"})`, async () => {
      fx.mock.behave({ toolCall: { name: "lookup_order", argumentChunks: ['{"id":', ' "A-1', '7"}'] } });
      const request = { model: "claude-x", max_tokens: 100, tools: [{ name: "lookup_order", input_schema: { type: "object" as const } }], messages: [{ role: "user" as const, content: "where is my order?" }], ...use(config_id) };
      const expected = [{ type: "tool_use", id: "toolu_mock_1", name: "lookup_order", input: { id: "A-17" } }];
      const whole = await anthropic.messages.create(request);
      expect([whole.content as unknown[], whole.stop_reason]).toEqual([expected, "tool_use"]);
      const final = await anthropic.messages.stream(request).finalMessage();
      expect([final.content as unknown[], final.stop_reason]).toEqual([expected, "tool_use"]);
    });
  }

  test("a gzip-compressed upstream: the message and the stream reach the SDK, checked", async () => {
    fx.mock.behave({ gzip: true });
    const request = { model: "claude-x", max_tokens: 100, messages: [{ role: "user" as const, content: "hi" }], ...use("kw-out") };
    const whole = await anthropic.messages.create(request);
    expect(whole.content as unknown[]).toEqual([{ type: "text", text: "Hello! How can I help you today?" }]);
    const final = await anthropic.messages.stream(request).finalMessage();
    expect(final.content as unknown[]).toEqual([{ type: "text", text: "Hello! How can I help you today?" }]);
    fx.mock.behave({ gzip: true, text: "short but forbidden" });
    const error = await anthropic.messages.stream(request).finalMessage().catch((e: unknown) => e);
    expect((error as Error).message).toContain("Keywords guardrail triggered");
  });

  test("a mid-stream block is a terminal error frame that surfaces in the SDK", async () => {
    fx.mock.behave({ text: LONG_FORBIDDEN });
    const stream = await anthropic.messages.create({ model: "claude-x", max_tokens: 100, stream: true, messages: [{ role: "user", content: "hi" }], ...use("kw-out") });
    let text = "";
    const error = await (async () => {
      for await (const event of stream) if (event.type === "content_block_delta" && event.delta.type === "text_delta") text += event.delta.text;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as Error).message).toContain("Keywords guardrail triggered");
    expect((error as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({ type: "error", error: { type: "guardrail_enforcement_triggered", guardrail: "Keywords" } });
    expect(text.length).toBeLessThan(LONG_FORBIDDEN.length);
  });

  test("the error frame's wire shape", async () => {
    fx.mock.behave({ text: "short but forbidden" });
    const frames = await sseFrames(await fx.server.post("/v1/messages", { model: "m", max_tokens: 9, stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "kw-out" } }));
    const last = frames.at(-1)!.split("\n");
    expect(last[0]).toBe("event: error");
    expect(JSON.parse(last[1]!.slice(6))).toEqual({
      type: "error",
      error: { type: "guardrail_enforcement_triggered", message: expect.stringContaining("Keywords"), guardrail: "Keywords" },
    });
    expect(frames.map((f) => f.split("\n")[0])).not.toContain("event: message_delta");
  });
});

describe("GET /v1/models", () => {
  test("compat-style clients get the configured names", async () => {
    const client = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "k", maxRetries: 0 });
    const ids: string[] = [];
    for await (const m of client.models.list()) {
      ids.push(m.id);
      expect(m).toEqual({ id: m.id, object: "model", created: 0, owned_by: "guardrail-proxy" });
    }
    expect(ids).toEqual(["claude-team", "gpt-team"]);
    expect((await client.models.retrieve("gpt-team")).id).toBe("gpt-team");
    expect(await client.models.retrieve("unknown").catch((e: unknown) => e)).toBeInstanceOf(OpenAI.NotFoundError);
    expect(fx.mock.received).toHaveLength(0);
  });

  test("messages-style clients get the messages upstream's catalogue", async () => {
    const page = await anthropic.models.list({ limit: 5 });
    expect(page.data.map((m) => m.id)).toEqual(["claude-mock-4", "claude-mock-3"]);
    expect(fx.mock.last()).toMatchObject({ method: "GET", path: "/v1/models", query: { limit: "5" } });
    expect(fx.mock.last().headers.authorization).toBe("Bearer caller-key");
    const one = await anthropic.models.retrieve("claude-mock-3");
    expect(one.display_name).toBe("Claude Mock 3");
    expect(await anthropic.models.retrieve("nope").catch((e: unknown) => e)).toBeInstanceOf(Anthropic.NotFoundError);
  });
});
