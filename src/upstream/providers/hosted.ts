/**
 * `hosted`: a cloud-hosted deployment-style upstream (the `AzureOpenAI` client): the deployment
 * in the URL path, `api-version` in the query, the key as `api-key` (or an Entra ID bearer).
 */
import { RouteConfigError } from "../route-error.ts";
import type { ProviderSpec, SdkClient } from "./provider.ts";
import { entryCommon, serverCommon } from "./provider.ts";

/** The hosted API version used when neither the entry nor HOSTED_API_VERSION sets one. */
export const DEFAULT_HOSTED_API_VERSION = "2024-10-21";

export const hosted: ProviderSpec<"hosted"> = {
  name: "hosted",
  entryClient(p, index, env, defaults) {
    const endpoint = env.hostedEndpoint ?? p.hosted_endpoint;
    if (!endpoint) throw new RouteConfigError(`[${index}].parameters.hosted_endpoint: required for provider 'hosted' (or set HOSTED_ENDPOINT)`);
    return {
      provider: "hosted",
      baseUrl: endpoint,
      apiKey: env.hostedApiKey ?? p.api_key ?? env.compatApiKey,
      deployment: env.hostedDeployment ?? p.hosted_deployment,
      apiVersion: env.hostedApiVersion ?? p.api_version ?? DEFAULT_HOSTED_API_VERSION,
      ...entryCommon(p, env, defaults),
    };
  },
  fallbackClient: (env, defaults) =>
    env.hostedEndpoint === undefined
      ? undefined
      : {
          provider: "hosted",
          baseUrl: env.hostedEndpoint,
          apiKey: env.hostedApiKey ?? env.compatApiKey,
          deployment: env.hostedDeployment,
          apiVersion: env.hostedApiVersion ?? DEFAULT_HOSTED_API_VERSION,
          ...serverCommon(env, defaults),
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
  buildClient: (sdk, settings, common) =>
    new sdk.AzureOpenAI({
      ...common,
      // What the client derives from `endpoint`; given as baseURL so OPENAI_BASE_URL is never read.
      baseURL: `${settings.baseUrl.replace(/\/+$/, "")}/openai`,
      apiVersion: settings.apiVersion,
      deployment: settings.deployment,
      organization: null,
      project: null,
      webhookSecret: null,
    }) as SdkClient,
  // Only an Azure client without a fixed deployment puts the model in the path.
  modelInPath: (settings) => settings.deployment === undefined,
};
