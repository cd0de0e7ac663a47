/**
 * Caller strings never become raw parts of an upstream URL: a generate model segment is a name
 * (percent-decoded once, then `[A-Za-z0-9][A-Za-z0-9._-]{0,127}`, optionally after
 * `tunedModels/`) followed by one of the family's actions, else 404 before anything goes
 * upstream; a hosted deployment in the path, a catalogue's model id and its paging values are
 * checked the same way. The upstream URL is built from the checked name and route alone.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { GoogleGenAI } from "@google/genai";
import { AzureOpenAI } from "openai";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

let fx: ProxyFixture;

beforeAll(async () => {
  fx = await startProxyFixture({
    defaultConfig: "open",
    policies: { "open.json": policy({}), "masking.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }) },
    env: { GENERATE_BASE_URL: "$MOCK", GENERATE_API_KEY: "server-generate-key", HOSTED_ENDPOINT: "$MOCK", HOSTED_API_VERSION: "2024-10-21" },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

const BODY = JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] });
const post = (path: string, headers: Record<string, string> = {}) => fetch(fx.server.url + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: BODY });

/** Model segments that are paths, fragments, queries, second actions or encodings, not names. */
const BAD_SEGMENTS = [
  "gemini-2.5-flash:batchGenerateContent%23:generateContent",
  "gemini-2.5-flash:batchGenerateContent%3Fx%3D:generateContent",
  "..%2FcachedContents%23:generateContent",
  "..%2F..%2Fv1beta%2Ffiles%23:generateContent",
  "gemini%2F..%2F..%2Ffiles:generateContent",
  "gemini-2.5-flash%3AbatchGenerateContent%23:generateContent",
  "a%252F..%252Ffiles:generateContent",
  "a%25:generateContent",
  "%2E%2E:generateContent",
  "a..b:generateContent",
  ".hidden:generateContent",
  "gemini-2.5-flash:generateContent%23",
  "gemini-2.5-flash:generateContent%3Fkey%3Dx",
  "gemini-2.5-flash:embedContent",
  "gemini-2.5-flash",
  ":generateContent",
  "gemini 2:generateContent",
  "tunedModels%2F..%2Ffiles:generateContent",
  "tunedModels%2Fa%2Fb:generateContent",
  "models%2Fgemini:generateContent",
  `${"a".repeat(129)}:generateContent`,
  "%E0%A4%A:generateContent",
];

describe("generate: the model segment is a name", () => {
  for (const version of ["v1beta", "v1"]) {
    for (const action of ["generateContent", "streamGenerateContent", "countTokens"]) {
      test(`${version} ${action}: every bad segment is a 404 in the family's shape, nothing upstream, even with the server's key`, async () => {
        for (const raw of BAD_SEGMENTS) {
          const segment = raw.replace(":generateContent", `:${action}`);
          const res = await post(`/${version}/models/${segment}${action === "streamGenerateContent" ? "?alt=sse" : ""}`);
          expect({ segment, status: res.status }).toEqual({ segment, status: 404 });
          expect(await res.json()).toMatchObject({ error: { code: 404, status: "NOT_FOUND" }, detail: { error: "not_found" } });
        }
        expect(fx.mock.received).toEqual([]);
      });
    }
  }

  test("a valid name goes upstream built from the name and the action alone; the query holds only alt=sse", async () => {
    const ok = await post("/v1beta/models/gemini-2.5-flash:generateContent?foo=bar&%24fields=x&key=caller", {});
    expect(ok.status).toBe(200);
    expect(fx.mock.last().path).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
    expect(fx.mock.last().query).toEqual({});
    expect(fx.mock.last().headers["x-goog-api-key"]).toBe("caller");
    const streamed = await post("/v1/models/gemini-2.5-flash:streamGenerateContent?alt=sse&upload_protocol=raw", { "x-goog-api-key": "k" });
    expect(streamed.status).toBe(200);
    await streamed.text();
    expect(fx.mock.last().path).toBe("/v1/models/gemini-2.5-flash:streamGenerateContent");
    expect(fx.mock.last().query).toEqual({ alt: "sse" });
    // One percent-decoding: an encoded name character is that character.
    expect((await post("/v1beta/models/gemini%2D2.5-flash:generateContent", { "x-goog-api-key": "k" })).status).toBe(200);
    expect(fx.mock.last().path).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
  });

  test("a tuned model, by its own route or encoded under models/, goes to tunedModels/{name}", async () => {
    expect((await post("/v1beta/tunedModels/my-tuned-1:generateContent", { "x-goog-api-key": "k" })).status).toBe(200);
    expect(fx.mock.last().path).toBe("/v1beta/tunedModels/my-tuned-1:generateContent");
    expect((await post("/v1beta/models/tunedModels%2Fmy-tuned-2:countTokens", { "x-goog-api-key": "k" })).status).toBe(200);
    expect(fx.mock.last().path).toBe("/v1beta/tunedModels/my-tuned-2:countTokens");
  });

  test("@google/genai: a model name that is a path is refused before the upstream, whole and streamed", async () => {
    const genai = new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: fx.server.url } });
    // (The SDK itself refuses names with `/` or `..`; these it sends.)
    for (const model of ["gemini-2.5-flash:batchGenerateContent#", "gemini:countTokens"]) {
      const whole = await genai.models.generateContent({ model, contents: "hi" }).catch((e: unknown) => e);
      const streamed = await genai.models.generateContentStream({ model, contents: "hi" }).catch((e: unknown) => e);
      expect({ model, whole: (whole as { status?: number }).status, streamed: (streamed as { status?: number }).status }).toEqual({ model, whole: 404, streamed: 404 });
    }
    expect(fx.mock.received).toEqual([]);
  });
});

