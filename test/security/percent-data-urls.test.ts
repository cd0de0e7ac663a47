/**
 * Text data URLs in percent-encoding (`data:text/plain,Hello%20world`, no `;base64`): read
 * decoded like the Base64 ones, in a file part, an image part and a text, judged by the input
 * guardrails and masked, then written back percent-encoded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const EMAIL = "jane.leak@example.com";
const KEYWORD = "Project Nightingale";
const pct = (text: string) => `data:text/plain,${encodeURIComponent(text)}`;

let fx: ProxyFixture;
beforeAll(async () => {
  fx = await startProxyFixture({
    policies: {
      "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
      "keyword.json": policy({ input: [{ name: "Keywords", config: { keywords: [KEYWORD] } }] }),
    },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

const send = (content: unknown, configId: string) =>
  fx.server.post("/v1/chat/completions", { model: "gpt-4o-mini", messages: [{ role: "user", content }], guardrails: { config_id: configId } }, { authorization: "Bearer sk-x" });

const SHAPES: Record<string, (text: string) => unknown> = {
  "a file part": (text) => [{ type: "file", file: { filename: "notes", file_data: pct(text) } }],
  "an image part": (text) => [{ type: "image_url", image_url: { url: pct(text) } }],
  "a text that is a data URL": (text) => pct(text),
};

describe("percent-encoded text data URLs", () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    test(`${name}: judged by the input guardrails`, async () => {
      const res = await send(shape(`tell me about ${KEYWORD}`), "keyword");
      expect(res.status).toBe(400);
      expect(fx.mock.received.length).toBe(0);
    });
    test(`${name}: masked, and written back percent-encoded`, async () => {
      const res = await send(shape(`write to ${EMAIL} today`), "mask");
      expect(res.status).toBe(200);
      const sent = JSON.stringify(fx.mock.last().body);
      expect(decodeURIComponent(sent)).not.toContain(EMAIL);
      expect(sent).toContain(`data:text/plain,${encodeURIComponent("write to <EMAIL_ADDRESS> today")}`.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
    });
  }
});
