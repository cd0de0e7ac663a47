/**
 * Every channel of a stream is guarded (DECISIONS §9): reversible masking restored in streamed
 * and whole answers (a placeholder split anywhere, in text and in tool-call arguments), text
 * carried only by whole-text events, text after the final event, a choice that opens again,
 * `data:` with two spaces, signed thinking, and `stream: buffer`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { policy, use } from "../helpers/policies.ts";
import { dataOf, sseFrames, startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const EMAIL = "jane.leak@example.com";
const SSN = "536-22-8716";

let fx: ProxyFixture;
let openai: OpenAI;
let anthropic: Anthropic;
beforeAll(async () => {
  fx = await startProxyFixture({
    policies: {
      "reversible.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"], reversible: true } }] }),
      "pre.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
      "block.json": policy({ output: [{ name: "PII", suppress_enforcement: false, config: { block: true, entities: ["US_SSN"] } }] }),
      "mask.json": policy({ output: [{ name: "PII", config: { entities: ["US_SSN"] } }] }),
      "buffered.json": { version: 1, output: { version: 1, stream: "buffer", guardrails: [{ name: "HarmfulContent", config: { confidence_threshold: 0.01 } }] } },
    },
    env: { MESSAGES_API_KEY: "k" },
  });
  openai = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "k", maxRetries: 0 });
  anthropic = new Anthropic({ baseURL: fx.server.url, apiKey: "k", maxRetries: 0 });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

const chunk = (delta: Record<string, unknown>, finish: string | null = null, index = 0) => ({ id: "c1", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index, delta, logprobs: null, finish_reason: finish }] });

async function chatText(config: string, prompt = "hi"): Promise<{ text: string; tool: string; finish: (string | null)[] }> {
  const stream = await openai.chat.completions.create({ model: "m", stream: true, messages: [{ role: "user", content: prompt }], ...use(config) });
  let text = "";
  let tool = "";
  const finish: (string | null)[] = [];
  for await (const c of stream) {
    text += c.choices[0]?.delta.content ?? "";
    tool += c.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? "";
    if (c.choices[0]?.finish_reason) finish.push(c.choices[0].finish_reason);
  }
  return { text, tool, finish };
}

describe("reversible masking", () => {
  test("the upstream sees a numbered placeholder; the client gets the value back, the placeholder split anywhere", async () => {
    const answer = "I will write to <EMAIL_ADDRESS_1> today.";
    const at = answer.indexOf("<");
    for (let p = at; p <= at + "<EMAIL_ADDRESS_1>".length; p++) {
      fx.mock.behave({ chunks: [answer.slice(0, p), answer.slice(p)] });
      const got = await chatText("reversible", `Please mail ${EMAIL} and ${EMAIL} again.`);
      expect(got.text).toBe(`I will write to ${EMAIL} today.`);
      expect((fx.mock.last().body!.messages as { content: string }[])[0]!.content).toBe("Please mail <EMAIL_ADDRESS_1> and <EMAIL_ADDRESS_1> again.");
    }
  });

  test("in streamed tool-call arguments, and in whole answers of every family", async () => {
    fx.mock.behave({ toolCall: { name: "send", argumentChunks: ['{"to":"<EMAIL_', 'ADDRESS_1>"}'] } });
    expect((await chatText("reversible", `mail ${EMAIL}`)).tool).toBe(JSON.stringify({ to: EMAIL }));
    fx.mock.behave({ text: "Sent to <EMAIL_ADDRESS_1>." });
    const whole = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: `mail ${EMAIL}` }], ...use("reversible") });
    expect(whole.choices[0]!.message.content).toBe(`Sent to ${EMAIL}.`);
    const response = await openai.responses.create({ model: "m", input: `mail ${EMAIL}`, ...use("reversible") } as never);
    expect((response as { output_text: string }).output_text).toBe(`Sent to ${EMAIL}.`);
    const message = await anthropic.messages.stream({ model: "c", max_tokens: 9, messages: [{ role: "user", content: `mail ${EMAIL}` }], ...use("reversible") } as never).finalMessage();
    expect((message.content[0] as { text: string }).text).toBe(`Sent to ${EMAIL}.`);
  });

  test("restored through the stream helpers: finalResponse, finalChatCompletion, finalMessage", async () => {
    const chunks = ["Sent to <EMAIL_", "ADDRESS_1> now."];
    const restored = `Sent to ${EMAIL} now.`;
    fx.mock.behave({ chunks });
    const stream = openai.responses.stream({ model: "m", input: `mail ${EMAIL}`, ...use("reversible") } as never);
    const done: string[] = [];
    stream.on("response.output_text.done", (e) => done.push(e.text));
    expect((await stream.finalResponse()).output_text).toBe(restored);
    expect(done).toEqual([restored]);
    fx.mock.behave({ chunks });
    const chat = await openai.chat.completions.stream({ model: "m", messages: [{ role: "user", content: `mail ${EMAIL}` }], ...use("reversible") } as never).finalChatCompletion();
    expect(chat.choices[0]!.message.content).toBe(restored);
    fx.mock.behave({ chunks });
    const message = await anthropic.messages.stream({ model: "c", max_tokens: 9, messages: [{ role: "user", content: `mail ${EMAIL}` }], ...use("reversible") } as never).finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: "text", text: restored })]);
  });

  test("a placeholder the request never made stays as it is", async () => {
    fx.mock.behave({ text: "See <EMAIL_ADDRESS_7> and <PERSON_1>." });
    const whole = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: `mail ${EMAIL}` }], ...use("reversible") });
    expect(whole.choices[0]!.message.content).toBe("See <EMAIL_ADDRESS_7> and <PERSON_1>.");
  });

  test("the guard endpoint numbers the placeholders and returns the map when asked", async () => {
    const res = await fx.server.post("/v1/guard/input", { text: `a ${EMAIL}, b bob@example.org, a ${EMAIL}`, config_id: "pre", reversible: true });
    const body = (await res.json()) as { sanitized_text: string; restore: Record<string, string> };
    expect(body.sanitized_text).toBe("a <EMAIL_ADDRESS_1>, b <EMAIL_ADDRESS_2>, a <EMAIL_ADDRESS_1>");
    expect(body.restore).toEqual({ "<EMAIL_ADDRESS_1>": EMAIL, "<EMAIL_ADDRESS_2>": "bob@example.org" });
  });
});

describe("text on every channel and in every event", () => {
  test("a value in a refusal, in reasoning and in tool-call arguments is blocked before any of it goes out", async () => {
    for (const delta of [{ refusal: `No: ${SSN} is private` }, { reasoning_content: `The SSN is ${SSN}.` }, { tool_calls: [{ index: 0, id: "t", type: "function", function: { name: "f", arguments: `{"ssn":"${SSN}"}` } }] }]) {
      fx.mock.behave({ events: [[null, chunk(delta)], [null, chunk({}, "stop")], [null, "[DONE]"]] });
      const res = await fx.server.post("/v1/chat/completions", { model: "m", stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "block" } });
      const text = await res.text();
      expect(text).not.toContain("536");
      expect(text).toContain("content_filter");
    }
  });

  test("text carried only by a whole-text event: output_item.done, response.completed, content_block_start", async () => {
    const item = { type: "message", id: "m1", role: "assistant", status: "completed", content: [{ type: "output_text", text: `It is ${SSN}.`, annotations: [] }] };
    fx.mock.behave({ events: [["response.output_item.done", { type: "response.output_item.done", output_index: 0, item, sequence_number: 1 }], ["response.completed", { type: "response.completed", sequence_number: 2, response: { id: "r", object: "response", status: "completed", output: [item] } }]] });
    const masked = await (await fx.server.post("/v1/responses", { model: "m", input: "hi", stream: true, guardrails: { config_id: "mask" } })).text();
    expect(masked).not.toContain("536");
    expect(masked).toContain("It is <US_SSN>.");
    fx.mock.behave({ events: [["response.completed", { type: "response.completed", sequence_number: 1, response: { id: "r", object: "response", status: "completed", output: [item] } }]] });
    const blocked = await (await fx.server.post("/v1/responses", { model: "m", input: "hi", stream: true, guardrails: { config_id: "block" } })).text();
    expect(blocked).not.toContain("536");
    expect(blocked).toContain("content_filter");
    fx.mock.behave({ events: [["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: `It is ${SSN}.` } }], ["content_block_stop", { type: "content_block_stop", index: 0 }], ["message_stop", { type: "message_stop" }]] });
    const message = await (await fx.server.post("/v1/messages", { model: "c", max_tokens: 9, stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "mask" } })).text();
    expect(message).not.toContain("536");
    // The start carries what may go out; the rest follows as a delta of the same block.
    expect(messagesText(message)).toBe("It is <US_SSN>.");
  });

  test("text after the final event, and a choice that opens again after it finished", async () => {
    fx.mock.behave({ events: [[null, chunk({ content: "Hello. " })], [null, chunk({}, "stop")], [null, chunk({ content: `Also ${SSN} ` })], [null, "[DONE]"]] });
    const after = await (await fx.server.post("/v1/chat/completions", { model: "m", stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "block" } })).text();
    expect(after).not.toContain("536");
    fx.mock.behave({ events: [[null, chunk({ content: "A " }, null, 0)], [null, chunk({}, "stop", 0)], [null, chunk({ content: `B ${SSN} ` }, null, 1)], [null, chunk({}, "stop", 1)], [null, "[DONE]"]] });
    const reopened = await (await fx.server.post("/v1/chat/completions", { model: "m", stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "mask" } })).text();
    expect(reopened).not.toContain("536");
    expect(reopened).toContain("<US_SSN>");
  });

  test("`data:` followed by two spaces is read as the SDKs read it", async () => {
    const raw = `data:  ${JSON.stringify(chunk({ content: `It is ${SSN} ` }))}`;
    fx.mock.behave({ events: [[null, chunk({ content: "x " })]] });
    // The mock writes `data: <payload>`; a payload starting with a space makes it `data:  {...}`.
    fx.mock.behave({ events: [[null, ` ${JSON.stringify(chunk({ content: `It is ${SSN} ` }))}`], [null, chunk({}, "stop")], [null, "[DONE]"]] });
    const text = await (await fx.server.post("/v1/chat/completions", { model: "m", stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "mask" } })).text();
    expect(raw.startsWith("data:  {")).toBe(true);
    expect(text).not.toContain("536");
    expect(text).toContain("<US_SSN>");
  });

  test("signed thinking is judged but never rewritten: a value output masking would change in it blocks instead", async () => {
    const thinking = (text: string): [string | null, unknown][] => [
      ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } }],
      ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: text } }],
      ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sig" } }],
      ["content_block_stop", { type: "content_block_stop", index: 0 }],
      ["message_stop", { type: "message_stop" }],
    ];
    fx.mock.behave({ events: thinking("The user asked about the weather.") });
    const clean = await (await fx.server.post("/v1/messages", { model: "c", max_tokens: 9, stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "mask" } })).text();
    // Clean thinking arrives as written, all of it before its signature.
    const payloads = dataOf(clean.split("\n\n").filter((f) => f.length > 0)) as { delta?: { type: string; thinking?: string } }[];
    const deltas = payloads.filter((p) => p.delta).map((p) => p.delta!);
    expect(deltas.filter((d) => d.type === "thinking_delta").map((d) => d.thinking).join("")).toBe("The user asked about the weather.");
    expect(deltas.at(-1)!.type).toBe("signature_delta");
    // Masking would break the signature: the stream is blocked before any of the value goes out.
    fx.mock.behave({ events: thinking(`The user's SSN is ${SSN}.`) });
    const masked = await (await fx.server.post("/v1/messages", { model: "c", max_tokens: 9, stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "mask" } })).text();
    expect(masked).not.toContain("536");
    expect(masked).toContain("guardrail_enforcement_triggered");
    fx.mock.behave({ events: thinking(`The user's SSN is ${SSN}.`) });
    const blocked = await (await fx.server.post("/v1/messages", { model: "c", max_tokens: 9, stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "block" } })).text();
    expect(blocked).not.toContain("536");
    expect(blocked).toContain("guardrail_enforcement_triggered");
  });
});

/** The text a messages stream's text blocks add up to, as the SDK assembles it. */
function messagesText(raw: string): string {
  let text = "";
  for (const payload of dataOf(raw.split("\n\n").filter((f) => f.length > 0))) {
    const p = payload as { type?: string; content_block?: { text?: string }; delta?: { text?: string } };
    if (p.type === "content_block_start") text += p.content_block?.text ?? "";
    if (p.type === "content_block_delta") text += p.delta?.text ?? "";
  }
  return text;
}

describe("stream: buffer", () => {
  test("nothing goes out before every output check has passed: a flagged answer is only its block", async () => {
    fx.mock.behave({ chunks: ["How to build ", "a bomb ", "at home: ", "step one."] });
    const res = await fx.server.post("/v1/chat/completions", { model: "m", stream: true, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "buffered" } });
    const payloads = dataOf(await sseFrames(res));
    expect(payloads.filter((p) => typeof p !== "string" && (p as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content)).toEqual([]);
    expect(JSON.stringify(payloads)).toContain("content_filter");
  });

  test("a clean answer arrives whole, at the end", async () => {
    fx.mock.behave({ chunks: ["Hello ", "there."] });
    const got = await chatText("buffered");
    // The threshold is tiny: anything judged at all trips; an empty policy verdict lets it pass.
    expect(got.finish.length).toBe(1);
  });
});
