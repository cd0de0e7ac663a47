/**
 * Whole answers the output guardrails must judge as they go out: a top-level value that is not
 * an object (an array, a bare string), and an object with a key written twice (parsers keep the
 * last value; the bytes relayed must be the ones judged).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const EMAIL = "jane.leak@example.com";
const CHAT = { model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] };

let fx: ProxyFixture;
beforeAll(async () => {
  fx = await startProxyFixture({
    policies: {
      "out-block.json": policy({ output: [{ name: "PII", suppress_enforcement: false, config: { block: true, entities: ["EMAIL_ADDRESS"] } }] }),
      "out-mask.json": policy({ output: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
    },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

const send = (configId: string) => fx.server.post("/v1/chat/completions", { ...CHAT, guardrails: { config_id: configId } }, { authorization: "Bearer sk-x" });
const completion = (content: string) => ({ id: "c", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] });

describe("an answer that is not a JSON object", () => {
  const bodies: Record<string, string> = {
    "a top-level array": JSON.stringify([completion(EMAIL)]),
    "a bare string": JSON.stringify(`write to ${EMAIL}`),
  };
  for (const [name, rawBody] of Object.entries(bodies)) {
    test(`${name} is judged: blocked by a blocking guardrail`, async () => {
      fx.mock.behave({ rawBody });
      const res = await send("out-block");
      expect(res.status).toBe(400);
      expect(await res.text()).not.toContain(EMAIL);
    });
    test(`${name} is judged: masked by a masking guardrail`, async () => {
      fx.mock.behave({ rawBody });
      const res = await send("out-mask");
      expect(await res.text()).not.toContain(EMAIL);
    });
  }
});

describe("an answer with a key written twice", () => {
  // The first `content` holds the e-mail; the parsed answer (what is judged) keeps the second.
  const rawBody = `{"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"${EMAIL}","content":"fine"},"finish_reason":"stop"}]}`;
  for (const configId of ["out-block", "out-mask"]) {
    test(`${configId}: the value judged is the value relayed`, async () => {
      fx.mock.behave({ rawBody });
      const res = await send(configId);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(EMAIL);
      expect(JSON.parse(text).choices[0].message.content).toBe("fine");
    });
  }
});
