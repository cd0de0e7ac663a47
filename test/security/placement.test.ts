/**
 * A value placed at random (issue "Bypasses an attacker found in an afternoon", how to work): a
 * seeded generator puts an e-mail and a card number in random places of requests of every
 * family (a string, text parts split at any point, tool-argument keys and values, numbers,
 * nested arguments, a data-URL-prefixed text) and checks that no piece of either reaches the
 * upstream under a masking policy. The seed is printed with a failure, so a case replays.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mulberry32 as random } from "../../eval/lib/random.ts";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const EMAIL = "jane.leak@example.com";
const CARD = "4111111111111111";
/** Pieces of the values that must not arrive: each long enough to say the value leaked. */
const PIECES = ["leak@exam", "jane.leak@", "@example.com", "41111111", "11111111"];

let fx: ProxyFixture;
beforeAll(async () => {
  fx = await startProxyFixture({
    policies: { "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS", "CREDIT_CARD"] } }] }) },
    env: { MESSAGES_API_KEY: "k" },
  });
});
afterAll(() => fx.stop());

type Family = "chat" | "responses" | "messages";
const PATHS: Record<Family, string> = { chat: "/v1/chat/completions", responses: "/v1/responses", messages: "/v1/messages" };

/** A text holding the value, split into 1-3 neighbouring parts at random points. */
function splitText(rnd: () => number, value: string): string[] {
  const text = `Please forward ${value} to the team today.`;
  const cuts = [...new Set(Array.from({ length: Math.floor(rnd() * 3) }, () => 1 + Math.floor(rnd() * (text.length - 1))))].sort((a, b) => a - b);
  const parts: string[] = [];
  let from = 0;
  for (const c of cuts) {
    parts.push(text.slice(from, c));
    from = c;
  }
  parts.push(text.slice(from));
  return parts;
}

/** Tool arguments holding the value somewhere: a value, a key, a number, deep inside. */
function argumentsWith(rnd: () => number, value: string): Record<string, unknown> {
  const where = Math.floor(rnd() * 4);
  if (where === 0) return { to: value };
  if (where === 1) return { [value]: true };
  if (where === 2) return { card: value === CARD ? Number(CARD) : value, n: 3 };
  return { a: [{ b: { c: [value] } }] };
}

function request(rnd: () => number, family: Family): Record<string, unknown> {
  const value = rnd() < 0.5 ? EMAIL : CARD;
  const place = Math.floor(rnd() * 4);
  const textPart = (text: string) => (family === "responses" ? { type: "input_text", text } : { type: "text", text });
  if (place === 0 || place === 1) {
    const parts = splitText(rnd, value);
    const prefix = place === 1 ? "data:image/png;base64,iVBORw0KGgo= " : "";
    const content = parts.length === 1 && rnd() < 0.5 ? prefix + parts[0] : parts.map((p, i) => textPart(i === 0 ? prefix + p : p));
    if (family === "chat") return { model: "m", messages: [{ role: "user", content }] };
    if (family === "responses") return { model: "m", input: [{ role: "user", content }] };
    return { model: "m", max_tokens: 5, messages: [{ role: "user", content }] };
  }
  const args = argumentsWith(rnd, value);
  if (family === "chat") {
    return { model: "m", messages: [{ role: "user", content: "hi" }, { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: JSON.stringify(args) } }] }, { role: "tool", tool_call_id: "c", content: "ok" }] };
  }
  if (family === "responses") {
    return { model: "m", input: [{ role: "user", content: "hi" }, { type: "function_call", call_id: "c", name: "f", arguments: JSON.stringify(args) }, { type: "function_call_output", call_id: "c", output: "ok" }] };
  }
  return { model: "m", max_tokens: 5, messages: [{ role: "user", content: "hi" }, { role: "assistant", content: [{ type: "tool_use", id: "t", name: "f", input: args }] }, { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "ok" }] }] };
}

describe("a value placed at random never reaches the upstream", () => {
  test("300 requests over the three families", async () => {
    const families: Family[] = ["chat", "responses", "messages"];
    const leaks: string[] = [];
    for (let seed = 1; seed <= 300; seed++) {
      const rnd = random(seed);
      const family = families[seed % 3]!;
      const body = request(rnd, family);
      fx.mock.reset();
      const res = await fx.server.post(PATHS[family], { ...body, guardrails: { config_id: "mask" } }, { authorization: "Bearer sk-x", "x-api-key": "k" });
      if (res.status !== 200) {
        leaks.push(`seed ${seed} (${family}): status ${res.status}`);
        continue;
      }
      const sent = JSON.stringify(fx.mock.last().body);
      const found = PIECES.filter((p) => sent.includes(p));
      if (found.length > 0) leaks.push(`seed ${seed} (${family}): ${found.join(", ")} in ${sent.slice(0, 300)}`);
    }
    expect(leaks).toEqual([]);
  }, 60_000);
});
