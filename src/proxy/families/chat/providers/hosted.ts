/**
 * `hosted`: a cloud-hosted deployment-style upstream (the `AzureOpenAI` client): the deployment
 * in the URL path, `api-version` in the query, the key as `api-key` (or an Entra ID bearer).
 */
import { RouteConfigError } from "../../../../upstream/route-error.ts";
import type { ProviderSpec, SdkClient } from "../../../../upstream/provider.ts";
import { entryCommon, serverCommon, urlVariable, variable } from "../../../../upstream/provider.ts";

/** The hosted API version used when neither the entry nor HOSTED_API_VERSION sets one. */
export const DEFAULT_HOSTED_API_VERSION = "2024-10-21";

export const hosted: ProviderSpec = {
  name: "hosted",
  entryKeys: ["api_key", "default_headers", "default_query", "timeout", "max_retries", "hosted_endpoint", "hosted_deployment", "api_version"],
  requestDefaults: true,
  servesJudges: true,
  readVariables: (env) => ({
    endpoint: urlVariable(env, "HOSTED_ENDPOINT"),
    apiKey: variable(env, "HOSTED_API_KEY"),
    deployment: variable(env, "HOSTED_DEPLOYMENT"),
    apiVersion: variable(env, "HOSTED_API_VERSION"),
    // A hosted upstream without a key of its own takes the compat key (SPEC "Environment").
    compatApiKey: variable(env, "COMPAT_API_KEY"),
  }),
  entryClient(p, index, vars, server) {
    const endpoint = vars.endpoint ?? p.hosted_endpoint;
    if (!endpoint) throw new RouteConfigError(`[${index}].parameters.hosted_endpoint: required for provider 'hosted' (or set HOSTED_ENDPOINT)`);
    return {
      provider: "hosted",
      baseUrl: endpoint,
      apiKey: vars.apiKey ?? p.api_key ?? vars.compatApiKey,
      deployment: vars.deployment ?? p.hosted_deployment,
      apiVersion: vars.apiVersion ?? p.api_version ?? DEFAULT_HOSTED_API_VERSION,
      ...entryCommon(p, server),
    };
  },
  fallbackClient: (vars, server) =>
    vars.endpoint === undefined
      ? undefined
      : {
          provider: "hosted",
          baseUrl: vars.endpoint,
          apiKey: vars.apiKey ?? vars.compatApiKey,
          deployment: vars.deployment,
          apiVersion: vars.apiVersion ?? DEFAULT_HOSTED_API_VERSION,
          ...serverCommon(server),
        },
  forwardCallerKey(inbound, out, serverKey) {
    if (serverKey) {
      delete out.authorization;
      delete out["api-key"];
    } else {
      // Azure callers send `api-key`; Entra ID callers send a bearer token.
      out["api-key"] = inbound.get("api-key");
      out.authorization = inbound.get("authorization");
    }
  },
  async buildClient(settings, common) {
    const { AzureOpenAI } = await import("openai");
    return new AzureOpenAI({
      ...common,
      // What the client derives from `endpoint`; given as baseURL so OPENAI_BASE_URL is never read.
      baseURL: `${settings.baseUrl.replace(/\/+$/, "")}/openai`,
      apiVersion: settings.apiVersion,
      deployment: settings.deployment,
      organization: null,
      project: null,
      webhookSecret: null,
    }) as unknown as SdkClient;
  },
  // Only an Azure client without a fixed deployment puts the model in the path.
  modelInPath: (settings) => settings.deployment === undefined,
};
