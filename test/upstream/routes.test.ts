/**
 * Upstream selection and parameter precedence (SPEC "Endpoints" rules 5 and 6, DECISIONS §5),
 * on the router the server builds at start-up. The proxy tests show the same rules end to end.
 */
import { describe, expect, test } from "bun:test";
import { parseModelsConfig, type ModelEntry } from "../../src/upstream/models-config.ts";
import { ClientCache } from "../../src/upstream/clients.ts";
import { chatFamily } from "../../src/proxy/families/chat/index.ts";
import { PUBLIC_COMPAT_BASE_URL } from "../../src/proxy/families/chat/providers/compat.ts";
import { PROVIDERS } from "../../src/proxy/families/index.ts";
import { messagesFamily } from "../../src/proxy/families/messages/index.ts";
import { PUBLIC_MESSAGES_BASE_URL } from "../../src/proxy/families/messages/provider.ts";
import { providerRegistry, serverCommon, urlVariable, variable, type ProviderSpec } from "../../src/upstream/provider.ts";
import { RouteConfigError, VariableError } from "../../src/upstream/route-error.ts";
import { UpstreamRouter, type UpstreamChoice, type UpstreamDefaults } from "../../src/upstream/routes.ts";
import type { UpstreamSettings } from "../../src/settings.ts";

/** The upstream choices of the chat route, the hosted deployment route and the messages route. */
const [CHAT, HOSTED] = chatFamily.routes.map((r) => r.upstream) as [UpstreamChoice, UpstreamChoice];
const MESSAGES = messagesFamily.routes[0]!.upstream;

function entries(doc: unknown[]): readonly ModelEntry[] {
  const parsed = parseModelsConfig(doc, PROVIDERS);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.entries;
}

/** Upstream settings with the given provider variables (COMPAT_BASE_URL, ...) as the environment. */
function env(variables: Record<string, string> = {}, over: Partial<UpstreamSettings> = {}): UpstreamSettings {
  return { staticHeaders: {}, staticQuery: {}, forwardHeaders: [], forwardQueryParams: [], environment: variables, ...over };
}

function newRouter(list: readonly ModelEntry[], settings: UpstreamSettings, defaults: UpstreamDefaults = {}): UpstreamRouter {
  return new UpstreamRouter(list, settings, defaults, PROVIDERS);
}

describe("routing", () => {
  const router = newRouter(
    entries([
      { name: "exact", parameters: { base_url: "http://exact.test/v1" } },
      { name: "fallback", default: true, parameters: { base_url: "http://default.test/v1" } },
    ]),
    env({ COMPAT_BASE_URL: "http://compat-env.test/v1" }),
  );

  test("an exact name wins, then the default entry", () => {
    expect(router.route(CHAT, "exact").client.baseUrl).toBe("http://exact.test/v1");
    expect(router.route(CHAT, "anything-else").client.baseUrl).toBe("http://default.test/v1");
    expect(router.route(CHAT, undefined).entryName).toBe("fallback");
  });

  test("without a default entry, an unmatched model falls through to the environment without error", () => {
    const plain = newRouter(entries([{ name: "exact" }]), env({ COMPAT_BASE_URL: "http://compat-env.test/v1", COMPAT_API_KEY: "sk-env" }));
    const route = plain.route(CHAT, "gpt-unknown");
    expect(route.entryName).toBeUndefined();
    expect(route.client).toMatchObject({ provider: "compat", baseUrl: "http://compat-env.test/v1", apiKey: "sk-env" });
    expect(newRouter([], env()).route(CHAT, "m").client.baseUrl).toBe(PUBLIC_COMPAT_BASE_URL);
  });

  test("each family has its own fallback: messages, and hosted when HOSTED_ENDPOINT is set", () => {
    const r = newRouter([], env({ MESSAGES_BASE_URL: "http://anthropic-env.test", MESSAGES_API_KEY: "mk", HOSTED_ENDPOINT: "https://res.openai.azure.test" }));
    expect(r.route(MESSAGES, "c").client).toMatchObject({ provider: "messages", baseUrl: "http://anthropic-env.test", apiKey: "mk" });
    expect(r.route(HOSTED, "d").client).toMatchObject({ provider: "hosted", baseUrl: "https://res.openai.azure.test" });
    expect(r.route(CHAT, "d").client.provider).toBe("compat");
    expect(newRouter([], env()).route(HOSTED, "d").client.provider).toBe("compat");
    expect(newRouter([], env()).route(MESSAGES, "c").client.baseUrl).toBe(PUBLIC_MESSAGES_BASE_URL);
  });

  test("the names listed by GET /v1/models leave out the default entry", () => {
    expect(router.names).toEqual(["exact"]);
  });
});

