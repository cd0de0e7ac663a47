/** The Vercel AI SDK (`ai` with `@ai-sdk/openai` and `@ai-sdk/anthropic`) as the caller. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { APICallError, generateText, streamText } from "ai";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

// The SDK warns that "claude-x" is no model it knows: true, and beside the point here.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

let fx: ProxyFixture;
const LONG_FORBIDDEN = Array.from({ length: 30 }, (_, i) => (i === 2 ? "forbidden" : `word${i}`)).join(" ");

beforeAll(async () => {
  fx = await startProxyFixture({
    defaultConfig: "guarded",
    policies: {
      "guarded.json": policy({
        pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }],
        input: [{ name: "Keywords", config: { keywords: ["launch codes"] } }],
        output: [{ name: "Keywords", config: { keywords: ["forbidden"] } }],
      }),
      "masking.json": policy({
        pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"], reversible: true } }],
        output: [{ name: "PII", config: { entities: ["US_SSN"] } }],
      }),
    },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

function openaiProvider() {
  return createOpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "sk-vercel" });
}

function anthropicProvider() {
  return createAnthropic({ baseURL: `${fx.server.url}/v1`, apiKey: "sk-ant-vercel" });
}

async function collect(result: ReturnType<typeof streamText>): Promise<{ text: string; finish: string; errors: unknown[] }> {
  let text = "";
  const errors: unknown[] = [];
  let finish = "";
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") text += part.text;
    if (part.type === "error") errors.push(part.error);
    if (part.type === "finish") finish = part.finishReason;
  }
  return { text, finish, errors };
}

const models = {
  "chat completions": () => openaiProvider().chat("gpt-4o-mini"),
  responses: () => openaiProvider().responses("gpt-4.1"),
  messages: () => anthropicProvider()("claude-x"),
};

for (const [name, model] of Object.entries(models)) {
  describe(`${name} through @ai-sdk`, () => {
    test("generateText gets the answer; the upstream got the masked prompt", async () => {
      const { text } = await generateText({ model: model(), prompt: "I am dee@example.com", maxRetries: 0 });
      expect(text).toBe("Hello! How can I help you today?");
      expect(JSON.stringify(fx.mock.last().body)).toContain("I am <EMAIL_ADDRESS>");
      expect(JSON.stringify(fx.mock.last().body)).not.toContain("dee@example.com");
    });

    test("an input block is an APICallError with status 400 and the guardrail's message", async () => {
      const e = await generateText({ model: model(), prompt: "launch codes", maxRetries: 0 }).catch((x: unknown) => x);
      expect(APICallError.isInstance(e)).toBe(true);
      expect((e as APICallError).statusCode).toBe(400);
      expect((e as APICallError).message).toContain("Keywords guardrail triggered");
    });

    test("streamText streams the answer", async () => {
      const { text, errors } = await collect(streamText({ model: model(), prompt: "hi", maxRetries: 0, onError: () => {} }));
      expect(errors).toEqual([]);
      expect(text).toBe("Hello! How can I help you today?");
    });

    test("streamText: the output is masked and the reversible placeholder restored, split anywhere", async () => {
      const answer = "Sure, <EMAIL_ADDRESS_1> is on file with SSN 536-22-8716 today.";
      for (const at of [answer.indexOf("<") + 3, answer.indexOf("536") + 5]) {
        fx.mock.behave({ chunks: [answer.slice(0, at), answer.slice(at)] });
        const result = streamText({ model: model(), prompt: "write to dee@example.com", maxRetries: 0, headers: { "x-guardrails-config-id": "masking" } });
        const { text, errors } = await collect(result);
        expect(errors).toEqual([]);
        expect(text).toBe("Sure, dee@example.com is on file with SSN <US_SSN> today.");
        expect(await result.text).toBe(text);
        expect(JSON.stringify(fx.mock.last().body)).toContain("write to <EMAIL_ADDRESS_1>");
      }
    });

    test("a mid-stream block stops the text", async () => {
      fx.mock.behave({ text: LONG_FORBIDDEN });
      const { text, finish, errors } = await collect(streamText({ model: model(), prompt: "hi", maxRetries: 0, onError: () => {} }));
      expect(text.length).toBeLessThan(LONG_FORBIDDEN.length);
      if (name === "messages") {
        // The messages family ends a blocked stream with an `error` frame.
        expect(String((errors[0] as { message?: string })?.message ?? JSON.stringify(errors[0]))).toContain("Keywords");
      } else {
        expect(finish).toBe("content-filter");
      }
    });
  });
}
