/**
 * Read by default, skip by name: every string, key and 6+ digit number of a request or an answer
 * is read unless its family's table names the field. The generateContent bypasses (signed
 * parts, protobuf field names, values under `data`/`status`/`name`/`id`-like keys and numbers
 * inside function call arguments and responses, signed answer parts, a value split between a
 * plain and a signed part) and their twins in the other families, requests and answers, whole
 * and streamed; error bodies; an answer no JSON parser reads (`NaN`).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const EMAIL = "jane.leak@example.com";
const KEYWORD = "Project Nightingale";
const CARD = 4111111111111111;
const HEADERS = { authorization: "Bearer sk-x", "x-api-key": "k", "x-goog-api-key": "k" };

let fx: ProxyFixture;
beforeAll(async () => {
  fx = await startProxyFixture({
    policies: {
      "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS", "CREDIT_CARD"] } }] }),
      "keyword.json": policy({ input: [{ name: "Keywords", config: { keywords: [KEYWORD] } }] }),
      "unreadable.json": { ...(policy({}) as Record<string, unknown>), unreadable_content: "block" },
      "out-mask.json": policy({ output: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS", "CREDIT_CARD"] } }] }),
      "out-keyword.json": policy({ output: [{ name: "Keywords", config: { keywords: [KEYWORD] } }] }),
    },
    env: { MESSAGES_API_KEY: "k", GENERATE_BASE_URL: "$MOCK", GENERATE_API_KEY: "server-key" },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

const GEN = "/v1beta/models/gemini-2.5-flash:generateContent";
const GEN_STREAM = "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse";
const PATHS = { chat: "/v1/chat/completions", responses: "/v1/responses", messages: "/v1/messages", generate: GEN } as const;
type Family = keyof typeof PATHS;

const post = (path: string, body: Record<string, unknown>, config: string) => fx.server.post(path, { ...body, guardrails: { config_id: config } }, HEADERS);
const sent = () => JSON.stringify(fx.mock.last().body);

/** Masked: the upstream never sees the e-mail (or the card); judged: the keyword blocks before the upstream. */
async function expectRead(family: Family | string, body: (text: string) => Record<string, unknown>, path = PATHS[family as Family] ?? family): Promise<void> {
  fx.mock.reset();
  const masked = await post(path, body(`write to ${EMAIL}`), "mask");
  expect({ path, status: masked.status }).toEqual({ path, status: 200 });
  expect(sent()).not.toContain(EMAIL);
  fx.mock.reset();
  const judged = await post(path, body(`the ${KEYWORD} plan`), "keyword");
  expect({ path, status: judged.status }).toEqual({ path, status: 400 });
  expect(fx.mock.received).toEqual([]);
}

const gen = (contents: unknown[], extra: Record<string, unknown> = {}) => ({ contents, ...extra });
const user = (...parts: unknown[]) => ({ role: "user", parts });
const model = (...parts: unknown[]) => ({ role: "model", parts });