describe("precedence", () => {
  test("compat: the entry's base_url and api_key win over COMPAT_BASE_URL and COMPAT_API_KEY", () => {
    const r = newRouter(
      entries([{ name: "a", parameters: { base_url: "http://entry.test/v1", api_key: "entry" } }, { name: "b" }]),
      env({ COMPAT_BASE_URL: "http://env.test/v1", COMPAT_API_KEY: "env" }),
    );
    expect(r.route(CHAT, "a").client).toMatchObject({ baseUrl: "http://entry.test/v1", apiKey: "entry" });
    expect(r.route(CHAT, "b").client).toMatchObject({ baseUrl: "http://env.test/v1", apiKey: "env" });
  });

  test("hosted: HOSTED_* override the entry; the key falls back to the entry's, then COMPAT_API_KEY", () => {
    const doc = [{ name: "h", provider: "hosted", parameters: { hosted_endpoint: "https://entry.test", hosted_deployment: "dep", api_version: "2024-06-01", api_key: "entry" } }];
    const overridden = newRouter(
      entries(doc),
      env({ HOSTED_ENDPOINT: "https://env.test", HOSTED_DEPLOYMENT: "env-dep", HOSTED_API_VERSION: "2025-01-01", HOSTED_API_KEY: "env-key", COMPAT_API_KEY: "compat" }),
    );
    expect(overridden.route(CHAT, "h").client).toMatchObject({ baseUrl: "https://env.test", deployment: "env-dep", apiVersion: "2025-01-01", apiKey: "env-key" });
    expect(newRouter(entries(doc), env({ COMPAT_API_KEY: "compat" })).route(CHAT, "h").client.apiKey).toBe("entry");
    const keyless = [{ name: "h", provider: "hosted", parameters: { hosted_endpoint: "https://entry.test" } }];
    expect(newRouter(entries(keyless), env({ COMPAT_API_KEY: "compat" })).route(CHAT, "h").client.apiKey).toBe("compat");
  });

  test("messages: the entry's base_url and api_key win; MESSAGES_* fill what the entry leaves unset", () => {
    const r = newRouter(
      entries([
        { name: "full", provider: "messages", parameters: { base_url: "http://entry.test", api_key: "entry" } },
        { name: "bare", provider: "messages" },
      ]),
      env({ MESSAGES_BASE_URL: "http://env.test", MESSAGES_API_KEY: "env" }),
    );
    expect(r.route(MESSAGES, "full").client).toMatchObject({ baseUrl: "http://entry.test", apiKey: "entry" });
    expect(r.route(MESSAGES, "bare").client).toMatchObject({ baseUrl: "http://env.test", apiKey: "env" });
  });

  test("static headers and query merge with the entry's, the entry winning a clash; seconds become milliseconds", () => {
    const r = newRouter(
      entries([{ name: "a", parameters: { default_headers: { "x-team": "entry", "x-only-entry": "1" }, default_query: { q: "entry" }, timeout: 2.5, max_retries: 1 } }]),
      env({}, { staticHeaders: { "x-team": "env", "x-only-env": "1" }, staticQuery: { q: "env", r: "env" } }),
    );
    expect(r.route(CHAT, "a").client).toMatchObject({
      defaultHeaders: { "x-team": "entry", "x-only-entry": "1", "x-only-env": "1" },
      defaultQuery: { q: "entry", r: "env" },
      timeoutMs: 2500,
      maxRetries: 1,
    });
  });

  test("the model override and per-request defaults are kept apart from construction keys", () => {
    const route = newRouter(entries([{ name: "a", model: "gpt-4o-2024-08-06", parameters: { api_key: "k", seed: 3, logit_bias: { "50256": -100 } } }]), env()).route(CHAT, "a");
    expect(route.modelOverride).toBe("gpt-4o-2024-08-06");
    expect(route.requestDefaults).toEqual({ seed: 3, logit_bias: { "50256": -100 } });
    expect(route.client).not.toHaveProperty("seed");
  });

  test("a hosted entry needs an endpoint from somewhere", () => {
    expect(() => newRouter(entries([{ name: "h", provider: "hosted" }]), env())).toThrow(RouteConfigError);
    expect(() => newRouter(entries([{ name: "h", provider: "hosted" }]), env({ HOSTED_ENDPOINT: "https://env.test" }))).not.toThrow();
  });
});