describe("other places a caller's string reaches an upstream URL", () => {
  test("a hosted deployment named in the body or the path is one path segment", async () => {
    const azure = new AzureOpenAI({ baseURL: `${fx.server.url}/hosted`, apiKey: "k", apiVersion: "2024-10-21", maxRetries: 0 });
    for (const model of ["../responses", "a/b", "x?api-version=1", "x#", "a b", "a%2F.."]) {
      const error = (await azure.chat.completions.create({ model, messages: [{ role: "user", content: "hi" }] }).catch((e: unknown) => e)) as { status?: number };
      expect({ model, status: error.status }).toEqual({ model, status: 422 });
    }
    // The SDK refuses `.` and `..` itself; sent raw, they are refused too.
    for (const model of ["..", "."]) {
      const res = await fetch(`${fx.server.url}/openai/deployments/x/chat/completions`, { method: "POST", headers: { "content-type": "application/json", "api-key": "k" }, body: JSON.stringify({ model, messages: [{ role: "user", content: "hi" }] }) });
      expect({ model, status: res.status }).toEqual({ model, status: 422 });
    }
    for (const deployment of ["..%2Fresponses", "a%3Fb", "a%23"]) {
      const res = await fetch(`${fx.server.url}/hosted/deployments/${deployment}/chat/completions`, { method: "POST", headers: { "content-type": "application/json", "api-key": "k" }, body: JSON.stringify({ messages: [{ role: "user", content: "hi" }] }) });
      expect({ deployment, status: res.status }).toEqual({ deployment, status: 422 });
    }
    expect(fx.mock.received).toEqual([]);
    const good = await azure.chat.completions.create({ model: "gpt-4o.mini_2", messages: [{ role: "user", content: "hi" }] });
    expect(good.choices.length).toBe(1);
    expect(fx.mock.last().path).toBe("/openai/deployments/gpt-4o.mini_2/chat/completions");
  });

  test("a key given in the query becomes a header value only when it is one", async () => {
    for (const key of ["a%0d%0aX-Evil:%201", "a%00b", "a%20b", "%E2%80%A8"]) {
      const res = await post(`/v1beta/models/gemini-2.5-flash:generateContent?key=${key}`);
      expect({ key, status: res.status }).toEqual({ key, status: 422 });
      const listed = await fetch(`${fx.server.url}/v1beta/models?key=${key}`);
      expect({ key, status: listed.status }).toEqual({ key, status: 422 });
    }
    expect(fx.mock.received).toEqual([]);
  });

  test("a catalogue's model id is a name and its paging values are paging values", async () => {
    for (const path of ["/v1beta/models/..%2Ffiles", "/v1beta/models/a%2F..%2F..%2Fv1beta%2Ffiles", "/v1beta/models/a%23", "/v1beta/models/a%3Fb%3Dc", "/v1/models/..%2FcachedContents"]) {
      const res = await fetch(fx.server.url + path, { headers: { "x-goog-api-key": "k" } });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    for (const query of ["pageSize=1%26key%3Dx", "pageToken=a%23b", "pageToken=%0d%0a"]) {
      const res = await fetch(`${fx.server.url}/v1beta/models?${query}`, { headers: { "x-goog-api-key": "k" } });
      expect({ query, status: res.status }).toEqual({ query, status: 422 });
    }
    for (const id of ["..%2Fv1%2Fmessages", "claude%3Fx"]) {
      const res = await fetch(`${fx.server.url}/v1/models/${id}`, { headers: { "anthropic-version": "2023-06-01", "x-api-key": "k" } });
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
    }
    expect(fx.mock.received).toEqual([]);
    const listed = await fetch(`${fx.server.url}/v1beta/models?pageSize=2&pageToken=abc_-=`, { headers: { "x-goog-api-key": "k" } });
    expect(listed.status).toBe(200);
    expect(fx.mock.last().query).toEqual({ pageSize: "2", pageToken: "abc_-=" });
  });
});