describe("generate requests: what the reader skipped", () => {
  test("a part carrying a thoughtSignature (text, functionCall, functionResponse) is read, masked and judged", async () => {
    await expectRead("generate", (t) => gen([user({ text: t, thoughtSignature: "c2ln" })]));
    await expectRead("generate", (t) => gen([user({ text: "hi" }), model({ functionCall: { name: "f", args: { q: "x" } }, thoughtSignature: "c2ln" }), user({ functionResponse: { name: "f", response: { out: t } }, thoughtSignature: "c2ln" })]));
    await expectRead("generate", (t) => gen([user({ text: "hi" }), model({ functionCall: { name: "f", args: { q: t } }, thought_signature: "c2ln" }), user({ text: t })]));
  });

  test("protobuf field names are read as their camelCase twins", async () => {
    // The system instruction is masked, not judged (DECISIONS: detectors judge untrusted content).
    await post(GEN, { ...gen([user({ text: "hi" })]), system_instruction: { parts: [{ text: `mail ${EMAIL}` }] } }, "mask");
    expect(sent()).not.toContain(EMAIL);
    await expectRead("generate", (t) => gen([user({ text: "hi" }), model({ function_call: { name: "f", args: { q: "x" } } }), user({ function_response: { name: "f", response: { data: t } } })]));
    await expectRead("generate", (t) => gen([user({ inline_data: { mime_type: "text/plain", data: Buffer.from(t).toString("base64") } })]));
    // The masked inline text stays Base64 of the masked text.
    await post(GEN, gen([user({ inline_data: { mime_type: "text/plain", data: Buffer.from(`mail ${EMAIL}`).toString("base64") } })]), "mask");
    const part = (fx.mock.last().body as { contents: { parts: { inline_data: { data: string } }[] }[] }).contents[0]!.parts[0]!;
    expect(Buffer.from(part.inline_data.data, "base64").toString()).toBe("mail <EMAIL_ADDRESS>");
  });

  test("file_data and cached_content count as unreadable, as fileData and cachedContent do", async () => {
    for (const body of [
      gen([user({ file_data: { mime_type: "application/pdf", file_uri: "gs://b/f" } })]),
      gen([user({ fileData: { mimeType: "application/pdf", fileUri: "gs://b/f" } })]),
      { ...gen([user({ text: "hi" })]), cached_content: "cachedContents/abc" },
      { ...gen([user({ text: "hi" })]), cachedContent: "cachedContents/abc" },
      gen([user({ inline_data: { mime_type: "image/png", data: "iVBORw0KGgoAAAANSUhEUg==" } })]),
    ]) {
      const res = await post(GEN, body, "unreadable");
      expect(res.status).toBe(422);
      expect(((await res.json()) as { detail: { error: string } }).detail.error).toBe("unscanned_content");
    }
    expect(fx.mock.received).toEqual([]);
  });

  test("values under any key of function args and responses are read, and keys, and numbers of 6+ digits", async () => {
    for (const key of ["data", "status", "detail", "name", "type", "id", "path", "file_name", "user_id", "encrypted_content", "signature"]) {
      await expectRead("generate", (t) => gen([user({ text: "hi" }), model({ functionCall: { name: "f", args: { [key]: t } } }), user({ functionResponse: { name: "f", response: { [key]: { [key]: t } } } })]));
    }
    // A key that is the value.
    await expectRead("generate", (t) => gen([user({ text: "hi" }), model({ functionCall: { name: "f", args: { q: 1 } } }), user({ functionResponse: { name: "f", response: { [t]: true } } })]));
    // A card number as a JSON number, in a call's args and in a response.
    await post(GEN, gen([user({ text: "hi" }), model({ functionCall: { name: "f", args: { card: CARD } } }), user({ functionResponse: { name: "f", response: { nested: [{ card: CARD }] } } })]), "mask");
    expect(sent()).not.toContain(String(CARD));
    expect(sent()).toContain('"card":"<CREDIT_CARD>"');
  });

  test("a value split between a plain and a signed part is judged whole", async () => {
    await expectRead("generate", (t) => gen([user({ text: t.slice(0, 12) }, { text: t.slice(12), thoughtSignature: "c2ln" })]));
  });
});

describe("the other families: unknown fields, keys and numbers are read", () => {
  test("chat: an unknown message field, an unknown key, a name, a number, an unknown top-level field", async () => {
    await expectRead("chat", (t) => ({ model: "m", messages: [{ role: "user", content: "hi", x_note: t }] }));
    await expectRead("chat", (t) => ({ model: "m", messages: [{ role: "user", content: [{ type: "text", text: "hi", extra: { [t]: 1 } }] }] }));
    await expectRead("chat", (t) => ({ model: "m", messages: [{ role: "user", name: t, content: "hi" }] }));
    await expectRead("chat", (t) => ({ model: "m", messages: [{ role: "user", content: "hi" }], metadata: { note: t } }));
    await expectRead("chat", (t) => ({ model: "m", messages: [{ role: "user", content: "hi" }], some_future_field: t }));
    await post(PATHS.chat, { model: "m", messages: [{ role: "user", content: [{ type: "text", text: "hi", card: CARD }] }] }, "mask");
    expect(sent()).not.toContain(String(CARD));
  });

  test("responses: unknown item fields and keys; messages: unknown block and message fields", async () => {
    await expectRead("responses", (t) => ({ model: "m", input: [{ role: "user", content: [{ type: "input_text", text: "hi", note: t }] }] }));
    await expectRead("responses", (t) => ({ model: "m", input: [{ type: "function_call_output", call_id: "c", output: "ok", extra: { path: t } }] }));
    await expectRead("messages", (t) => ({ model: "m", max_tokens: 5, messages: [{ role: "user", content: [{ type: "text", text: "hi", note: t }] }] }));
    await expectRead("messages", (t) => ({ model: "m", max_tokens: 5, messages: [{ role: "user", content: "hi", note: t }] }));
    await expectRead("messages", (t) => ({ model: "m", max_tokens: 5, messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: [{ type: "text", text: "ok" }], extra: { [t]: 1 } }] }] }));
  });
});

