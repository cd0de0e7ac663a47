/**
 * The canary property end to end, on a representative subset: the SDK-typed requests and
 * answers of every LLM family (fixtures.ts) through a real server and the mock upstream, a
 * canary e-mail planted at every fourth place in turn (every string, and every key of the
 * answer). A request's e-mail never reaches the upstream under PII masking, but in a definition
 * (judged, never masked) or a signed block (forwarded as signed); an answer's never reaches the
 * client under output masking, whole and streamed (masked, or the answer blocked).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FAMILIES } from "../../src/proxy/families/index.ts";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";
import * as F from "./fixtures.ts";
import { EMAIL, places, planted, skippedByName, underSignature, type Json } from "./paths.ts";

let fx: ProxyFixture;
beforeAll(async () => {
  fx = await startProxyFixture({
    policies: {
      "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
      "out-mask.json": policy({ output: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
    },
    env: { MESSAGES_API_KEY: "k", GENERATE_BASE_URL: "$MOCK", GENERATE_API_KEY: "k" },
  });
});
afterAll(() => fx.stop());

const PATHS: Record<string, string> = { chat: "/v1/chat/completions", responses: "/v1/responses", messages: "/v1/messages", generate: "/v1beta/models/gemini-x:generateContent" };
const STREAM_PATHS: Record<string, string> = { ...PATHS, generate: "/v1beta/models/gemini-x:streamGenerateContent?alt=sse" };
const fields = (name: string) => FAMILIES.find((f) => f.name === name)!.fields;
const HEADERS = { authorization: "Bearer sk-x", "x-api-key": "k", "x-goog-api-key": "k" };
const post = (path: string, body: unknown, config: string) => fx.server.post(path, { ...(body as object), guardrails: { config_id: config } }, HEADERS);

/** Every fourth place of a kind, so each family's subset spans its whole body. */
function subset(root: unknown, kinds: readonly string[]) {
  return places(root).filter((p) => kinds.includes(p.kind)).filter((_, i) => i % 4 === 0);
}

const REQUESTS: [string, Json][] = [
  ["chat", F.chatRequest as unknown as Json],
  ["responses", F.responsesRequest as unknown as Json],
  ["messages", F.messagesRequest as unknown as Json],
  ["generate", F.generateRequest as unknown as Json],
];
const ANSWERS: [string, Json][] = [
  ["chat", F.chatAnswer as unknown as Json],
  ["responses", F.responsesAnswer as unknown as Json],
  ["messages", F.messagesAnswer as unknown as Json],
  ["generate", F.generateAnswer as unknown as Json],
];

describe("a canary in a request never reaches the upstream unmasked", () => {
  for (const [name, body] of REQUESTS) {
    test(name, async () => {
      const leaks: string[] = [];
      let sent = 0;
      for (const place of subset(body, ["string", "key"])) {
        const copy = planted(body, place.path, place.kind);
        if (skippedByName(fields(name), copy, place.path, "request", place.kind)) continue;
        const top = String(place.path[0]);
        if (fields(name).definitions.has(fields(name).canonical(top)) || underSignature(copy, place.path)) continue;
        fx.mock.reset();
        const res = await post(PATHS[name]!, copy, "mask");
        sent++;
        // Refused (a renamed required field fails the schema): nothing went upstream.
        if (res.status !== 200) {
          if (fx.mock.received.length > 0) leaks.push(`${place.path.join(".")}: status ${res.status} after an upstream call`);
        } else if (JSON.stringify(fx.mock.last().body).includes(EMAIL)) leaks.push(place.path.join("."));
      }
      expect(leaks).toEqual([]);
      expect(sent).toBeGreaterThan(5);
    });
  }
});

describe("a canary in an answer never reaches the client unmasked, whole and streamed", () => {
  for (const [name, answer] of ANSWERS) {
    test(name, async () => {
      const leaks: string[] = [];
      let sent = 0;
      const request = (REQUESTS.find(([n]) => n === name)![1]) as Record<string, unknown>;
      for (const place of subset(answer, ["string", "key"])) {
        const copy = planted(answer, place.path, place.kind) as Record<string, unknown>;
        if (skippedByName(fields(name), copy, place.path, "answer", place.kind)) continue;
        fx.mock.behave({ answer: copy });
        const res = await post(PATHS[name]!, request, "out-mask");
        sent++;
        const text = await res.text();
        // Masked in place, or blocked (a signed part): either way not shown.
        if (text.includes(EMAIL)) leaks.push(`${place.path.join(".")} (whole, ${res.status})`);
      }
      fx.mock.reset();
      expect(leaks).toEqual([]);
      expect(sent).toBeGreaterThan(5);
    });
  }

  test("streams: a canary in any field of any event", async () => {
    const streams: [string, [string | null, Json][]][] = [
      ["chat", F.chatChunks.map((c) => [null, c as unknown as Json])],
      ["messages", F.messagesEvents],
      ["generate", F.generateChunks.map((c) => [null, c as Json])],
    ];
    const leaks: string[] = [];
    for (const [name, events] of streams) {
      const request = { ...(REQUESTS.find(([n]) => n === name)![1] as object), ...(name === "generate" ? {} : { stream: true }) };
      for (let e = 0; e < events.length; e++) {
        for (const place of subset(events[e]![1], ["string", "key"])) {
          const copy = planted(events[e]![1], place.path, place.kind);
          if (skippedByName(fields(name), copy, place.path, "answer", place.kind) || place.path.at(-1) === "type") continue;
          fx.mock.behave({ events: events.map((ev, i) => (i === e ? [ev[0], copy] : ev)) as [string | null, unknown][] });
          const text = await (await post(STREAM_PATHS[name]!, request, "out-mask")).text();
          if (text.includes(EMAIL)) leaks.push(`${name} event ${e} ${place.path.join(".")}`);
        }
      }
    }
    fx.mock.reset();
    expect(leaks).toEqual([]);
  });
});