describe("the messages catalogue for GET /v1/models", () => {
  test("a loopback MESSAGES_BASE_URL is not the target: the public address is", () => {
    expect(newRouter([], env({ MESSAGES_BASE_URL: "http://127.0.0.1:8000" })).catalogueRoute("messages").client.baseUrl).toBe(PUBLIC_MESSAGES_BASE_URL);
    expect(newRouter([], env({ MESSAGES_BASE_URL: "http://localhost:8000" })).catalogueRoute("messages").client.baseUrl).toBe(PUBLIC_MESSAGES_BASE_URL);
    expect(newRouter([], env({ MESSAGES_BASE_URL: "https://gateway.internal" })).catalogueRoute("messages").client.baseUrl).toBe("https://gateway.internal");
  });

  test("a messages entry of the models config is the target when there is one", () => {
    const r = newRouter(entries([{ name: "c", provider: "messages", parameters: { base_url: "http://127.0.0.1:9999" } }]), env());
    expect(r.catalogueRoute("messages").client.baseUrl).toBe("http://127.0.0.1:9999");
  });
});

describe("clients", () => {
  test("routes with the same upstream settings share one client", () => {
    const r = newRouter(
      entries([
        { name: "a", parameters: { seed: 1 } },
        { name: "b", model: "other", parameters: { seed: 2 } },
        { name: "c", parameters: { timeout: 9 } },
      ]),
      env({ COMPAT_API_KEY: "k" }),
    );
    const cache = new ClientCache();
    cache.callFor(r.route(CHAT, "a"));
    cache.callFor(r.route(CHAT, "b"));
    expect(cache.size).toBe(1);
    cache.callFor(r.route(CHAT, "c"));
    expect(cache.size).toBe(2);
  });
});

describe("providers come from the families, not from upstream/", () => {
  /** A kind of upstream no file of src/ knows: what a new family's folder would bring. */
  const echo: ProviderSpec = {
    name: "echo",
    entryKeys: ["base_url", "api_key"],
    requestDefaults: false,
    servesJudges: false,
    readVariables: (environment) => ({ baseUrl: urlVariable(environment, "ECHO_BASE_URL"), apiKey: variable(environment, "ECHO_API_KEY") }),
    entryClient: (p, _i, vars, server) => ({ provider: "echo", baseUrl: p.base_url ?? vars.baseUrl ?? "https://echo.test", apiKey: p.api_key ?? vars.apiKey, ...serverCommon(server) }),
    fallbackClient: (vars, server) => (vars.baseUrl ? { provider: "echo", baseUrl: vars.baseUrl, apiKey: vars.apiKey, ...serverCommon(server) } : undefined),
    forwardCallerKey: () => {},
    buildClient: () => Promise.reject(new Error("not called")),
    modelInPath: () => false,
  };
  const providers = providerRegistry([...PROVIDERS.values(), echo]);
  const ECHO = { providers: ["echo"], fallbacks: ["echo", "compat"] };

  test("its entries are checked by its own keys, and its variables are read from the environment", () => {
    const parsed = parseModelsConfig([{ name: "e", provider: "echo", parameters: { base_url: "http://entry.test", timeout: 3 } }], providers);
    expect(parsed.ok ? [] : parsed.issues).toEqual([{ path: "[0].parameters.timeout", message: "does not apply to provider 'echo'" }]);
    const ok = parseModelsConfig([{ name: "e", provider: "echo", parameters: { base_url: "http://entry.test" } }], providers);
    if (!ok.ok) throw new Error("refused");
    const router = new UpstreamRouter(ok.entries, env({ ECHO_BASE_URL: "http://env.test", ECHO_API_KEY: "ek" }), {}, providers);
    expect(router.route(ECHO, "e").client).toMatchObject({ provider: "echo", baseUrl: "http://entry.test", apiKey: "ek" });
    expect(router.route(ECHO, "other").client).toMatchObject({ provider: "echo", baseUrl: "http://env.test" });
    // Unconfigured, the route's next fallback serves.
    expect(new UpstreamRouter([], env(), {}, providers).route(ECHO, "other").provider).toBe("compat");
    // Never a judge's upstream.
    expect(router.judgeRoute("e").provider).toBe("compat");
  });

  test("an unknown provider is refused with the names there are and the closest one", () => {
    const parsed = parseModelsConfig([{ name: "e", provider: "ecko" }], providers);
    expect(parsed.ok ? "" : parsed.issues[0]!.message).toBe("unknown provider 'ecko' (one of compat, hosted, messages, generate, echo); did you mean 'echo'?");
    expect(parseModelsConfig([{ name: "e", provider: "echo" }], PROVIDERS).ok).toBe(false);
  });

  test("a provider's variable that is not a URL stops the router, naming the variable only", () => {
    expect(() => new UpstreamRouter([], env({ ECHO_BASE_URL: "not a url sk-secret" }), {}, providers)).toThrow(new VariableError("ECHO_BASE_URL is not a valid URL"));
  });

  test("every family's providers are listed once", () => {
    expect([...PROVIDERS.keys()]).toEqual(["compat", "hosted", "messages", "generate"]);
  });
});
