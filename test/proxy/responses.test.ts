/** POST /v1/responses with the official openai client as the caller. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import OpenAI from "openai";
import { policy, use } from "../helpers/policies.ts";
import { dataOf, sseFrames, startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

let fx: ProxyFixture;
let client: OpenAI;

const LONG_FORBIDDEN = Array.from({ length: 30 }, (_, i) => (i === 2 ? "forbidden" : `word${i}`)).join(" ");

beforeAll(async () => {
  fx = await startProxyFixture({
    policies: {
      "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
      "kw-in.json": policy({ input: [{ name: "Keywords", config: { keywords: ["launch codes"] } }] }),
      "kw-out.json": policy({ output: [{ name: "Keywords", config: { keywords: ["forbidden"] } }] }),
    },
  });
  client = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "sk-caller", maxRetries: 0 });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

describe("non-streaming", () => {
  test("a string input and the instructions are masked; the answer parses in the SDK", async () => {
    const res = await client.responses.create({ model: "gpt-4.1", input: "write to amy@example.com", instructions: "Reply to ops@corp.example", ...use("mask") });
    expect(res.object).toBe("response");
    expect(res.status).toBe("completed");
    expect(res.output_text).toBe("Hello! How can I help you today?");
    expect(fx.mock.last().path).toBe("/v1/responses");
    expect(fx.mock.last().body).toMatchObject({ input: "write to <EMAIL_ADDRESS>", instructions: "Reply to <EMAIL_ADDRESS>" });
    expect(fx.mock.last().body!.guardrails).toBeUndefined();
  });

  test("structured input: message items, developer items and tool outputs are masked", async () => {
    await client.responses.create({
      model: "gpt-4.1",
      input: [
        { role: "developer", content: "Admin is root@corp.example" },
        { role: "user", content: [{ type: "input_text", text: "I am bo@example.com" }] },
        { type: "function_call", call_id: "c1", name: "lookup", arguments: "{}" },
        { type: "function_call_output", call_id: "c1", output: "owner: cy@example.com" },
      ],
      previous_response_id: "resp_prev",
      user: "u-1",
      ...use("mask"),
    });
    expect(fx.mock.last().body).toMatchObject({
      input: [
        { role: "developer", content: "Admin is <EMAIL_ADDRESS>" },
        { role: "user", content: [{ type: "input_text", text: "I am <EMAIL_ADDRESS>" }] },
        { type: "function_call", call_id: "c1", name: "lookup", arguments: "{}" },
        { type: "function_call_output", call_id: "c1", output: "owner: <EMAIL_ADDRESS>" },
      ],
      previous_response_id: "resp_prev",
      user: "u-1",
    });
  });

  test("an input block is the SDK's BadRequestError; the upstream is not called", async () => {
    const e = await client.responses.create({ model: "gpt-4.1", input: "launch codes please", ...use("kw-in") }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OpenAI.BadRequestError);
    expect((e as Error).message).toContain("Keywords guardrail triggered");
    expect(fx.mock.received).toHaveLength(0);
  });

  test("an output block is a 400", async () => {
    fx.mock.behave({ text: "that is forbidden" });
    const e = await client.responses.create({ model: "gpt-4.1", input: "hi", ...use("kw-out") }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OpenAI.BadRequestError);
  });

  test("no config_id and no default policy is a 422; so is an unknown policy", async () => {
    const noId = await fx.server.post("/v1/responses", { model: "m", input: "hi" });
    expect(noId.status).toBe(422);
    expect(((await noId.json()) as { detail: { error: string } }).detail.error).toBe("config_id_required");
    const unknown = await fx.server.post("/v1/responses", { model: "m", input: "hi", guardrails: { config_id: "nope" } });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { detail: { error: string } }).detail.error).toBe("policy_not_found");
  });

  test("temperature outside 0..2 is a 422 naming the field", async () => {
    const res = await fx.server.post("/v1/responses", { model: "m", input: "hi", temperature: 3, guardrails: { config_id: "mask" } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: { message: string } }).detail.message).toContain("temperature");
  });
});

describe("streaming", () => {
  test("the full event sequence arrives and the SDK sees response.completed, then the stream ends with [DONE]", async () => {
    const stream = await client.responses.create({ model: "gpt-4.1", input: "hi", stream: true, ...use("kw-out") });
    const types: string[] = [];
    let text = "";
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === "response.output_text.delta") text += event.delta;
    }
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(types).toContain("response.output_item.done");
    expect(text).toBe("Hello! How can I help you today?");
    const raw = dataOf(await sseFrames(await fx.server.post("/v1/responses", { model: "m", input: "hi", stream: true, guardrails: { config_id: "kw-out" } })));
    expect(raw.at(-1)).toBe("[DONE]");
  });

  for (const config_id of ["mask", "kw-out"]) {
    test(`a function call reaches the SDK whole and streamed (${config_id === "mask" ? "no output guardrails" : "output guardrails"})`, async () => {
      fx.mock.behave({ toolCall: { name: "lookup_order", argumentChunks: ['{"id":', ' "A-1', '7"}'] } });
      const request = { model: "gpt-4.1", input: "where is my order?", tools: [{ type: "function" as const, name: "lookup_order", parameters: { type: "object" }, strict: false }], ...use(config_id) };
      const expected = { type: "function_call", call_id: "call_mock_1", name: "lookup_order", arguments: '{"id": "A-17"}', status: "completed" };
      const whole = await client.responses.create(request);
      expect(whole.output).toEqual([expect.objectContaining(expected)]);
      const stream = await client.responses.create({ ...request, stream: true });
      let args = "";
      let output: unknown[] = [];
      for await (const event of stream) {
        if (event.type === "response.function_call_arguments.delta") args += event.delta;
        if (event.type === "response.completed") output = event.response.output;
      }
      expect(args).toBe('{"id": "A-17"}');
      expect(output).toEqual([expect.objectContaining(expected)]);
    });
  }

  test("a block ends with response.completed, status incomplete, reason content_filter, then [DONE]", async () => {
    fx.mock.behave({ text: LONG_FORBIDDEN, chunkDelayMs: 1 });
    const stream = await client.responses.create({ model: "gpt-4.1", input: "hi", stream: true, ...use("kw-out") });
    let last: OpenAI.Responses.ResponseStreamEvent | undefined;
    for await (const event of stream) last = event;
    expect(last?.type).toBe("response.completed");
    const response = (last as OpenAI.Responses.ResponseCompletedEvent).response;
    expect(response.status).toBe("incomplete");
    expect(response.incomplete_details?.reason).toBe("content_filter");
    expect(response.id).toBe("resp_mock_1");

    fx.mock.behave({ text: LONG_FORBIDDEN });
    const frames = await sseFrames(await fx.server.post("/v1/responses", { model: "m", input: "hi", stream: true, guardrails: { config_id: "kw-out" } }));
    expect(frames.at(-1)).toBe("data: [DONE]");
    expect(frames.at(-2)).toStartWith("event: response.completed\n");
  });

  test("a short answer is judged before the done events that repeat its whole text go out", async () => {
    fx.mock.behave({ text: "that is forbidden" });
    const frames = await sseFrames(await fx.server.post("/v1/responses", { model: "m", input: "hi", stream: true, guardrails: { config_id: "kw-out" } }));
    const types = frames.map((f) => f.split("\n")[0]);
    expect(types).not.toContain("event: response.output_text.done");
    expect(types).not.toContain("event: response.output_item.done");
    const completed = dataOf([frames.at(-2)!])[0] as { response: { status: string; output: { status: string; content: unknown[] }[] } };
    expect(completed.response.status).toBe("incomplete");
    expect(completed.response.output).toEqual([expect.objectContaining({ type: "message", id: "msg_mock_1", status: "incomplete", content: [] })]);
  });

  test("the SDK's stream helper yields a final response with the content_filter reason", async () => {
    fx.mock.behave({ text: LONG_FORBIDDEN });
    const stream = client.responses.stream({ model: "gpt-4.1", input: "hi", ...use("kw-out") });
    const final = await stream.finalResponse();
    expect(final.status).toBe("incomplete");
    expect(final.incomplete_details?.reason).toBe("content_filter");
  });
});
