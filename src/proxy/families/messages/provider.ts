/**
 * `messages`: a messages-style upstream (the `@anthropic-ai/sdk` client), keyed by `x-api-key`
 * (or a bearer token), with its version and beta headers always forwarded (SPEC Authentication
 * rule 2).
 */
import type { ProviderSpec, SdkClient } from "../../../upstream/provider.ts";
import { serverCommon, urlVariable, variable } from "../../../upstream/provider.ts";

/** The provider's public address, used when neither the entry nor the environment names one. */
export const PUBLIC_MESSAGES_BASE_URL = "https://api.anthropic.com";

/** Headers `POST /v1/messages` always forwards when present (SPEC Authentication rule 2). */
const MESSAGES_HEADERS = ["x-api-key", "authorization", "messages-version", "messages-beta", "anthropic-version", "anthropic-beta"] as const;

export const messages: ProviderSpec = {
  name: "messages",
  // SPEC: only base_url and api_key apply to a messages entry, and it takes no request defaults.
  entryKeys: ["base_url", "api_key"],
  requestDefaults: false,
  servesJudges: false,
  readVariables: (env) => ({ baseUrl: urlVariable(env, "MESSAGES_BASE_URL"), apiKey: variable(env, "MESSAGES_API_KEY") }),
  entryClient: (p, _index, vars, server) => ({ provider: "messages", baseUrl: p.base_url ?? vars.baseUrl ?? PUBLIC_MESSAGES_BASE_URL, apiKey: p.api_key ?? vars.apiKey, ...serverCommon(server) }),
  fallbackClient: (vars, server) => ({ provider: "messages", baseUrl: vars.baseUrl ?? PUBLIC_MESSAGES_BASE_URL, apiKey: vars.apiKey, ...serverCommon(server) }),
  // SPEC: a loopback MESSAGES_BASE_URL is not used as the catalogue's proxy target (it is most
  // likely this very service), so the provider's public address stands in.
  catalogueClient: (vars, server) => messages.fallbackClient({ ...vars, baseUrl: vars.baseUrl && isLoopback(vars.baseUrl) ? undefined : vars.baseUrl }, server),
  forwardCallerKey(inbound, out, serverKey) {
    for (const name of MESSAGES_HEADERS) {
      const value = inbound.get(name);
      if (value !== null) out[name] = value;
    }
    const callerKey = out["x-api-key"] !== undefined || out.authorization !== undefined;
    // The caller's key is used as sent, alone; without one, the server's key (or none).
    if (callerKey || !serverKey) {
      out["x-api-key"] ??= null;
      out.authorization ??= null;
    }
  },
  async buildClient(settings, common) {
    const { default: Anthropic } = await import("@anthropic-ai/sdk");
    return new Anthropic({ ...common, baseURL: settings.baseUrl, authToken: null, webhookKey: null }) as unknown as SdkClient;
  },
  modelInPath: () => false,
};

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host) || host === "0.0.0.0";
}
