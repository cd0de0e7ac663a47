/** `compat`: a chat-completions-style upstream (the `openai` client), keyed by `Authorization: Bearer`. */
import type { ProviderSpec, SdkClient } from "../../../../upstream/provider.ts";
import { entryCommon, serverCommon, urlVariable, variable } from "../../../../upstream/provider.ts";

/** The provider's public address, used when neither the entry nor the environment names one. */
export const PUBLIC_COMPAT_BASE_URL = "https://api.openai.com/v1";

export const compat: ProviderSpec = {
  name: "compat",
  entryKeys: ["base_url", "api_key", "default_headers", "default_query", "timeout", "max_retries"],
  requestDefaults: true,
  servesJudges: true,
  readVariables: (env) => ({ baseUrl: urlVariable(env, "COMPAT_BASE_URL"), apiKey: variable(env, "COMPAT_API_KEY") }),
  entryClient: (p, _index, vars, server) => ({ provider: "compat", baseUrl: p.base_url ?? vars.baseUrl ?? PUBLIC_COMPAT_BASE_URL, apiKey: p.api_key ?? vars.apiKey, ...entryCommon(p, server) }),
  fallbackClient: (vars, server) => ({ provider: "compat", baseUrl: vars.baseUrl ?? PUBLIC_COMPAT_BASE_URL, apiKey: vars.apiKey, ...serverCommon(server) }),
  forwardCallerKey(inbound, out, serverKey) {
    // A key configured on the server wins (DECISIONS §5); else the caller's is forwarded as-is.
    if (serverKey) delete out.authorization;
    else out.authorization = inbound.get("authorization");
  },
  async buildClient(settings, common) {
    const { default: OpenAI } = await import("openai");
    return new OpenAI({ ...common, baseURL: settings.baseUrl, organization: null, project: null, adminAPIKey: null, webhookSecret: null }) as unknown as SdkClient;
  },
  modelInPath: () => false,
};
