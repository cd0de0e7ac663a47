/**
 * Answers that repeat themselves on other channels, and upstream framing the relay must read as
 * the SDKs do (issue "Bypasses an attacker found in an afternoon", items 4, 5 and 9). Each test
 * puts an SSN in one place of an upstream answer and checks that no piece of it reaches the
 * client: blocked under a blocking output policy, masked under a masking one, and the stream
 * still parsed by the official SDKs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const SSN = "536-22-8716";
/** Pieces of the SSN that must never reach the client. */
const PIECES = ["536-22", "22-8716", "8716"];

let fx: ProxyFixture;
beforeAll(async () => {
  fx = await startProxyFixture({
    policies: {
      "out-block.json": policy({ output: [{ name: "PII", suppress_enforcement: false, config: { block: true, entities: ["US_SSN"] } }] }),
      "out-mask.json": policy({ output: [{ name: "PII", config: { entities: ["US_SSN"] } }] }),
    },
    env: { MESSAGES_API_KEY: "k" },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

type Family = "chat" | "responses" | "messages";
const PATHS: Record<Family, string> = { chat: "/v1/chat/completions", responses: "/v1/responses", messages: "/v1/messages" };
const REQUEST: Record<Family, Record<string, unknown>> = {
  chat: { model: "m", messages: [{ role: "user", content: "hi" }] },
  responses: { model: "m", input: "hi" },
  messages: { model: "m", max_tokens: 64, messages: [{ role: "user", content: "hi" }] },
};

async function call(family: Family, configId: string, stream: boolean, extra: Record<string, unknown> = {}): Promise<{ status: number; body: string }> {
  const res = await fx.server.post(PATHS[family], { ...REQUEST[family], ...extra, ...(stream ? { stream: true } : {}), guardrails: { config_id: configId } }, { authorization: "Bearer sk-x", "x-api-key": "k" });
  return { status: res.status, body: await res.text() };
}

function expectNoPiece(body: string): void {
  for (const piece of PIECES) expect(body).not.toContain(piece);
}

const frame = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
const chunk = (choice: Record<string, unknown>) => ({ id: "c1", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, finish_reason: null, ...choice }] });
const tokens = (...list: string[]) => list.map((token) => ({ token, logprob: -0.1, bytes: [...Buffer.from(token)], top_logprobs: [] }));
const STOP = [frame(chunk({ delta: {}, finish_reason: "stop" })), frame("[DONE]")];

describe("item 4: log probabilities and audio are channels", () => {
  const logprobStream = [
    frame(chunk({ delta: { role: "assistant", content: "My number is 536-" }, logprobs: { content: tokens("My", " number", " is", " 536", "-") } })),
    frame(chunk({ delta: { content: "22-8716, thanks." }, logprobs: { content: tokens("22", "-", "8716", ",", " thanks", ".") } })),
    ...STOP,
  ];

  test("chat stream: an SSN held in content is not sent token by token in logprobs; masked, the tokens spell what the content says", async () => {
    fx.mock.behave({ rawFrames: logprobStream });
    const blocked = await call("chat", "out-block", true, { logprobs: true });
    expect(blocked.body).toContain("content_filter");
    expectNoPiece(blocked.body);

    fx.mock.behave({ rawFrames: logprobStream });
    const client = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "sk-x", maxRetries: 0 });
    const stream = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }], stream: true, logprobs: true, guardrails: { config_id: "out-mask" } } as never);
    let content = "";
    let spelled = "";
    for await (const c of stream as unknown as AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>) {
      content += c.choices[0]?.delta.content ?? "";
      spelled += (c.choices[0]?.logprobs?.content ?? []).map((t) => t.token).join("");
    }
    expect(content).toBe("My number is <US_SSN>, thanks.");
    expect(spelled).toBe(content);
  });

  test("chat stream: tokens that disagree with the content, and alternatives, are judged on their own", async () => {
    fx.mock.behave({ rawFrames: [frame(chunk({ delta: { content: "Hello there." }, logprobs: { content: tokens("Hello", ` ${SSN}`) } })), ...STOP] });
    const blocked = await call("chat", "out-block", true, { logprobs: true });
    expectNoPiece(blocked.body);
    const alternatives = [{ token: "Hello", logprob: -0.1, bytes: [72], top_logprobs: [{ token: SSN, logprob: -2, bytes: [] }] }];
    fx.mock.behave({ rawFrames: [frame(chunk({ delta: { content: "Hello" }, logprobs: { content: alternatives } })), ...STOP] });
    expectNoPiece((await call("chat", "out-mask", true, { logprobs: true, top_logprobs: 1 })).body);
    fx.mock.behave({ rawFrames: [frame(chunk({ delta: { content: "Hello" }, logprobs: { content: alternatives } })), ...STOP] });
    expectNoPiece((await call("chat", "out-block", true, { logprobs: true, top_logprobs: 1 })).body);
  });

  test("chat whole answer: masked content masks its logprobs; an SSN only in logprobs or alternatives is judged", async () => {
    const answer = (content: string, lp: unknown) => ({ id: "c", object: "chat.completion", created: 1, model: "m", choices: [{ index: 0, message: { role: "assistant", content }, logprobs: { content: lp }, finish_reason: "stop" }] });
    fx.mock.behave({ answer: answer(`It is ${SSN}.`, tokens("It", " is", " 536", "-", "22", "-", "8716", ".")) });
    const masked = await call("chat", "out-mask", false, { logprobs: true });
    expect(masked.status).toBe(200);
    expectNoPiece(masked.body);
    fx.mock.behave({ answer: answer("Hello.", tokens("Hello", ` ${SSN}`)) });
    expect((await call("chat", "out-block", false, { logprobs: true })).status).toBe(400);
    fx.mock.behave({ answer: answer("Hello.", [{ token: "Hello.", logprob: 0, bytes: [], top_logprobs: [{ token: SSN, logprob: -3, bytes: [] }] }]) });
    expectNoPiece((await call("chat", "out-mask", false, { logprobs: true })).body);
  });

  const audioStream = (transcript: string[]) => [
    frame(chunk({ delta: { role: "assistant", audio: { id: "audio_1", transcript: transcript[0] } } })),
    frame(chunk({ delta: { audio: { id: "audio_1", data: "UklGRiQAAABXQVZF" } } })),
    frame(chunk({ delta: { audio: { id: "audio_1", transcript: transcript[1] } } })),
    frame(chunk({ delta: { audio: { id: "audio_1", data: "Zm10IBAAAAABAAEA", expires_at: 1 } } })),
    ...STOP,
  ];

  test("chat stream: audio never goes out ahead of its transcript's check; it goes out when the transcript passed unchanged", async () => {
    fx.mock.behave({ rawFrames: audioStream(["Your number is 536-", "22-8716."]) });
    const blocked = await call("chat", "out-block", true, { modalities: ["text", "audio"] });
    expect(blocked.body).toContain("content_filter");
    expect(blocked.body).not.toContain("UklGRiQAAABXQVZF");
    expectNoPiece(blocked.body);

    fx.mock.behave({ rawFrames: audioStream(["Your number is 536-", "22-8716."]) });
    const masked = await call("chat", "out-mask", true, { modalities: ["text", "audio"] });
    expect(masked.body).toContain("<US_SSN>");
    expect(masked.body).not.toContain("UklGRiQAAABXQVZF");

    fx.mock.behave({ rawFrames: audioStream(["Hello, ", "how are you?"]) });
    const clean = await call("chat", "out-mask", true, { modalities: ["text", "audio"] });
    const dataAt = clean.body.indexOf("UklGRiQAAABXQVZF");
    expect(dataAt).toBeGreaterThan(-1);
    expect(clean.body.indexOf("Zm10IBAAAAABAAEA")).toBeGreaterThan(dataAt);
    expect(dataAt).toBeLessThan(clean.body.indexOf('"finish_reason":"stop"'));
  });

  test("chat whole answer: audio whose transcript was masked is withheld", async () => {
    fx.mock.behave({ answer: { id: "c", object: "chat.completion", created: 1, model: "m", choices: [{ index: 0, message: { role: "assistant", content: null, audio: { id: "a", data: "UklGRiQAAABXQVZF", transcript: `It is ${SSN}.`, expires_at: 1 } }, finish_reason: "stop" }] } });
    const masked = await call("chat", "out-mask", false);
    expect(masked.status).toBe(200);
    expectNoPiece(masked.body);
    expect(masked.body).not.toContain("UklGRiQAAABXQVZF");
  });

  test("responses stream: audio deltas wait for the transcript's check", async () => {
    const events = (t: string) => [
      frame({ type: "response.created", sequence_number: 0, response: { id: "r", object: "response", status: "in_progress", output: [] } }, "response.created"),
      frame({ type: "response.audio.transcript.delta", sequence_number: 1, delta: t }, "response.audio.transcript.delta"),
      frame({ type: "response.audio.delta", sequence_number: 2, delta: "UklGRiQAAABXQVZF" }, "response.audio.delta"),
      frame({ type: "response.completed", sequence_number: 3, response: { id: "r", object: "response", status: "completed", output: [] } }, "response.completed"),
    ];
    fx.mock.behave({ rawFrames: events(`It is ${SSN}.`) });
    const masked = await call("responses", "out-mask", true);
    expectNoPiece(masked.body);
    expect(masked.body).not.toContain("UklGRiQAAABXQVZF");
    fx.mock.behave({ rawFrames: events("Hello there.") });
    const clean = await call("responses", "out-mask", true);
    expect(clean.body).toContain("UklGRiQAAABXQVZF");
    expect(clean.body.indexOf("UklGRiQAAABXQVZF")).toBeLessThan(clean.body.indexOf("response.completed"));
  });
});

