/**
 * Streams that never leak (DECISIONS §9), through the official SDKs: an SSN split at every
 * position of a 1-, 2-, 3- and 11-chunk split, on chat, the hosted route, responses, messages
 * and generateContent. With an output policy that blocks it, not one of its characters reaches the client,
 * and everything before it does; with one that masks it, the client assembles the text with
 * `<US_SSN>` in its place, the SDKs' stream helpers included.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI, { AzureOpenAI } from "openai";
import { GoogleGenAI } from "@google/genai";
import { policy, use } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const SSN = "536-22-8716";
const BEFORE = "Sure. The number you asked for is ";
const AFTER = " and nothing more, as you wanted it.";
const TEXT = BEFORE + SSN + AFTER;
const AT = BEFORE.length;

/** Every way the text is cut so that the SSN falls in 1, 2, 3 and 11 chunks. */
function splits(): { name: string; chunks: string[] }[] {
  const out: { name: string; chunks: string[] }[] = [{ name: "1 chunk", chunks: [TEXT] }];
  for (let p = AT; p <= AT + SSN.length; p++) out.push({ name: `2 chunks at ${p - AT}`, chunks: [TEXT.slice(0, p), TEXT.slice(p)] });
  for (let p = AT; p <= AT + SSN.length; p++) {
    for (let q = p + 1; q <= AT + SSN.length; q++) out.push({ name: `3 chunks at ${p - AT}, ${q - AT}`, chunks: [TEXT.slice(0, p), TEXT.slice(p, q), TEXT.slice(q)] });
  }
  out.push({ name: "11 chunks, one character each", chunks: [BEFORE, ...SSN.split(""), AFTER] });
  // And the whole answer a character at a time.
  out.push({ name: "every character its own chunk", chunks: TEXT.split("") });
  return out;
}

const SPLITS = splits();

let fx: ProxyFixture;
let openai: OpenAI;
let azure: AzureOpenAI;
let anthropic: Anthropic;
beforeAll(async () => {
  fx = await startProxyFixture({
    policies: {
      "block.json": policy({ output: [{ name: "PII", suppress_enforcement: false, config: { block: true, entities: ["US_SSN"] } }] }),
      "mask.json": policy({ output: [{ name: "PII", config: { entities: ["US_SSN"] } }] }),
    },
    env: { HOSTED_ENDPOINT: "$MOCK", MESSAGES_API_KEY: "k", GENERATE_BASE_URL: "$MOCK" },
  });
  openai = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "k", maxRetries: 0 });
  azure = new AzureOpenAI({ baseURL: `${fx.server.url}/hosted`, apiKey: "k", apiVersion: "2024-10-21", deployment: "gpt4o-deploy", maxRetries: 0 });
  anthropic = new Anthropic({ baseURL: fx.server.url, apiKey: "k", maxRetries: 0 });
});
afterAll(() => fx.stop());

/** The text a client assembled, and whether the stream ended with the family's block. */
type Received = { text: string; blocked: boolean };

/** A chat completions stream, as the OpenAI client (or its Azure flavour) assembles it. */
async function chatReceived(client: OpenAI, model: string, config: string): Promise<Received> {
  const stream = await client.chat.completions.create({ model, stream: true, messages: [{ role: "user", content: "hi" }], ...use(config) });
  let text = "";
  let blocked = false;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta.content ?? "";
    blocked ||= chunk.choices[0]?.finish_reason === "content_filter";
  }
  return { text, blocked };
}

const FAMILIES: Record<string, (config: string) => Promise<Received>> = {
  chat: (config) => chatReceived(openai, "m", config),
  hosted: (config) => chatReceived(azure, "gpt-4o", config),
  async responses(config) {
    const stream = await openai.responses.create({ model: "m", input: "hi", stream: true, ...use(config) } as never);
    let text = "";
    let blocked = false;
    for await (const event of stream as unknown as AsyncIterable<{ type: string; delta?: string; response?: { status: string } }>) {
      if (event.type === "response.output_text.delta") text += event.delta ?? "";
      blocked ||= event.type === "response.completed" && event.response?.status === "incomplete";
    }
    return { text, blocked };
  },
  async generate(config) {
    // The policy by header: the SDK has no body field of ours.
    const client = new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: fx.server.url, headers: { "x-guardrails-config-id": config } } });
    let text = "";
    let blocked = false;
    for await (const chunk of await client.models.generateContentStream({ model: "gemini-2.5-flash", contents: "hi" })) {
      text += chunk.text ?? "";
      blocked ||= chunk.candidates?.some((c) => c.finishReason === "SAFETY") ?? false;
    }
    return { text, blocked };
  },
  async messages(config) {
    const stream = await anthropic.messages.create({ model: "c", max_tokens: 99, stream: true, messages: [{ role: "user", content: "hi" }], ...use(config) } as never);
    let text = "";
    try {
      for await (const event of stream as unknown as AsyncIterable<{ type: string; delta?: { type: string; text?: string } }>) {
        if (event.type === "content_block_delta" && event.delta?.type === "text_delta") text += event.delta.text ?? "";
      }
    } catch (e) {
      // The messages stream's block is an error event the SDK raises.
      if (e instanceof Anthropic.APIError) return { text, blocked: true };
      throw e;
    }
    return { text, blocked: false };
  },
};

