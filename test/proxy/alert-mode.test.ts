/**
 * Alert mode leaves traffic unchanged (SPEC pipeline rule 5, DECISIONS §2): an output `PII`
 * entry with `block: true` in an `alert` policy trips and is reported, and the answer reaches
 * the client exactly as the upstream sent it, whole and streamed, on every family. The same for
 * an input entry, and for a suppressed trip in `block` mode.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const SSN = "536-22-8716";
const TEXT = `Your number is ${SSN}, keep it safe.`;

let fx: ProxyFixture;
beforeAll(async () => {
  const piiBlock = { name: "PII", suppress_enforcement: false, config: { block: true, entities: ["US_SSN", "EMAIL_ADDRESS"] } };
  fx = await startProxyFixture({
    policies: {
      "alert.json": policy({ mode: "alert", pre_flight: [piiBlock], output: [piiBlock] }),
      "suppressed.json": policy({ pre_flight: [{ name: "PII", config: { block: true, entities: ["EMAIL_ADDRESS"] } }], output: [{ name: "PII", config: { block: true, entities: ["US_SSN"] } }] }),
    },
    env: { MESSAGES_API_KEY: "k" },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

type Family = "chat" | "responses" | "messages";
const PATHS: Record<Family, string> = { chat: "/v1/chat/completions", responses: "/v1/responses", messages: "/v1/messages" };
const BODIES: Record<Family, Record<string, unknown>> = {
  chat: { model: "m", messages: [{ role: "user", content: "write to jane.roe@example.org" }] },
  responses: { model: "m", input: "write to jane.roe@example.org" },
  messages: { model: "m", max_tokens: 64, messages: [{ role: "user", content: "write to jane.roe@example.org" }] },
};

for (const configId of ["alert", "suppressed"]) {
  describe(`${configId}: nothing is rewritten`, () => {
    for (const family of ["chat", "responses", "messages"] as Family[]) {
      test(`${family}: the request goes upstream unmasked, the whole answer comes back byte for byte`, async () => {
        fx.mock.behave({ text: TEXT });
        const res = await fx.server.post(PATHS[family], { ...BODIES[family], guardrails: { config_id: configId } }, { authorization: "Bearer sk", "x-api-key": "k" });
        expect(res.status).toBe(200);
        expect(JSON.stringify(fx.mock.last().body)).toContain("jane.roe@example.org");
        const text = await res.text();
        expect(text).toContain(SSN);
        expect(text).not.toContain("<US_SSN>");
        const line = await fx.server.waitForLog((l) => l.msg === "request" && l.config_id === configId && l.path === PATHS[family]);
        expect((line.guardrails as { stage: string; tripped: boolean; enforced: boolean }[]).filter((g) => g.stage === "output")).toEqual([expect.objectContaining({ tripped: true, enforced: false })]);
      });

      test(`${family}: the stream comes back as the upstream sent it`, async () => {
        fx.mock.behave({ text: TEXT });
        const direct = await fetch(`${fx.mock.url}${PATHS[family]}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...BODIES[family], stream: true }) });
        const expected = await direct.text();
        fx.mock.reset();
        fx.mock.behave({ text: TEXT });
        const res = await fx.server.post(PATHS[family], { ...BODIES[family], stream: true, guardrails: { config_id: configId } }, { authorization: "Bearer sk", "x-api-key": "k" });
        // SPEC "Responses stream": the proxy ends it with [DONE] whatever the upstream did.
        const framed = family === "responses" && !expected.includes("[DONE]") ? `${expected}data: [DONE]\n\n` : expected;
        expect(await res.text()).toBe(framed);
      });
    }
  });
}
