/**
 * `messages`: a messages-style upstream (the `@anthropic-ai/sdk` client), keyed by `x-api-key`
 * (or a bearer token), with its version and beta headers always forwarded (SPEC Authentication
 * rule 2).
 */
import type { ProviderSpec, SdkClient } from "./provider.ts";
import { serverCommon } from "./provider.ts";

/** The provider's public address, used when neither the entry nor the environment names one. */
export const PUBLIC_MESSAGES_BASE_URL = "https://api.anthropic.com";

/** Headers `POST /v1/messages` always forwards when present (SPEC Authentication rule 2). */
const MESSAGES_HEADERS = ["x-api-key", "authorization", "messages-version", "messages-beta", "anthropic-version", "anthropic-beta"] as const;

export const messages: ProviderSpec<"messages"> = {
  name: "messages",
  // Only base_url and api_key apply to a messages entry (models-config.ts refuses the rest).
  entryClient: (p, _index, env, defaults) => ({ provider: "messages", baseUrl: p.base_url ?? env.messagesBaseUrl ?? PUBLIC_MESSAGES_BASE_URL, apiKey: p.api_key ?? env.messagesApiKey, ...serverCommon(env, defaults) }),
  fallbackClient: (env, defaults) => ({ provider: "messages", baseUrl: env.messagesBaseUrl ?? PUBLIC_MESSAGES_BASE_URL, apiKey: env.messagesApiKey, ...serverCommon(env, defaults) }),
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
  buildClient: (sdk, settings, common) => new sdk.Anthropic({ ...common, baseURL: settings.baseUrl, authToken: null, webhookKey: null }) as SdkClient,
  modelInPath: () => false,
};
