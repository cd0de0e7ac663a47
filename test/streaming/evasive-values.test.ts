/**
 * Personal data and keys written to evade a pattern, through the proxy with the official
 * OpenAI client and the mock upstream: masked in the request the upstream receives, a whole
 * answer blocked, and a stream blocked with not one character of the value received, whatever
 * the chunking (every two-chunk split, and a character per chunk).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import OpenAI from "openai";
import { policy, use } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

/** [what it is, the value as written]; each is put between BEFORE and AFTER. */
const VALUES: readonly (readonly [string, string])[] = [
  ["an address with [at] and [dot] between spaces", "lena.vogt [at] mailbox [dot] org"],
  ["an address spelled out", "lena.vogt at mailbox dot org"],
  ["an address with &#64;", "lena.vogt&#64;mailbox.org"],
  ["a card one group per table row", "4000 |\n| 0566 |\n| 5566 |\n| 5556"],
  ["a card one group per line", "3714\n496353\n98431"],
  ["a card in Devanagari digits", "४००० ०५६६ ५५६६ ५५५६"],
  ["a card with dots between spaces", "4000 . 0566 . 5566 . 5556"],
  ["an SSN with slashes", "287/65/4321"],
  ["a lower-case IBAN", "gb29 nwbk 6016 1331 9268 19"],
  ["a key in two pieces", "ghp_Z8kL2nQ4rT6vX9bM1cF3 hJ5wY7pD0sG8aE2uK4oN"],
];

const BEFORE = "Here you go: ";
const AFTER = " and that is all.";

let fx: ProxyFixture;
let openai: OpenAI;
beforeAll(async () => {
  const output = [
    { name: "PII", suppress_enforcement: false, config: { block: true } },
    { name: "SecretKeys", config: { block: true } },
  ];
  fx = await startProxyFixture({
    policies: {
      "block.json": policy({ output }),
      "mask.json": policy({ input: [{ name: "PII" }, { name: "SecretKeys" }] }),
    },
  });
  openai = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "k", maxRetries: 0 });
});
afterAll(() => fx.stop());

async function streamed(chunks: string[]): Promise<{ text: string; blocked: boolean }> {
  fx.mock.behave({ chunks });
  const stream = await openai.chat.completions.create({ model: "m", stream: true, messages: [{ role: "user", content: "hi" }], ...use("block") });
  let text = "";
  let blocked = false;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta.content ?? "";
    blocked ||= chunk.choices[0]?.finish_reason === "content_filter";
  }
  return { text, blocked };
}

describe("evasive values through the proxy", () => {
  for (const [what, value] of VALUES) {
    const text = BEFORE + value + AFTER;

    test(`${what}: masked in the request the upstream receives`, async () => {
      fx.mock.behave({ text: "ok" });
      await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: text }], ...use("mask") });
      const sent = (fx.mock.last().body as { messages: { content: string }[] }).messages[0]!.content;
      expect(sent.startsWith(BEFORE)).toBe(true);
      expect(sent.endsWith(AFTER)).toBe(true);
      expect(sent.slice(BEFORE.length, sent.length - AFTER.length)).toMatch(/^<[A-Z_]+>$/);
    });

    test(`${what}: a whole answer is blocked`, async () => {
      fx.mock.behave({ text });
      const error = await openai.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }], ...use("block") }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    });

    test(`${what}: streamed at every split, not one character of it is received`, async () => {
      const at = BEFORE.length;
      const splits: string[][] = [text.split("")];
      for (let p = at; p <= at + value.length; p++) splits.push([text.slice(0, p), text.slice(p)]);
      for (const chunks of splits) {
        const got = await streamed(chunks);
        expect({ chunks, ...got }).toEqual({ chunks, blocked: true, text: BEFORE });
      }
    }, 60_000);
  }
});
