/**
 * Upstream selection and parameter precedence (SPEC "Endpoints" rules 5 and 6, DECISIONS §5),
 * on the router the server builds at start-up. The proxy tests show the same rules end to end.
 */
import { describe, expect, test } from "bun:test";
import { parseModelsConfig, type ModelEntry } from "../../src/upstream/models-config.ts";
import { ClientCache } from "../../src/upstream/clients.ts";
import { PUBLIC_COMPAT_BASE_URL } from "../../src/upstream/providers/compat.ts";
import { PUBLIC_MESSAGES_BASE_URL } from "../../src/upstream/providers/messages.ts";
import { RouteConfigError } from "../../src/upstream/route-error.ts";
import { UpstreamRouter } from "../../src/upstream/routes.ts";
import type { UpstreamSettings } from "../../src/settings.ts";

function entries(doc: unknown[]): readonly ModelEntry[] {
  const parsed = parseModelsConfig(doc);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.entries;
}

function env(over: Partial<UpstreamSettings> = {}): UpstreamSettings {
  return { staticHeaders: {}, staticQuery: {}, forwardHeaders: [], forwardQueryParams: [], ...over };
}

describe("routing", () => {
  const router = new UpstreamRouter(
    entries([
      { name: "exact", parameters: { base_url: "http://exact.test/v1" } },
      { name: "fallback", default: true, parameters: { base_url: "http://default.test/v1" } },
    ]),
    env({ compatBaseUrl: "http://compat-env.test/v1" }),
  );

  test("an exact name wins, then the default entry", () => {
    expect(router.route("chat", "exact").client.baseUrl).toBe("http://exact.test/v1");
    expect(router.route("chat", "anything-else").client.baseUrl).toBe("http://default.test/v1");
    expect(router.route("chat", undefined).entryName).toBe("fallback");
  });

  test("without a default entry, an unmatched model falls through to the environment without error", () => {
    const plain = new UpstreamRouter(entries([{ name: "exact" }]), env({ compatBaseUrl: "http://compat-env.test/v1", compatApiKey: "sk-env" }));
    const route = plain.route("chat", "gpt-unknown");
    expect(route.entryName).toBeUndefined();
    expect(route.client).toMatchObject({ provider: "compat", baseUrl: "http://compat-env.test/v1", apiKey: "sk-env" });
    expect(new UpstreamRouter([], env()).route("chat", "m").client.baseUrl).toBe(PUBLIC_COMPAT_BASE_URL);
  });

  test("each family has its own fallback: messages, and hosted when HOSTED_ENDPOINT is set", () => {
    const r = new UpstreamRouter([], env({ messagesBaseUrl: "http://anthropic-env.test", messagesApiKey: "mk", hostedEndpoint: "https://res.openai.azure.test" }));
    expect(r.route("messages", "c").client).toMatchObject({ provider: "messages", baseUrl: "http://anthropic-env.test", apiKey: "mk" });
    expect(r.route("hosted-chat", "d").client).toMatchObject({ provider: "hosted", baseUrl: "https://res.openai.azure.test" });
    expect(r.route("chat", "d").client.provider).toBe("compat");
    expect(new UpstreamRouter([], env()).route("hosted-chat", "d").client.provider).toBe("compat");
    expect(new UpstreamRouter([], env()).route("messages", "c").client.baseUrl).toBe(PUBLIC_MESSAGES_BASE_URL);
  });

  test("the names listed by GET /v1/models leave out the default entry", () => {
    expect(router.names).toEqual(["exact"]);
  });
});

