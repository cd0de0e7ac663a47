/**
 * The hosted deployment route with the official AzureOpenAI client as the caller, and hosted
 * upstreams (the Azure deployments path with `api-key` and `api-version`) behind the proxy.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import OpenAI, { AzureOpenAI } from "openai";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const POLICIES = {
  "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
  "kw-out.json": policy({ output: [{ name: "Keywords", config: { keywords: ["forbidden"] } }] }),
};

describe("AzureOpenAI client against /hosted/deployments/{deployment}/chat/completions", () => {
  let fx: ProxyFixture;
  let azure: AzureOpenAI;
  beforeAll(async () => {
    fx = await startProxyFixture({ defaultConfig: "mask", policies: POLICIES, env: { HOSTED_ENDPOINT: "$MOCK", HOSTED_API_VERSION: "2025-01-01-preview" } });
    azure = new AzureOpenAI({ baseURL: `${fx.server.url}/hosted`, apiKey: "azure-caller-key", apiVersion: "2024-10-21", deployment: "gpt4o-deploy", maxRetries: 0 });
  });
  afterAll(() => fx.stop());
  beforeEach(() => fx.mock.reset());

  test("the request reaches the Azure deployments path with api-version and the caller's api-key, masked", async () => {
    const res = await azure.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "I am kim@example.com" }] });
    expect(res.choices[0]!.message.content).toBe("Hello! How can I help you today?");
    const sent = fx.mock.last();
    expect(sent.path).toBe("/openai/deployments/gpt-4o/chat/completions");
    expect(sent.query["api-version"]).toBe("2025-01-01-preview");
    expect(sent.headers["api-key"]).toBe("azure-caller-key");
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body!.messages).toEqual([{ role: "user", content: "I am <EMAIL_ADDRESS>" }]);
  });

  test("without a body model the path's deployment is the model", async () => {
    const res = await fetch(`${fx.server.url}/hosted/deployments/my-deploy/chat/completions?api-version=2024-10-21`, {
      method: "POST",
      headers: { "content-type": "application/json", "api-key": "k" },
      body: JSON.stringify({ messages: [{ role: "user", content: "hi" }] }),
    });
    expect(res.status).toBe(200);
    expect(fx.mock.last().path).toBe("/openai/deployments/my-deploy/chat/completions");
    expect(fx.mock.last().body!.model).toBe("my-deploy");
  });

  test("an AzureOpenAI client configured with `endpoint` reaches the same route under /openai", async () => {
    const viaEndpoint = new AzureOpenAI({ endpoint: fx.server.url, apiKey: "azure-caller-key", apiVersion: "2024-10-21", maxRetries: 0 });
    const res = await viaEndpoint.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] });
    expect(res.choices[0]!.message.content).toBe("Hello! How can I help you today?");
    expect(fx.mock.last().path).toBe("/openai/deployments/gpt-4o/chat/completions");
  });

  test("streaming through the hosted route, with a mid-stream block", async () => {
    fx.mock.behave({ text: Array.from({ length: 25 }, (_, i) => (i === 3 ? "forbidden" : `w${i}`)).join(" ") });
    const stream = await azure.chat.completions.create({
      model: "gpt-4o",
      stream: true,
      messages: [{ role: "user", content: "hi" }],
      ...({ guardrails: { config_id: "kw-out" } } as object),
    });
    const finishes: string[] = [];
    for await (const chunk of stream) if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
    expect(finishes).toEqual(["content_filter"]);
  });
});

describe("hosted models from the models config", () => {
  let fx: ProxyFixture;
  beforeAll(async () => {
    fx = await startProxyFixture({
      defaultConfig: "mask",
      policies: POLICIES,
      models: [
        {
          name: "team-gpt",
          provider: "hosted",
          model: "gpt-4o-2024-08-06",
          parameters: {
            hosted_endpoint: "$MOCK",
            hosted_deployment: "prod-deploy",
            api_key: "entry-key",
            api_version: "2024-06-01",
            default_headers: { "x-team": "search" },
            seed: 42,
          },
        },
        { name: "keyless", provider: "hosted", parameters: { hosted_endpoint: "$MOCK" } },
      ],
      env: { HOSTED_API_KEY: "hosted-env-key" },
    });
  });
  afterAll(() => fx.stop());
  beforeEach(() => fx.mock.reset());

  test("the entry's deployment, version, headers and defaults apply; HOSTED_API_KEY overrides its key", async () => {
    const client = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "placeholder", maxRetries: 0 });
    await client.chat.completions.create({ model: "team-gpt", messages: [{ role: "user", content: "hi" }] });
    const sent = fx.mock.last();
    expect(sent.path).toBe("/openai/deployments/prod-deploy/chat/completions");
    expect(sent.query["api-version"]).toBe("2024-06-01");
    expect(sent.headers["api-key"]).toBe("hosted-env-key");
    expect(sent.headers["x-team"]).toBe("search");
    expect(sent.body).toMatchObject({ model: "gpt-4o-2024-08-06", seed: 42 });
  });

  test("a per-request default never overrides what the caller sent", async () => {
    await fx.server.post("/v1/chat/completions", { model: "team-gpt", seed: 1, messages: [{ role: "user", content: "hi" }] });
    expect(fx.mock.last().body!.seed).toBe(1);
  });

  test("responses go to the hosted responses path", async () => {
    const client = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "placeholder", maxRetries: 0 });
    const res = await client.responses.create({ model: "keyless", input: "hello" });
    expect(res.output_text).toBe("Hello! How can I help you today?");
    expect(fx.mock.last().path).toBe("/openai/responses");
    expect(fx.mock.last().query["api-version"]).toBe("2024-10-21");
  });
});