describe("item 5: results that arrive whole inside a stream are judged", () => {
  const messagesStream = (block: Record<string, unknown>) => [
    frame({ type: "message_start", message: { id: "msg", type: "message", role: "assistant", model: "m", content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 0 } } }, "message_start"),
    frame({ type: "content_block_start", index: 0, content_block: block }, "content_block_start"),
    frame({ type: "content_block_stop", index: 0 }, "content_block_stop"),
    frame({ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 1 } }, "message_delta"),
    frame({ type: "message_stop" }, "message_stop"),
  ];
  const blocks: [string, Record<string, unknown>][] = [
    ["web_fetch_tool_result", { type: "web_fetch_tool_result", tool_use_id: "s1", content: { type: "web_fetch_result", url: "https://x.example", content: { type: "document", source: { type: "text", media_type: "text/plain", data: `Call ${SSN} now` } } } }],
    ["code_execution_tool_result", { type: "code_execution_tool_result", tool_use_id: "s2", content: { type: "code_execution_result", stdout: `printed ${SSN}`, stderr: "", return_code: 0, content: [] } }],
    ["mcp_tool_result", { type: "mcp_tool_result", tool_use_id: "s3", is_error: false, content: [{ type: "text", text: `record ${SSN}` }] }],
    ["web_search_tool_result", { type: "web_search_tool_result", tool_use_id: "s4", content: [{ type: "web_search_result", url: "https://x.example", title: `Page about ${SSN}`, encrypted_content: "abc" }] }],
  ];
  for (const [name, block] of blocks) {
    test(`messages stream: a ${name} block is blocked or masked`, async () => {
      fx.mock.behave({ rawFrames: messagesStream(block) });
      const blocked = await call("messages", "out-block", true);
      expect(blocked.body).toContain("guardrail_enforcement_triggered");
      expectNoPiece(blocked.body);
      fx.mock.behave({ rawFrames: messagesStream(block) });
      const masked = await call("messages", "out-mask", true);
      expectNoPiece(masked.body);
      expect(masked.body).toContain("<US_SSN>");
    });
  }

  const responsesStream = (item: Record<string, unknown>) => [
    frame({ type: "response.created", sequence_number: 0, response: { id: "r", object: "response", status: "in_progress", output: [] } }, "response.created"),
    frame({ type: "response.output_item.done", sequence_number: 1, output_index: 0, item }, "response.output_item.done"),
    frame({ type: "response.completed", sequence_number: 2, response: { id: "r", object: "response", status: "completed", output: [item] } }, "response.completed"),
  ];
  const items: [string, Record<string, unknown>][] = [
    ["code_interpreter_call logs", { type: "code_interpreter_call", id: "ci", status: "completed", code: "print(1)", container_id: "c", outputs: [{ type: "logs", logs: `out ${SSN}` }] }],
    ["file_search_call results", { type: "file_search_call", id: "fs", status: "completed", queries: ["q"], results: [{ file_id: "f", filename: "a.txt", score: 1, text: `row ${SSN}` }] }],
    ["mcp_call error", { type: "mcp_call", id: "mc", name: "t", server_label: "s", arguments: "{}", error: `failed for ${SSN}` }],
    ["web_search_call action", { type: "web_search_call", id: "ws", status: "completed", action: { type: "search", query: `who has ${SSN}` } }],
  ];
  for (const [name, item] of items) {
    test(`responses stream: a ${name} is blocked or masked`, async () => {
      fx.mock.behave({ rawFrames: responsesStream(item) });
      const blocked = await call("responses", "out-block", true);
      expect(blocked.body).toContain("content_filter");
      expectNoPiece(blocked.body);
      fx.mock.behave({ rawFrames: responsesStream(item) });
      const masked = await call("responses", "out-mask", true);
      expectNoPiece(masked.body);
    });
  }

  test("chat stream: reasoning_details split over chunks are held and masked as one text", async () => {
    const detail = (text: string) => frame(chunk({ delta: { reasoning_details: [{ type: "reasoning.text", text, index: 0, format: "x" }] } }));
    fx.mock.behave({ rawFrames: [detail("The number is 536-2"), detail("2-8716 here"), ...STOP] });
    const masked = await call("chat", "out-mask", true);
    expectNoPiece(masked.body);
    expect(masked.body).toContain("<US_SSN>");
    fx.mock.behave({ rawFrames: [detail("The number is 536-2"), detail("2-8716 here"), ...STOP] });
    expectNoPiece((await call("chat", "out-block", true)).body);
  });
});

