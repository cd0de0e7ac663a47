/**
 * generateContent shapes the provider's JSON parser accepts and the reader must read: `parts`
 * (and an answer's `candidates`) given as a single object instead of a list, and the parts of a
 * function response (media a tool returned). The test checks what the upstream received, or
 * that the caller got the family's block.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const EMAIL = "jane.leak@example.com";
const KEYWORD = "Project Nightingale";
const PATH = "/v1beta/models/gemini-2.5-flash:generateContent";
const b64 = (text: string) => Buffer.from(text).toString("base64");

let fx: ProxyFixture;
beforeAll(async () => {
  fx = await startProxyFixture({
    env: { GENERATE_BASE_URL: "$MOCK", GENERATE_API_KEY: "k" },
    policies: {
      "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
      "keyword.json": policy({ input: [{ name: "Keywords", config: { keywords: [KEYWORD] } }] }),
      "out-pii.json": policy({ output: [{ name: "PII", suppress_enforcement: false, config: { block: true, entities: ["EMAIL_ADDRESS"] } }] }),
    },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

const send = (body: Record<string, unknown>, configId: string) => fx.server.post(PATH, { ...body, guardrails: { config_id: configId } }, { "x-goog-api-key": "k" });

/** Requests carrying `text` where the reader once did not look. */
const SHAPES: Record<string, (text: string) => Record<string, unknown>> = {
  "parts as one text object": (text) => ({ contents: [{ role: "user", parts: { text } }] }),
  "parts as one inlineData object": (text) => ({ contents: [{ role: "user", parts: { inlineData: { mimeType: "text/plain", data: b64(text) } } }] }),
  "parts as one functionResponse object": (text) => ({
    contents: [
      { role: "user", parts: [{ text: "look it up" }] },
      { role: "model", parts: [{ functionCall: { name: "lookup", args: {} } }] },
      { role: "user", parts: { functionResponse: { name: "lookup", response: { result: text } } } },
    ],
  }),
  "systemInstruction.parts as one object": (text) => ({ contents: [{ role: "user", parts: [{ text: "hi" }] }], systemInstruction: { parts: { text } } }),
  "functionResponse.parts with a text file": (text) => ({
    contents: [
      { role: "user", parts: [{ text: "look it up" }] },
      { role: "model", parts: [{ functionCall: { name: "lookup", args: {} } }] },
      { role: "user", parts: [{ functionResponse: { name: "lookup", response: { ok: true }, parts: [{ inlineData: { mimeType: "text/plain", data: b64(text) } }] } }] },
    ],
  }),
};

describe("generateContent requests", () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    test(`${name}: an e-mail is masked before the upstream`, async () => {
      const res = await send(shape(`write to ${EMAIL}`), "mask");
      expect(res.status).toBe(200);
      const sent = JSON.stringify(fx.mock.last().body);
      const decoded = sent.replace(/"data":"([^"]+)"/g, (_, d: string) => Buffer.from(d, "base64").toString());
      expect(decoded).not.toContain(EMAIL);
      expect(decoded).toContain("<EMAIL_ADDRESS>");
    });
    // A system instruction is masked, not judged by the input guardrails.
    if (name.startsWith("systemInstruction")) continue;
    test(`${name}: an input guardrail judges it`, async () => {
      const res = await send(shape(`tell me about ${KEYWORD}`), "keyword");
      expect(res.status).toBe(400);
      expect(fx.mock.received.length).toBe(0);
    });
  }
});

describe("generateContent answers", () => {
  const ask = { contents: [{ role: "user", parts: [{ text: "hi" }] }] };
  test("an answer's parts as one object is judged", async () => {
    fx.mock.behave({ answer: { candidates: [{ content: { role: "model", parts: { text: EMAIL } }, finishReason: "STOP" }] } });
    const res = await send(ask, "out-pii");
    expect(await res.text()).not.toContain(EMAIL);
  });
  test("an answer's candidates as one object is judged", async () => {
    fx.mock.behave({ answer: { candidates: { content: { role: "model", parts: [{ text: EMAIL }] }, finishReason: "STOP" } } });
    const res = await send(ask, "out-pii");
    expect(await res.text()).not.toContain(EMAIL);
  });
});