describe("precedence", () => {
  test("compat: the entry's base_url and api_key win over COMPAT_BASE_URL and COMPAT_API_KEY", () => {
    const r = new UpstreamRouter(
      entries([{ name: "a", parameters: { base_url: "http://entry.test/v1", api_key: "entry" } }, { name: "b" }]),
      env({ compatBaseUrl: "http://env.test/v1", compatApiKey: "env" }),
    );
    expect(r.route("chat", "a").client).toMatchObject({ baseUrl: "http://entry.test/v1", apiKey: "entry" });
    expect(r.route("chat", "b").client).toMatchObject({ baseUrl: "http://env.test/v1", apiKey: "env" });
  });

  test("hosted: HOSTED_* override the entry; the key falls back to the entry's, then COMPAT_API_KEY", () => {
    const doc = [{ name: "h", provider: "hosted", parameters: { hosted_endpoint: "https://entry.test", hosted_deployment: "dep", api_version: "2024-06-01", api_key: "entry" } }];
    const overridden = new UpstreamRouter(
      entries(doc),
      env({ hostedEndpoint: "https://env.test", hostedDeployment: "env-dep", hostedApiVersion: "2025-01-01", hostedApiKey: "env-key", compatApiKey: "compat" }),
    );
    expect(overridden.route("chat", "h").client).toMatchObject({ baseUrl: "https://env.test", deployment: "env-dep", apiVersion: "2025-01-01", apiKey: "env-key" });
    expect(new UpstreamRouter(entries(doc), env({ compatApiKey: "compat" })).route("chat", "h").client.apiKey).toBe("entry");
    const keyless = [{ name: "h", provider: "hosted", parameters: { hosted_endpoint: "https://entry.test" } }];
    expect(new UpstreamRouter(entries(keyless), env({ compatApiKey: "compat" })).route("chat", "h").client.apiKey).toBe("compat");
  });

  test("messages: the entry's base_url and api_key win; MESSAGES_* fill what the entry leaves unset", () => {
    const r = new UpstreamRouter(
      entries([
        { name: "full", provider: "messages", parameters: { base_url: "http://entry.test", api_key: "entry" } },
        { name: "bare", provider: "messages" },
      ]),
      env({ messagesBaseUrl: "http://env.test", messagesApiKey: "env" }),
    );
    expect(r.route("messages", "full").client).toMatchObject({ baseUrl: "http://entry.test", apiKey: "entry" });
    expect(r.route("messages", "bare").client).toMatchObject({ baseUrl: "http://env.test", apiKey: "env" });
  });

  test("static headers and query merge with the entry's, the entry winning a clash; seconds become milliseconds", () => {
    const r = new UpstreamRouter(
      entries([{ name: "a", parameters: { default_headers: { "x-team": "entry", "x-only-entry": "1" }, default_query: { q: "entry" }, timeout: 2.5, max_retries: 1 } }]),
      env({ staticHeaders: { "x-team": "env", "x-only-env": "1" }, staticQuery: { q: "env", r: "env" } }),
    );
    expect(r.route("chat", "a").client).toMatchObject({
      defaultHeaders: { "x-team": "entry", "x-only-entry": "1", "x-only-env": "1" },
      defaultQuery: { q: "entry", r: "env" },
      timeoutMs: 2500,
      maxRetries: 1,
    });
  });

  test("the model override and per-request defaults are kept apart from construction keys", () => {
    const route = new UpstreamRouter(entries([{ name: "a", model: "gpt-4o-2024-08-06", parameters: { api_key: "k", seed: 3, logit_bias: { "50256": -100 } } }]), env()).route("chat", "a");
    expect(route.modelOverride).toBe("gpt-4o-2024-08-06");
    expect(route.requestDefaults).toEqual({ seed: 3, logit_bias: { "50256": -100 } });
    expect(route.client).not.toHaveProperty("seed");
  });

  test("a hosted entry needs an endpoint from somewhere", () => {
    expect(() => new UpstreamRouter(entries([{ name: "h", provider: "hosted" }]), env())).toThrow(RouteConfigError);
    expect(() => new UpstreamRouter(entries([{ name: "h", provider: "hosted" }]), env({ hostedEndpoint: "https://env.test" }))).not.toThrow();
  });
});

describe("the messages catalogue for GET /v1/models", () => {
  test("a loopback MESSAGES_BASE_URL is not the target: the public address is", () => {
    expect(new UpstreamRouter([], env({ messagesBaseUrl: "http://127.0.0.1:8000" })).catalogueRoute().client.baseUrl).toBe(PUBLIC_MESSAGES_BASE_URL);
    expect(new UpstreamRouter([], env({ messagesBaseUrl: "http://localhost:8000" })).catalogueRoute().client.baseUrl).toBe(PUBLIC_MESSAGES_BASE_URL);
    expect(new UpstreamRouter([], env({ messagesBaseUrl: "https://gateway.internal" })).catalogueRoute().client.baseUrl).toBe("https://gateway.internal");
  });

  test("a messages entry of the models config is the target when there is one", () => {
    const r = new UpstreamRouter(entries([{ name: "c", provider: "messages", parameters: { base_url: "http://127.0.0.1:9999" } }]), env());
    expect(r.catalogueRoute().client.baseUrl).toBe("http://127.0.0.1:9999");
  });
});

describe("clients", () => {
  test("routes with the same upstream settings share one client", () => {
    const r = new UpstreamRouter(
      entries([
        { name: "a", parameters: { seed: 1 } },
        { name: "b", model: "other", parameters: { seed: 2 } },
        { name: "c", parameters: { timeout: 9 } },
      ]),
      env({ compatApiKey: "k" }),
    );
    const cache = new ClientCache();
    cache.callFor(r.route("chat", "a"));
    cache.callFor(r.route("chat", "b"));
    expect(cache.size).toBe(1);
    cache.callFor(r.route("chat", "c"));
    expect(cache.size).toBe(2);
  });
});