describe("item 9: framing is read as the SDKs read it", () => {
  const content = (text: string) => chunk({ delta: { content: text } });
  const variants: [string, string[]][] = [
    ["a NaN in the payload", [`data: ${JSON.stringify(content(`It is ${SSN}`)).slice(0, -1)},"x":NaN}\n\n`, ...STOP]],
    ["data: on one line, the JSON on the next", [`data:\ndata: ${JSON.stringify(content(`It is ${SSN}`))}\n\n`, ...STOP]],
    ["a payload that is not JSON at all", [`data: {"choices": [{"delta": {"content": "It is ${SSN}"\n\n`, ...STOP]],
    ["an error chunk", [frame({ error: { message: `quota exceeded for ${SSN}`, type: "server_error" } }), ...STOP]],
    ["a field that is not SSE", [`content: It is ${SSN}\n\n`, ...STOP]],
  ];
  for (const [name, frames] of variants) {
    test(`chat: ${name}`, async () => {
      for (const configId of ["out-block", "out-mask"]) {
        fx.mock.behave({ rawFrames: frames });
        expectNoPiece((await call("chat", configId, true)).body);
      }
    });
  }

  for (const type of ["TEXT/EVENT-STREAM", "application/octet-stream", "text/plain", null]) {
    test(`chat: an SSE answer sent as ${type ?? "no Content-Type"} is relayed as a stream and guarded`, async () => {
      fx.mock.behave({ rawFrames: [frame(content(`It is ${SSN}.`)), ...STOP], streamContentType: type });
      const masked = await call("chat", "out-mask", true);
      expectNoPiece(masked.body);
      expect(masked.body).toContain("<US_SSN>");
    });
  }

  test("messages: an event name that disagrees with its payload's type is read by the payload, as the SDK's accumulator does", async () => {
    const frames = [
      frame({ type: "message_start", message: { id: "msg", type: "message", role: "assistant", model: "m", content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 0 } } }, "message_start"),
      frame({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }, "content_block_start"),
      frame({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: `It is ${SSN}.` } }, "content_block_stop"),
      frame({ type: "content_block_stop", index: 0 }, "content_block_stop"),
      frame({ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 1 } }, "message_delta"),
      frame({ type: "message_stop" }, "message_stop"),
    ];
    fx.mock.behave({ rawFrames: frames });
    expectNoPiece((await call("messages", "out-block", true)).body);
    fx.mock.behave({ rawFrames: frames });
    const client = new Anthropic({ baseURL: fx.server.url, apiKey: "k", maxRetries: 0 });
    const stream = client.messages.stream({ model: "m", max_tokens: 64, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "out-mask" } } as never);
    const message = await stream.finalMessage();
    expect(JSON.stringify(message)).not.toContain("8716");
  });

  test("messages and responses: an error event's message is judged", async () => {
    fx.mock.behave({ rawFrames: [frame({ type: "error", error: { type: "overloaded_error", message: `retry for ${SSN}` } }, "error")] });
    expectNoPiece((await call("messages", "out-mask", true)).body);
    fx.mock.behave({ rawFrames: [frame({ type: "error", code: "server_error", message: `retry for ${SSN}`, sequence_number: 1 }, "error")] });
    expectNoPiece((await call("responses", "out-mask", true)).body);
    fx.mock.behave({ rawFrames: [frame({ type: "response.failed", sequence_number: 1, response: { id: "r", object: "response", status: "failed", output: [], error: { code: "server_error", message: `failed for ${SSN}` } } }, "response.failed")] });
    expectNoPiece((await call("responses", "out-block", true)).body);
  });
});