for (const [family, receive] of Object.entries(FAMILIES)) {
  describe(`${family}: an SSN split at every position`, () => {
    test("an output policy that blocks it: not one character of it is received, everything before it is", async () => {
      for (const split of SPLITS) {
        fx.mock.behave({ chunks: split.chunks });
        const got = await receive("block");
        expect({ split: split.name, blocked: got.blocked, text: got.text }).toEqual({ split: split.name, blocked: true, text: BEFORE });
      }
    });

    test("an output policy that masks it: the client assembles the masked text", async () => {
      for (const split of SPLITS) {
        fx.mock.behave({ chunks: split.chunks });
        const got = await receive("mask");
        expect({ split: split.name, blocked: got.blocked, text: got.text }).toEqual({ split: split.name, blocked: false, text: BEFORE + "<US_SSN>" + AFTER });
      }
    });
  });
}

describe("masked streams stay whole for the SDKs' stream helpers", () => {
  const chunks = [BEFORE, SSN.slice(0, 4), SSN.slice(4), AFTER];

  test("responses: finalResponse's output_text and the done events agree with what was streamed", async () => {
    fx.mock.behave({ chunks });
    const stream = openai.responses.stream({ model: "m", input: "hi", ...use("mask") } as never);
    let streamed = "";
    stream.on("response.output_text.delta", (e) => (streamed += e.delta));
    const done: string[] = [];
    stream.on("response.output_text.done", (e) => done.push(e.text));
    const final = await stream.finalResponse();
    expect(streamed).toBe(BEFORE + "<US_SSN>" + AFTER);
    expect(done).toEqual([streamed]);
    expect(final.output_text).toBe(streamed);
  });

  test("messages: finalMessage holds the masked text", async () => {
    fx.mock.behave({ chunks });
    const final = await anthropic.messages.stream({ model: "c", max_tokens: 99, messages: [{ role: "user", content: "hi" }], ...use("mask") } as never).finalMessage();
    expect(final.content).toHaveLength(1);
    expect(final.content[0]).toMatchObject({ type: "text", text: BEFORE + "<US_SSN>" + AFTER });
  });

  test("chat: the SDK's stream helper assembles the masked message", async () => {
    fx.mock.behave({ chunks });
    const final = await openai.chat.completions.stream({ model: "m", messages: [{ role: "user", content: "hi" }], ...use("mask") } as never).finalChatCompletion();
    expect(final.choices[0]!.message.content).toBe(BEFORE + "<US_SSN>" + AFTER);
  });

  test("whole answers are masked the same way", async () => {
    fx.mock.behave({ text: TEXT });
    const chat = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }], ...use("mask") });
    expect(chat.choices[0]!.message.content).toBe(BEFORE + "<US_SSN>" + AFTER);
    const message = await anthropic.messages.create({ model: "c", max_tokens: 9, messages: [{ role: "user", content: "hi" }], ...use("mask") } as never);
    expect((message.content[0] as { text: string }).text).toBe(BEFORE + "<US_SSN>" + AFTER);
  });
});

describe("a last chunk that carries text and its finish reason", () => {
  test("chat: the held tail goes out after that chunk's own text, in order", async () => {
    const chunk = (content: string, finish: string | null) => ({ id: "c1", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta: { content }, finish_reason: finish }] });
    fx.mock.behave({ events: [[null, chunk(BEFORE + SSN.slice(0, 5), null)], [null, chunk(SSN.slice(5) + AFTER, "stop")], [null, "[DONE]"]] });
    expect(await FAMILIES.chat!("mask")).toEqual({ text: BEFORE + "<US_SSN>" + AFTER, blocked: false });
    fx.mock.reset();
  });
});
