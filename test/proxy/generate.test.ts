/**
 * The generateContent family (DECISIONS §13) with its official SDK (`@google/genai`) and the
 * Vercel AI SDK's Google provider as clients, against the mock upstream's generateContent wire
 * format: masking and blocking on the way in, output guardrails on whole and streamed answers,
 * token counts, the model catalogue, errors in the family's shape, and the key rules.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ApiError, GoogleGenAI } from "@google/genai";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { generateText, streamText } from "ai";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";
import { policy } from "../helpers/policies.ts";

let fx: ProxyFixture;

beforeAll(async () => {
  fx = await startProxyFixture({
    defaultConfig: "guarded",
    env: { GENERATE_BASE_URL: "$MOCK", GENERATE_API_KEY: "server-generate-key" },
    policies: {
      "guarded.json": policy({
        pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }],
        input: [{ name: "Keywords", config: { keywords: ["launch codes"] } }],
        output: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }, { name: "Keywords", config: { keywords: ["forbidden"] } }],
      }),
      "open.json": policy({}),
      "reversible.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"], reversible: true } }] }),
    },
  });
});

afterAll(async () => {
  await fx.stop();
});

const genai = (apiKey = "caller-key") => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: fx.server.url } });

describe("@google/genai", () => {
  test("generateContent: an e-mail in contents, the system instruction and a function response is masked; the answer's e-mail too", async () => {
    fx.mock.behave({ text: "Write to ana@corp.example today." });
    const result = await genai().models.generateContent({
      model: "gemini-2.5-flash",
      contents: [
        { role: "user", parts: [{ text: "Mail bob@corp.example about the invoice" }] },
        { role: "model", parts: [{ functionCall: { name: "lookup", args: { who: "bob@corp.example", n: 2 } } }] },
        { role: "user", parts: [{ functionResponse: { name: "lookup", response: { email: "carl@corp.example", found: true } } }] },
      ],
      config: { systemInstruction: "Our support address is help@corp.example" },
    });
    expect(result.text).toBe("Write to <EMAIL_ADDRESS> today.");
    const sent = fx.mock.last();
    // The version the SDK used goes upstream as it was.
    expect(sent.path).toMatch(/^\/v1(beta)?\/models\/gemini-2\.5-flash:generateContent$/);
    const body = JSON.stringify(sent.body);
    for (const email of ["bob@corp.example", "carl@corp.example", "help@corp.example"]) expect(body).not.toContain(email);
    const contents = (sent.body as { contents: { parts: Record<string, unknown>[] }[] }).contents;
    // Function call arguments and responses stay objects, their values masked in place.
    expect(contents[1]!.parts[0]).toEqual({ functionCall: { name: "lookup", args: { who: "<EMAIL_ADDRESS>", n: 2 } } });
    expect(contents[2]!.parts[0]).toEqual({ functionResponse: { name: "lookup", response: { email: "<EMAIL_ADDRESS>", found: true } } });
  });

  test("a keyword blocks before the upstream is called, as the SDK's ApiError with the family's error shape", async () => {
    const before = fx.mock.received.length;
    const error = (await genai().models.generateContent({ model: "gemini-2.5-flash", contents: "here are the launch codes" }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toContain("Keywords guardrail triggered");
    expect(fx.mock.received.length).toBe(before);
  });

  test("streamGenerateContent (alt=sse): the stream is masked, and a blocked answer ends with finishReason SAFETY", async () => {
    fx.mock.behave({ chunks: ["Reach ", "dana@", "corp.example ", "soon."] });
    let text = "";
    for await (const chunk of await genai().models.generateContentStream({ model: "gemini-2.5-flash", contents: "hi" })) text += chunk.text ?? "";
    expect(text).toBe("Reach <EMAIL_ADDRESS> soon.");
    expect(fx.mock.last().path).toMatch(/^\/v1(beta)?\/models\/gemini-2\.5-flash:streamGenerateContent$/);
    expect(fx.mock.last().query).toEqual({ alt: "sse" });
    fx.mock.behave({ chunks: ["This is ", "forbid", "den text ", "that must not arrive."] });
    const seen: string[] = [];
    const reasons: string[] = [];
    for await (const chunk of await genai().models.generateContentStream({ model: "gemini-2.5-flash", contents: "hi" })) {
      seen.push(chunk.text ?? "");
      for (const c of chunk.candidates ?? []) if (c.finishReason) reasons.push(c.finishReason);
    }
    expect(seen.join("")).not.toContain("forbid");
    expect(reasons).toEqual(["SAFETY"]);
    fx.mock.reset();
  });

  test("a stream without alt=sse is one JSON array, masked, and a block's SAFETY chunk is its last element", async () => {
    const post = (config: string) =>
      fetch(`${fx.server.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent`, { method: "POST", headers: { "content-type": "application/json", "x-goog-api-key": "k", "x-guardrails-config-id": config }, body: JSON.stringify({ contents: [{ parts: [{ text: "hi" }] }] }) });
    fx.mock.behave({ chunks: ["Reach ", "dana@", "corp.example ", "soon."] });
    const masked = await post("guarded");
    expect(masked.headers.get("content-type")).toContain("application/json");
    const chunks = (await masked.json()) as { candidates?: { content?: { parts: { text?: string }[] } }[] }[];
    expect(chunks.map((c) => c.candidates?.[0]?.content?.parts.map((p) => p.text ?? "").join("") ?? "").join("")).toBe("Reach <EMAIL_ADDRESS> soon.");
    // The upstream is asked for SSE all the same.
    expect(fx.mock.last().query).toEqual({ alt: "sse" });
    fx.mock.behave({ chunks: ["This is ", "forbid", "den text."] });
    const blocked = (await (await post("guarded")).json()) as { candidates?: { index?: number; finishReason?: string }[] }[];
    expect(blocked.at(-1)).toEqual({ candidates: [{ index: 0, finishReason: "SAFETY" }] });
    expect(JSON.stringify(blocked)).not.toContain("forbid");
    fx.mock.reset();
  });

  test("reversible masking: the upstream sees a placeholder, the SDK's answer and its stream get the value back", async () => {
    const client = new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: fx.server.url, headers: { "x-guardrails-config-id": "reversible" } } });
    fx.mock.behave({ text: "I wrote to <EMAIL_ADDRESS_1> just now." });
    const whole = await client.models.generateContent({ model: "gemini-2.5-flash", contents: "write to ann@corp.example" });
    expect(JSON.stringify(fx.mock.last().body)).toContain("<EMAIL_ADDRESS_1>");
    expect(whole.text).toBe("I wrote to ann@corp.example just now.");
    fx.mock.behave({ chunks: ["I wrote to <EMAIL", "_ADDRESS_1> just ", "now."] });
    let streamed = "";
    for await (const chunk of await client.models.generateContentStream({ model: "gemini-2.5-flash", contents: "write to ann@corp.example" })) streamed += chunk.text ?? "";
    expect(streamed).toBe("I wrote to ann@corp.example just now.");
    fx.mock.reset();
  });

  test("countTokens: pre_flight masking only (a keyword does not block), the count relayed", async () => {
    const counted = await genai().models.countTokens({ model: "gemini-2.5-flash", contents: "launch codes for ed@corp.example" });
    expect(counted.totalTokens).toBe(7);
    expect(JSON.stringify(fx.mock.last().body)).toContain("<EMAIL_ADDRESS>");
  });

  test("models.list and models.get are the upstream's catalogue, proxied", async () => {
    const names: string[] = [];
    for await (const model of await genai().models.list()) names.push(model.name ?? "");
    expect(names).toEqual(["models/gemini-mock-2", "models/gemini-mock-1", "models/gemini-mock-0"]);
    expect((await genai().models.get({ model: "gemini-mock-1" })).displayName).toBe("Gemini Mock 1");
  });

  test("models.list pages as the SDK's pager asks: pageSize and pageToken reach the upstream, page after page", async () => {
    fx.mock.reset();
    const names: string[] = [];
    const pager = await genai().models.list({ config: { pageSize: 1 } });
    for await (const model of pager) names.push(model.name ?? "");
    expect(names).toEqual(["models/gemini-mock-2", "models/gemini-mock-1", "models/gemini-mock-0"]);
    const listings = fx.mock.received.filter((r) => r.method === "GET");
    expect(listings.map((r) => r.query)).toEqual([{ pageSize: "1" }, { pageSize: "1", pageToken: "p1" }, { pageSize: "1", pageToken: "p2" }]);
  });

  test("without a caller key the catalogue is listed with GENERATE_API_KEY (not a 500), on every listing path", async () => {
    for (const path of ["/v1beta/models", "/v1beta/models?pageSize=2", "/v1beta/models/gemini-mock-1"]) {
      fx.mock.reset();
      const res = await fetch(fx.server.url + path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(fx.mock.last().headers["x-goog-api-key"]).toBe("server-generate-key");
    }
    // `/v1/models` is this family's listing when the caller names a key in the query.
    fx.mock.reset();
    const v1 = await fetch(`${fx.server.url}/v1/models?key=query-key`);
    expect(v1.status).toBe(200);
    expect(fx.mock.last().headers["x-goog-api-key"]).toBe("query-key");
    expect(fx.mock.last().query).toEqual({});
  });

  test("keys: the caller's x-goog-api-key replaces GENERATE_API_KEY, and exactly one key goes upstream", async () => {
    fx.mock.reset();
    await genai("caller-key-1").models.generateContent({ model: "gemini-2.5-flash", contents: "hello" });
    expect(fx.mock.last().headers["x-goog-api-key"]).toBe("caller-key-1");
    // A key in the query: moved to the header, never left in the URL.
    const res = await fetch(`${fx.server.url}/v1beta/models/gemini-2.5-flash:generateContent?key=query-key-2`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ contents: [{ parts: [{ text: "hi" }] }] }) });
    expect(res.status).toBe(200);
    expect(fx.mock.last().headers["x-goog-api-key"]).toBe("query-key-2");
    expect(fx.mock.last().query).toEqual({});
    // No caller key: the server's.
    await fetch(`${fx.server.url}/v1beta/models/gemini-2.5-flash:generateContent`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ contents: [{ parts: [{ text: "hi" }] }] }) });
    expect(fx.mock.last().headers["x-goog-api-key"]).toBe("server-generate-key");
  });

  test("an upstream error keeps the family's shape; an action the family does not serve is a 404", async () => {
    fx.mock.behave({ status: 429, errorMessage: "quota" });
    const error = (await genai().models.generateContent({ model: "gemini-2.5-flash", contents: "hi" }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    fx.mock.reset();
    const res = await fetch(`${fx.server.url}/v1beta/models/gemini-2.5-flash:embedContent`, { method: "POST", headers: { "content-type": "application/json", "x-goog-api-key": "k" }, body: "{}" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 404, status: "NOT_FOUND" }, detail: { error: "not_found" } });
  });
});

describe("the AI SDK's Google provider", () => {
  const google = () => createGoogleGenerativeAI({ baseURL: `${fx.server.url}/v1beta`, apiKey: "caller-key" });

  test("generateText and streamText through the proxy, masked", async () => {
    fx.mock.behave({ text: "Contact eve@corp.example." });
    const whole = await generateText({ model: google()("gemini-2.5-flash"), prompt: "who is frank@corp.example?" });
    expect(whole.text).toBe("Contact <EMAIL_ADDRESS>.");
    expect(JSON.stringify(fx.mock.last().body)).not.toContain("frank@corp.example");
    fx.mock.behave({ chunks: ["Contact ", "eve@corp.", "example."] });
    const streamed = streamText({ model: google()("gemini-2.5-flash"), prompt: "hi" });
    let text = "";
    for await (const piece of streamed.textStream) text += piece;
    expect(text).toBe("Contact <EMAIL_ADDRESS>.");
    fx.mock.reset();
  });
});