describe("item 4: responses log probabilities", () => {
  type Entry = { token: string; logprob: number; top_logprobs: { token: string; logprob: number }[] };
  const lp = (...tokens: string[]): Entry[] => tokens.map((token) => ({ token, logprob: -0.1, top_logprobs: [] }));
  const events = (pieces: [string, Entry[]][]) => [
    frame({ type: "response.created", sequence_number: 0, response: { id: "r", object: "response", status: "in_progress", output: [] } }, "response.created"),
    frame({ type: "response.output_item.added", sequence_number: 1, output_index: 0, item: { type: "message", id: "o", role: "assistant", status: "in_progress", content: [] } }, "response.output_item.added"),
    ...pieces.map(([delta, logprobs], i) => frame({ type: "response.output_text.delta", sequence_number: 2 + i, item_id: "o", output_index: 0, content_index: 0, delta, logprobs }, "response.output_text.delta")),
    frame({ type: "response.output_text.done", sequence_number: 9, item_id: "o", output_index: 0, content_index: 0, text: pieces.map((p) => p[0]).join(""), logprobs: pieces.flatMap((p) => p[1]) }, "response.output_text.done"),
    frame({ type: "response.completed", sequence_number: 10, response: { id: "r", object: "response", status: "completed", output: [] } }, "response.completed"),
  ];

  test("stream: an SSN's tokens never go out ahead of the masked text; tokens that disagree are judged", async () => {
    fx.mock.behave({ rawFrames: events([["It is 536-", lp("It", " is", " 536", "-")], ["22-8716.", lp("22", "-", "8716", ".")]]) });
    const masked = await call("responses", "out-mask", true);
    expectNoPiece(masked.body);
    expect(masked.body).toContain("<US_SSN>");
    fx.mock.behave({ rawFrames: events([["Hello there.", lp("Hello", ` ${SSN}`)]]) });
    expectNoPiece((await call("responses", "out-block", true)).body);
    fx.mock.behave({ rawFrames: events([["Hello there.", [{ token: "Hello there.", logprob: 0, top_logprobs: [{ token: SSN, logprob: -2 }] }]]]) });
    expectNoPiece((await call("responses", "out-mask", true)).body);
  });

  test("whole answer: an output_text part's logprobs are masked with it, and judged", async () => {
    const answer = (text: string, logprobs: unknown) => ({ id: "r", object: "response", created_at: 1, model: "m", status: "completed", output: [{ type: "message", id: "o", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [], logprobs }] }] });
    fx.mock.behave({ answer: answer(`It is ${SSN}.`, lp("It", " is", " 536", "-", "22", "-", "8716", ".")) });
    const masked = await call("responses", "out-mask", false);
    expect(masked.status).toBe(200);
    expectNoPiece(masked.body);
    fx.mock.behave({ answer: answer("Hello.", lp("Hello", ` ${SSN}`)) });
    expect((await call("responses", "out-block", false)).status).toBe(400);
  });
});
