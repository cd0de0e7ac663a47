/**
 * Hostile request bodies cost what their size costs (DECISIONS §7): deep nesting is refused
 * before any schema work, schema errors never print the body, and every over-size body gets
 * the JSON `request_too_large` answer, however large.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../src/schema/json-depth.ts";
import { startProxyFixture, type ProxyFixture } from "./helpers/proxy-fixture.ts";
import { policy } from "./helpers/policies.ts";

function nested(levels: number, inner = "1"): string {
  return "[".repeat(levels) + inner + "]".repeat(levels);
}

describe("nestsDeeperThan", () => {
  test("counts arrays and objects, not brackets inside strings", () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: "[".repeat(1000) + "{".repeat(1000) }), 2)).toBe(false);
  });

  test("escaped quotes do not end a string; an escaped backslash before a quote does", () => {
    expect(nestsDeeperThan(JSON.stringify({ text: `say \\"[[[[ and "[[[[` }), 2)).toBe(false);
    expect(nestsDeeperThan(`{"a":"x\\\\",${"[".repeat(5)}`, 3)).toBe(true);
  });

  test("siblings do not add up: depth, not count", () => {
    expect(nestsDeeperThan(JSON.stringify({ messages: Array.from({ length: 5000 }, () => ({ content: [{ type: "text" }] })) }), 5)).toBe(false);
  });
});

describe("hostile bodies on a real server", () => {
  let fx: ProxyFixture;
  beforeAll(async () => {
    fx = await startProxyFixture({
      policies: { "pii.json": policy({ pre_flight: [{ name: "PII" }] }) },
      defaultConfig: "pii",
      env: { SVC_GUARDRAILS_MAX_BODY_BYTES: String(4 * 1024 * 1024) },
    });
  });
  afterAll(() => fx.stop());

  async function timed(path: string, body: string | ReadableStream<Uint8Array>): Promise<{ status: number; json: any; ms: number }> {
    const started = performance.now();
    const res = await fetch(fx.server.url + path, { method: "POST", headers: { "content-type": "application/json" }, body });
    const json = await res.json();
    return { status: res.status, json, ms: performance.now() - started };
  }

  test("50,000 nested arrays on /v1/guard/input: 422 validation_error in milliseconds, not a 500 after seconds", async () => {
    const r = await timed("/v1/guard/input", nested(50_000));
    expect(r.status).toBe(422);
    expect(r.json.detail).toMatchObject({ error: "validation_error", message: `request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep` });
    expect(r.ms).toBeLessThan(1000);
  });

  test("100,000 levels inside an otherwise valid chat body: 422, and nothing goes upstream", async () => {
    const before = fx.mock.received.length;
    const body = `{"model":"m","messages":[{"role":"user","content":"hi"}],"metadata":${nested(100_000, "{}")}}`;
    const r = await timed("/v1/chat/completions", body);
    expect(r.status).toBe(422);
    expect(r.json.detail.error).toBe("validation_error");
    expect(r.json.error.code).toBe("validation_error");
    expect(r.ms).toBeLessThan(1000);
    expect(fx.mock.received.length).toBe(before);
  });

  test("nesting up to the limit is a normal request", async () => {
    // body object (1) > metadata (2) > 62 arrays: 64 levels in all.
    const body = `{"model":"m","messages":[{"role":"user","content":"hi"}],"metadata":{"deep":${nested(62)}}}`;
    const res = await fetch(`${fx.server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(res.status).toBe(200);
    expect(JSON.stringify(fx.mock.last().body?.metadata)).toBe(`{"deep":${nested(62)}}`);
  });

  test("a schema error never prints the body: a 4 MB body of short values nested 60 deep is answered at once", async () => {
    // Elysia's validation error pretty-prints the body (outside NODE_ENV=production): one line
    // per value, indented by its depth, here some 250 MB of text, unless the schema says otherwise.
    const values = nested(60, Array.from({ length: 1_900_000 }, () => "1").join(","));
    const marker = "jane.roe@example.org";
    for (const [path, body] of [
      ["/v1/guard/input", `{"text":5,"note":"${marker}","extra":${values}}`],
      ["/v1/chat/completions", `{"model":5,"note":"${marker}","messages":[{"role":"user","content":"x"}],"extra":${values}}`],
      ["/v1/messages", `{"model":"m","max_tokens":"many","note":"${marker}","messages":[{"role":"user","content":"x"}],"extra":${values}}`],
    ] as const) {
      const r = await timed(path, body);
      expect(r.status).toBe(422);
      expect(r.json.detail.error).toBe("validation_error");
      expect(JSON.stringify(r.json)).not.toContain(marker);
      expect(r.ms).toBeLessThan(400);
    }
  });

  test("200,000 bad fields: the first few are reported, briefly", async () => {
    const body = `{"text":"x","config_id":"pii",${Array.from({ length: 200_000 }, (_, i) => `"f${i}":1`).join(",")}}`;
    const r = await timed("/v1/guard/input", body);
    expect(r.status).toBe(422);
    expect(r.json.detail.message.length).toBeLessThan(200);
    expect(r.json.detail.message).toStartWith("request body: f0: unknown field; f1: unknown field");
  });

  test("malformed JSON is named, not quoted", async () => {
    const r = await timed("/v1/guard/input", '{"text": "x", secret-token-123 }');
    expect(r.status).toBe(422);
    expect(r.json.detail).toMatchObject({ error: "validation_error", message: "request body is not valid JSON (line 1, column 15)" });
  });

  test("a body above Bun's own limit (50 MB) still gets the JSON request_too_large answer, declared or chunked", async () => {
    const big = "x".repeat(50 * 1024 * 1024);
    const declared = await timed("/v1/guard/input", big);
    expect(declared.status).toBe(413);
    expect(declared.json.detail.error).toBe("request_too_large");
    expect(declared.json.error.code).toBe("request_too_large");
    const chunks = new ReadableStream<Uint8Array>({
      start(c) {
        const piece = new TextEncoder().encode("y".repeat(1024 * 1024));
        for (let i = 0; i < 50; i++) c.enqueue(piece);
        c.close();
      },
    });
    const chunked = await timed("/v1/guard/input", chunks);
    expect(chunked.status).toBe(413);
    expect(chunked.json.detail.error).toBe("request_too_large");
    const res = await fetch(`${fx.server.url}/v1/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: big });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { type: string; error: { type: string } }).error.type).toBe("request_too_large");
    expect((await fetch(`${fx.server.url}/health`)).status).toBe(200);
  });
});
