/** Body limits, caller tokens and what logs may never contain (DECISIONS §1, §7). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { policy, tempPolicyDir, type TempDir } from "./helpers/policies.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";

let dir: TempDir;
beforeAll(() => {
  dir = tempPolicyDir({
    "p.json": policy({ pre_flight: [{ name: "PII" }, { name: "SecretKeys" }], input: [{ name: "Keywords", config: { keywords: ["blocked-term"] } }] }),
  });
});
afterAll(() => dir.remove());

describe("body size limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path });
  });
  afterAll(() => server.stop());

  test("a 20 MB body answers 413 request_too_large, and the server keeps serving", async () => {
    const big = JSON.stringify({ text: "a".repeat(20 * 1024 * 1024), config_id: "p" });
    const res = await server.post("/v1/guard/input", big);
    expect(res.status).toBe(413);
    const json = (await res.json()) as { detail: { error: string; message: string } };
    expect(json.detail).toMatchObject({ error: "request_too_large", message: "request body is larger than the 10485760-byte limit (SVC_GUARDRAILS_MAX_BODY_BYTES)" });
    const ok = await server.post("/v1/guard/input", { text: "fine", config_id: "p" });
    expect(ok.status).toBe(200);
  });

  test("a body just under the limit is processed", async () => {
    const text = "word ".repeat(Math.floor((10 * 1024 * 1024 - 100) / 5));
    const res = await server.post("/v1/guard/input", { text, config_id: "p" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { allowed: boolean }).allowed).toBe(true);
  });
});

describe("configured body limit with a chunked body", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, SVC_GUARDRAILS_MAX_BODY_BYTES: "1000" });
  });
  afterAll(() => server.stop());

  function chunked(parts: string[]): ReadableStream<Uint8Array> {
    const enc = new TextEncoder();
    return new ReadableStream({
      start(c) {
        for (const p of parts) c.enqueue(enc.encode(p));
        c.close();
      },
    });
  }

  test("a chunked body over the limit answers 413", async () => {
    const res = await fetch(`${server.url}/v1/guard/input`, { method: "POST", body: chunked(['{"text":"', "x".repeat(600), "y".repeat(600), '"}']) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { detail: { error: string } }).detail.error).toBe("request_too_large");
  });

  test("a chunked body under the limit is parsed", async () => {
    const res = await fetch(`${server.url}/v1/guard/input`, { method: "POST", body: chunked(['{"text":"he', 'llo","config_id":"p"}']) });
    expect(res.status).toBe(200);
  });
});

describe("caller tokens", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, SVC_GUARDRAILS_AUTH_TOKENS: "tok-one, tok-two" });
  });
  afterAll(() => server.stop());

  test("/health needs no token", async () => {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  test("a missing or wrong X-Guardrails-Key answers 401 unauthorized on every other route", async () => {
    for (const headers of [{}, { "x-guardrails-key": "tok-three" }, { "x-guardrails-key": "tok-on" }, { authorization: "Bearer tok-one" }] as Record<string, string>[]) {
      const res = await server.post("/v1/guard/input", { text: "x", config_id: "p" }, headers);
      expect(res.status).toBe(401);
      const json = (await res.json()) as { detail: { error: string }; error: { type: string } };
      expect(json.detail.error).toBe("unauthorized");
      expect(json.error.type).toBe("authentication_error");
    }
    expect((await fetch(`${server.url}/v1/guardrails/configs`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
  });

  test("any configured token is accepted", async () => {
    for (const token of ["tok-one", "tok-two"]) {
      const res = await server.post("/v1/guard/input", { text: "x", config_id: "p" }, { "x-guardrails-key": token });
      expect(res.status).toBe(200);
    }
  });

  test("a 401 never echoes the presented token", async () => {
    const res = await server.post("/v1/guard/input", { text: "x" }, { "x-guardrails-key": "tok-guess-123" });
    expect(await res.text()).not.toContain("tok-guess-123");
    expect(server.rawLogs()).not.toContain("tok-guess-123");
  });
});

describe("request logs", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path });
  });
  afterAll(() => server.stop());

  test("one JSON line per request with method, path, status, duration, config_id and guardrail outcomes", async () => {
    await server.post("/v1/guard/input", { text: "a blocked-term here", config_id: "p" });
    const line = await server.waitForLog((l) => l.msg === "request" && l.path === "/v1/guard/input");
    expect(line).toMatchObject({ level: "info", method: "POST", path: "/v1/guard/input", status: 200, config_id: "p" });
    expect(typeof line.duration_ms).toBe("number");
    expect(line.guardrails).toEqual([
      { name: "PII", stage: "pre_flight", tripped: false, enforced: false },
      { name: "SecretKeys", stage: "pre_flight", tripped: false, enforced: false },
      { name: "Keywords", stage: "input", tripped: true, enforced: true, confidence: 1 },
    ]);
  });

  test("never contain the text, masked values, keys or Authorization values", async () => {
    const secrets = ["jane.roe@example.org", "536-22-8716", "sk-proj-Zx81Ka0PqLm29dWvB7nTy4Hs", "Bearer upstream-key-xyz", "unique-sentence-marker"];
    await server.post("/v1/guard/input", { text: `unique-sentence-marker ${secrets.slice(0, 3).join(" ")}`, config_id: "p" }, { authorization: secrets[3]! });
    await server.post("/v1/guard/input", { text: 5, config_id: "p", note: secrets[0] }, { authorization: secrets[3]! });
    await server.post("/v1/guard/output", `{"text": "${secrets[1]}", broken`);
    await server.waitForLog((l) => l.path === "/v1/guard/output");
    const raw = server.rawLogs();
    for (const s of secrets) expect(raw).not.toContain(s);
    const line = await server.waitForLog((l) => l.path === "/v1/guard/input" && l.status === 200);
    expect((line.guardrails as { labels?: string[] }[])[0]!.labels).toEqual(["EMAIL_ADDRESS", "US_SSN"]);
  });

  test("a config_id that names no policy is logged as unknown with its length, never as sent", async () => {
    const secrets = "jane.roe@example.org 536-22-8716";
    await server.post("/v1/guard/input", { text: "x", config_id: secrets });
    const line = await server.waitForLog((l) => l.path === "/v1/guard/input" && l.status === 422);
    expect(line).toMatchObject({ config_id: "unknown", config_id_length: secrets.length });
    const huge = "a".repeat(9 * 1024 * 1024);
    const res = await server.post("/v1/guard/input", { text: "x", config_id: huge });
    expect(res.status).toBe(422);
    // The answer quotes a shortened id; the log line stays a log line.
    expect(((await res.json()) as { detail: { message: string } }).detail.message.length).toBeLessThan(300);
    await server.waitForLog((l) => l.config_id_length === huge.length);
    const raw = server.rawLogs();
    expect(raw).not.toContain("jane.roe@example.org");
    expect(raw).not.toContain("536-22-8716");
    expect(Math.max(...raw.split("\n").map((l) => l.length))).toBeLessThan(2000);
  });

  test("the path of a request is logged as its route pattern, so what a caller puts in it stays out", async () => {
    for (const path of ["/v1/models/jane.roe@example.org", "/v1/536-22-8716/chat", "/v1/guard/input%0A{\"level\":\"error\"}"]) {
      await fetch(server.url + path, { headers: { "content-type": "application/json" } });
    }
    await server.waitForLog((l) => l.path === "unmatched");
    await server.waitForLog((l) => l.path === "/v1/models/:id");
    const raw = server.rawLogs();
    expect(raw).not.toContain("jane.roe@example.org");
    expect(raw).not.toContain("536-22-8716");
    expect(raw).not.toContain('\n{"level":"error"}');
  });

  test("a 404 names at most 128 characters of the path, control characters escaped", async () => {
    const res = await fetch(`${server.url}/v1/${"x".repeat(5000)}`);
    expect(res.status).toBe(404);
    const message = ((await res.json()) as { detail: { message: string } }).detail.message;
    expect(message).toBe(`no route for GET /v1/${"x".repeat(124)}...`);
  });
});
