/** `compat`: a chat-completions-style upstream (the `openai` client), keyed by `Authorization: Bearer`. */
import type { ProviderSpec, SdkClient } from "./provider.ts";
import { entryCommon, serverCommon } from "./provider.ts";

/** The provider's public address, used when neither the entry nor the environment names one. */
export const PUBLIC_COMPAT_BASE_URL = "https://api.openai.com/v1";

export const compat: ProviderSpec<"compat"> = {
  name: "compat",
  entryClient: (p, _index, env, defaults) => ({ provider: "compat", baseUrl: p.base_url ?? env.compatBaseUrl ?? PUBLIC_COMPAT_BASE_URL, apiKey: p.api_key ?? env.compatApiKey, ...entryCommon(p, env, defaults) }),
  fallbackClient: (env, defaults) => ({ provider: "compat", baseUrl: env.compatBaseUrl ?? PUBLIC_COMPAT_BASE_URL, apiKey: env.compatApiKey, ...serverCommon(env, defaults) }),
  forwardCallerKey(inbound, out, serverKey) {
    // A key configured on the server wins (DECISIONS §5); else the caller's is forwarded as-is.
    if (serverKey) delete out.authorization;
    else out.authorization = inbound.get("authorization");
  },
  buildClient: (sdk, settings, common) => new sdk.OpenAI({ ...common, baseURL: settings.baseUrl, organization: null, project: null, adminAPIKey: null, webhookSecret: null }) as SdkClient,
  modelInPath: () => false,
};
