/**
 * A media part's `data` that is not Base64 at all is text, whatever media type it declares: it
 * is read and masked like any other text (a chat audio part, an Anthropic image block, a
 * generateContent inline image).
 */
import { afterAll, beforeAll, beforeEach, expect, test } from "bun:test";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const EMAIL = "jane.leak@example.com";
const TEXT = `write to ${EMAIL} today`;

let fx: ProxyFixture;
beforeAll(async () => {
  fx = await startProxyFixture({
    env: { MESSAGES_API_KEY: "k", GENERATE_BASE_URL: "$MOCK", GENERATE_API_KEY: "k" },
    policies: {
      "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
      "out-block.json": policy({ output: [{ name: "PII", suppress_enforcement: false, config: { block: true, entities: ["EMAIL_ADDRESS"] } }] }),
    },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

const CASES: Record<string, [string, Record<string, unknown>]> = {
  "chat input_audio": ["/v1/chat/completions", { model: "gpt-4o-audio-preview", messages: [{ role: "user", content: [{ type: "input_audio", input_audio: { data: TEXT, format: "wav" } }] }] }],
  "messages image source": ["/v1/messages", { model: "claude-x", max_tokens: 16, messages: [{ role: "user", content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: TEXT } }] }] }],
  "generateContent inlineData": ["/v1beta/models/gemini-2.5-flash:generateContent", { contents: [{ role: "user", parts: [{ inlineData: { mimeType: "image/png", data: TEXT } }] }] }],
};

for (const [name, [path, body]] of Object.entries(CASES)) {
  test(`${name}: data holding plain text is masked`, async () => {
    const res = await fx.server.post(path, { ...body, guardrails: { config_id: "mask" } }, { authorization: "Bearer sk-x", "x-api-key": "k", "x-goog-api-key": "k" });
    expect(res.status).toBe(200);
    const sent = JSON.stringify(fx.mock.last().body);
    expect(sent).not.toContain(EMAIL);
    expect(sent).toContain("<EMAIL_ADDRESS>");
  });
}

test("an answer's redacted_thinking data holding plain text is judged", async () => {
  fx.mock.behave({ answer: { id: "msg_1", type: "message", role: "assistant", model: "claude-x", content: [{ type: "redacted_thinking", data: TEXT }, { type: "text", text: "ok" }], stop_reason: "end_turn", usage: { input_tokens: 1, output_tokens: 1 } } });
  const res = await fx.server.post("/v1/messages", { model: "claude-x", max_tokens: 16, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "out-block" } }, { "x-api-key": "k" });
  expect(await res.text()).not.toContain(EMAIL);
});
