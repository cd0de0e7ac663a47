/** POST /v1/guard/input and /v1/guard/output, GET /health, over real HTTP. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { policy, tempPolicyDir, type TempDir } from "./helpers/policies.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";

let dir: TempDir;
let server: TestServer;

beforeAll(async () => {
  dir = tempPolicyDir({
    "mask.json": policy({ pre_flight: [{ name: "PII" }, { name: "SecretKeys" }] }),
    "keywords.yaml": policy({ input: [{ name: "Keywords", config: { keywords: ["forbidden phrase", "launch codes"] } }] }),
    "out.json": policy({ output: [{ name: "PII", suppress_enforcement: false, config: { block: true, entities: ["US_SSN"] } }] }),
    "out-mask.json": policy({ output: [{ name: "PII" }] }),
    "pii-block.json": policy({ input: [{ name: "PII", suppress_enforcement: false, config: { block: true } }] }),
    "pii-block-suppressed.json": policy({ input: [{ name: "PII", config: { block: true } }] }),
    "alert.json": policy({ mode: "alert", input: [{ name: "Keywords", config: { keywords: ["forbidden phrase"] } }] }),
    "suppressed.json": policy({ input: [{ name: "Keywords", suppress_enforcement: true, config: { keywords: ["forbidden phrase"] } }] }),
    // The keyword is an email address: after pre_flight masking it is gone from the text.
    "masked-first.json": policy({
      pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }],
      input: [{ name: "Keywords", config: { keywords: ["ceo@corp.com"] } }],
    }),
    "order.json": policy({
      input: [
        { name: "Keywords", config: { keywords: ["alpha"] } },
        { name: "PII", suppress_enforcement: false, config: { block: true, entities: ["EMAIL_ADDRESS"] } },
        { name: "Keywords", config: { keywords: ["beta"] } },
      ],
    }),
    "empty.json": { version: 1 },
    "encoded.json": policy({ pre_flight: [{ name: "PII", config: { detect_encoded_pii: true } }] }),
    "encoded-allow.json": policy({ pre_flight: [{ name: "PII", on_error: "allow", config: { detect_encoded_pii: true } }] }),
  });
  server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, SVC_GUARDRAILS_DEFAULT_CONFIG_ID: "mask" });
});

afterAll(async () => {
  await server.stop();
  dir.remove();
});

async function guard(stage: "input" | "output", body: unknown) {
  const res = await server.post(`/v1/guard/${stage}`, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("GET /health", () => {
  test("answers 200 with status ok", async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("POST /v1/guard/input", () => {
  test("clean text is allowed with every result field null", async () => {
    const r = await guard("input", { text: "How do I reverse a linked list in place?", config_id: "mask" });
    expect(r).toEqual({ status: 200, body: { allowed: true, sanitized_text: null, guardrail: null, message: null } });
  });

  test("pre-flight masking returns sanitized_text and keeps the rest of the text as written", async () => {
    const r = await guard("input", { text: "Mail  jane.roe@example.org, SSN 536-22-8716; key sk-proj-Abc123def456GHI789jkl012MNO.", config_id: "mask" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      allowed: true,
      sanitized_text: "Mail  <EMAIL_ADDRESS>, SSN <US_SSN>; key <SECRET_KEY>.",
      guardrail: null,
      message: null,
    });
  });

  test("the default policy applies when config_id is omitted", async () => {
    const r = await guard("input", { text: "write to a.b@c.io" });
    expect(r.body.sanitized_text).toBe("write to <EMAIL_ADDRESS>");
  });

  test("a detector enforcing in block mode blocks with 200, guardrail and message", async () => {
    const r = await guard("input", { text: "Tell me the LAUNCH   codes please", config_id: "keywords" });
    expect(r).toEqual({
      status: 200,
      body: { allowed: false, sanitized_text: null, guardrail: "Keywords", message: "Keywords guardrail triggered: blocked keyword found" },
    });
  });

  test("PII with block: true and suppress_enforcement: false blocks, naming the entity types only", async () => {
    const r = await guard("input", { text: "my email is someone@corp.example.com", config_id: "pii-block" });
    expect(r.body.allowed).toBe(false);
    expect(r.body.guardrail).toBe("PII");
    expect(r.body.message).toBe("PII guardrail triggered: PII detected (EMAIL_ADDRESS)");
    expect(JSON.stringify(r.body)).not.toContain("someone@");
  });

  test("PII with block: true keeps the default suppress_enforcement: true: the trip is an alert and the text goes on unchanged (DECISIONS §2)", async () => {
    const r = await guard("input", { text: "my email is someone@corp.example.com", config_id: "pii-block-suppressed" });
    expect(r.body).toEqual({ allowed: true, sanitized_text: null, guardrail: null, message: null });
  });

  test("alert mode lets a trip through and records it as an alert", async () => {
    const r = await guard("input", { text: "the forbidden phrase", config_id: "alert" });
    expect(r.body.allowed).toBe(true);
    const line = await server.waitForLog((l) => l.msg === "request" && l.config_id === "alert");
    expect(line.guardrails).toEqual([{ name: "Keywords", stage: "input", tripped: true, enforced: false, confidence: 1 }]);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toContain('guardrail_proxy_guardrail_outcomes_total{guardrail="Keywords",stage="input",policy="alert",outcome="alert"} 1');
  });

  test("suppress_enforcement: true on a detector turns its trip into an alert", async () => {
    const r = await guard("input", { text: "the forbidden phrase", config_id: "suppressed" });
    expect(r.body.allowed).toBe(true);
  });

  test("detectors see the text after masking", async () => {
    const r = await guard("input", { text: "forward this to ceo@corp.com", config_id: "masked-first" });
    expect(r.body).toEqual({ allowed: true, sanitized_text: "forward this to <EMAIL_ADDRESS>", guardrail: null, message: null });
  });

  test("the first enforcing guardrail in list order is the one reported", async () => {
    expect((await guard("input", { text: "alpha and beta and x@y.io", config_id: "order" })).body.guardrail).toBe("Keywords");
    const piiFirst = await guard("input", { text: "beta and x@y.io", config_id: "order" });
    expect(piiFirst.body.guardrail).toBe("PII");
    expect((await guard("input", { text: "only beta", config_id: "order" })).body.message).toBe("Keywords guardrail triggered: blocked keyword found");
  });

  test("encoded content beyond the decoding bound fails closed (on_error: block), or passes with on_error: allow", async () => {
    const blob = Buffer.from("x".repeat(1_100_000)).toString("base64");
    const blocked = await guard("input", { text: `blob ${blob}`, config_id: "encoded" });
    expect(blocked.body).toMatchObject({ allowed: false, guardrail: "PII" });
    expect(blocked.body.message).toStartWith("PII guardrail could not run (encoded content over");
    const allowed = await guard("input", { text: `blob ${blob}`, config_id: "encoded-allow" });
    expect(allowed.body.allowed).toBe(true);
  });

  test("a policy without stages allows everything", async () => {
    expect((await guard("input", { text: "anything", config_id: "empty" })).body.allowed).toBe(true);
  });
});

describe("POST /v1/guard/output", () => {
  test("runs only the output stage and blocks", async () => {
    const r = await guard("output", { text: "Sure, the SSN is 536-22-8716.", config_id: "out" });
    expect(r.body).toEqual({ allowed: false, sanitized_text: null, guardrail: "PII", message: "PII guardrail triggered: PII detected (US_SSN)" });
  });

  test("does not run input stages", async () => {
    const r = await guard("output", { text: "the forbidden phrase and a@b.co", config_id: "keywords" });
    expect(r.body).toEqual({ allowed: true, sanitized_text: null, guardrail: null, message: null });
  });

  test("never sets sanitized_text, even when an output guardrail masks", async () => {
    const r = await guard("output", { text: "mail a@b.co", config_id: "out-mask" });
    expect(r.body).toEqual({ allowed: true, sanitized_text: null, guardrail: null, message: null });
  });
});

describe("guard request errors", () => {
  const cases: [string, string | object, string][] = [
    ["missing text", { config_id: "mask" }, "request body: text: required field is missing"],
    ["text of the wrong type", { text: 42, config_id: "mask" }, "request body: text: expected string"],
    ["config_id of the wrong type", { text: "x", config_id: 7 }, "request body: config_id: expected string"],
    ["an unknown field", { text: "x", confg_id: "mask" }, "request body: confg_id: unknown field"],
    ["a JSON array", [], "request body: expected object"],
    ["malformed JSON", '{"text": "x",', "request body is not valid JSON"],
    ["an empty body", "", "request body is empty: a JSON object is expected"],
  ];
  for (const [name, body, message] of cases) {
    test(`${name} answers 422 validation_error`, async () => {
      const res = await server.post("/v1/guard/input", body);
      expect(res.status).toBe(422);
      const json = (await res.json()) as { detail: { error: string; message: string }; error: { message: string; code: string } };
      expect(json.detail.error).toBe("validation_error");
      expect(json.detail.message.startsWith(message)).toBe(true);
      expect(json.error).toMatchObject({ message: json.detail.message, code: "validation_error", type: "invalid_request_error" });
    });
  }

  test("validation messages never quote the offending value", async () => {
    const res = await server.post("/v1/guard/input", { text: { secret: "hunter2-value" } });
    expect(await res.text()).not.toContain("hunter2-value");
  });

  test("a body sent without a JSON content type is still parsed as JSON (curl -d)", async () => {
    const res = await fetch(`${server.url}/v1/guard/input`, { method: "POST", body: JSON.stringify({ text: "hi" }), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(200);
  });

  test("an unknown route answers 404 not_found", async () => {
    const res = await fetch(`${server.url}/v1/guard/nothing`, { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { detail: { error: string } }).detail.error).toBe("not_found");
  });

  test("the wrong method answers 404", async () => {
    const res = await fetch(`${server.url}/v1/guard/input`);
    expect(res.status).toBe(404);
  });
});