describe("definitions: every string and key at any depth, judged, never masked", () => {
  const schemas = (t: string): Record<string, unknown>[] => [
    { type: "object", $comment: t },
    { type: "object", "x-hint": t },
    { type: "object", properties: { a: { type: "string", pattern: t } } },
    { type: "object", properties: { a: { type: "string", format: t } } },
    { type: "object", properties: { a: { type: "string", examples: [t] } } },
    { type: "object", properties: { a: { type: "string", default: t } } },
    { type: "object", properties: { a: { const: t } } },
    { type: "object", properties: { a: { enum: ["x", t] } } },
    { type: "array", items: [{ type: "string", description: "x" }, { type: "string", title: t }] },
    { type: "array", prefixItems: [{ type: "string", description: t }] },
    { type: "object", patternProperties: { [t]: { type: "string" } } },
    { type: "object", dependentSchemas: { [t]: { type: "object" } } },
    { type: "object", required: [t] },
    { type: "object", properties: { [t]: { type: "string" } } },
    { type: "object", properties: { a: { type: "object", properties: { b: { type: "object", properties: { c: { type: "string", "x-deep": { note: t } } } } } } } },
  ];
  test("every family's tools, with a keyword in each placement", async () => {
    for (const [i, schema] of schemas(`the ${KEYWORD} plan`).entries()) {
      const bodies: [string, Record<string, unknown>][] = [
        [PATHS.chat, { model: "m", messages: [{ role: "user", content: "hi" }], tools: [{ type: "function", function: { name: "f", parameters: schema } }] }],
        [PATHS.responses, { model: "m", input: "hi", tools: [{ type: "function", name: "f", parameters: schema }] }],
        [PATHS.messages, { model: "m", max_tokens: 5, messages: [{ role: "user", content: "hi" }], tools: [{ name: "f", input_schema: schema }] }],
        [GEN, gen([user({ text: "hi" })], { tools: [{ functionDeclarations: [{ name: "f", parameters: schema }] }] })],
        [GEN, gen([user({ text: "hi" })], { tools: [{ function_declarations: [{ name: "f", parametersJsonSchema: schema }] }] })],
      ];
      for (const [path, body] of bodies) {
        const res = await post(path, body, "keyword");
        expect({ i, path, status: res.status }).toEqual({ i, path, status: 400 });
      }
    }
    expect(fx.mock.received).toEqual([]);
    // Never masked: the definition reaches the upstream as the caller wrote it.
    await post(PATHS.chat, { model: "m", messages: [{ role: "user", content: "hi" }], tools: [{ type: "function", function: { name: "f", description: `mail ${EMAIL}` } }] }, "mask");
    expect(sent()).toContain(EMAIL);
  });
});

const genAnswer = (parts: unknown[]) => ({ candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }] });

describe("answers: read by default, whole and streamed", () => {
  test("generate: function call args under any key, numbers, and keys are masked; a signed part a mask would change blocks", async () => {
    fx.mock.behave({ answer: genAnswer([{ functionCall: { name: "f", args: { data: `to ${EMAIL}`, id: EMAIL, n: CARD, [EMAIL]: 1 } } }]) });
    const whole = await post(GEN, gen([user({ text: "hi" })]), "out-mask");
    expect(whole.status).toBe(200);
    const text = await whole.text();
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(String(CARD));
    for (const parts of [[{ text: `mail ${EMAIL}`, thoughtSignature: "c2ln" }], [{ text: "mail jane.leak@" }, { text: "example.com now", thoughtSignature: "c2ln" }], [{ functionCall: { name: "f", args: { to: EMAIL } }, thoughtSignature: "c2ln" }]]) {
      fx.mock.behave({ answer: genAnswer(parts) });
      const blocked = await post(GEN, gen([user({ text: "hi" })]), "out-mask");
      expect(blocked.status).toBe(400);
      expect(await blocked.text()).not.toContain("example.com");
      // Streamed: one part per event, the candidate finished by the last.
      fx.mock.behave({ events: parts.map((p, i) => [null, { candidates: [{ content: { role: "model", parts: [p] }, index: 0, ...(i === parts.length - 1 ? { finishReason: "STOP" } : {}) }] }] as [null, unknown]) });
      const streamed = await (await post(GEN_STREAM, gen([user({ text: "hi" })]), "out-mask")).text();
      expect(streamed).not.toContain("example.com");
      expect(streamed).toContain('"SAFETY"');
    }
  });

  test("every family: an unknown answer field and an error body are judged", async () => {
    const answers: [string, Record<string, unknown>][] = [
      [PATHS.chat, { id: "c", object: "chat.completion", created: 1, model: "m", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "ok", annotations: [{ type: "url_citation", url_citation: { title: `the ${KEYWORD} plan`, url: "https://x" } }] } }] }],
      [PATHS.chat, { id: "c", object: "chat.completion", created: 1, model: "m", choices: [], error: { message: `the ${KEYWORD} plan` } }],
      [PATHS.responses, { id: "r", object: "response", status: "completed", output: [], future_field: { note: `the ${KEYWORD} plan` } }],
      [PATHS.messages, { id: "m", type: "message", role: "assistant", model: "m", content: [{ type: "text", text: "ok", extra: `the ${KEYWORD} plan` }], stop_reason: "end_turn" }],
      [GEN, { candidates: [{ content: { role: "model", parts: [{ text: "ok" }] }, citationMetadata: { citations: [{ title: `the ${KEYWORD} plan` }] } }] }],
    ];
    for (const [path, answer] of answers) {
      fx.mock.behave({ answer });
      const body = path === GEN ? gen([user({ text: "hi" })]) : path === PATHS.messages ? { model: "m", max_tokens: 5, messages: [{ role: "user", content: "hi" }] } : path === PATHS.chat ? { model: "m", messages: [{ role: "user", content: "hi" }] } : { model: "m", input: "hi" };
      const res = await post(path, body, "out-keyword");
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
    // An upstream error body is an answer too.
    fx.mock.behave({ status: 400, errorMessage: `the ${KEYWORD} plan` });
    for (const path of [PATHS.chat, GEN]) {
      const body = path === GEN ? gen([user({ text: "hi" })]) : { model: "m", messages: [{ role: "user", content: "hi" }] };
      const res = await post(path, body, "out-keyword");
      expect(await res.text()).not.toContain(KEYWORD);
    }
    fx.mock.behave({ status: 400, errorMessage: `no such user ${EMAIL}` });
    const masked = await post(PATHS.chat, { model: "m", messages: [{ role: "user", content: "hi" }] }, "out-mask");
    expect(masked.status).toBe(400);
    expect(await masked.text()).not.toContain(EMAIL);
  });

  test("a whole chat answer holding NaN is read as the Python SDK reads it: its e-mail masked, never relayed", async () => {
    const raw = `{"id":"c","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"mail ${EMAIL}"},"logprobs":null}],"usage":{"prompt_tokens":NaN,"completion_tokens":Infinity,"total_tokens":-Infinity}}`;
    fx.mock.behave({ rawBody: raw });
    const res = await post(PATHS.chat, { model: "m", messages: [{ role: "user", content: "hi" }] }, "out-mask");
    const text = await res.text();
    expect(text).not.toContain(EMAIL);
    expect((JSON.parse(text) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe("mail <EMAIL_ADDRESS>");
    // Not JSON at all: judged and masked as the text it is.
    fx.mock.behave({ rawBody: `{"choices": [ {"message": {"content": "mail ${EMAIL}"` });
    const broken = await (await post(PATHS.chat, { model: "m", messages: [{ role: "user", content: "hi" }] }, "out-mask")).text();
    expect(broken).not.toContain(EMAIL);
  });
});
