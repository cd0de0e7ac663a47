/**
 * `generate`: a generateContent-style upstream (DECISIONS §13). `GENERATE_BASE_URL` (or an
 * entry's `base_url`) is the address before the API version; the proxy appends the version and
 * path the caller used. The key goes as `x-goog-api-key`: the caller's (its `x-goog-api-key`
 * header, else its `key` query parameter) replaces the server's `GENERATE_API_KEY`, and exactly
 * one key goes upstream. Requests are built here (no SDK is needed to build a URL and a header).
 */
import type { ClientSettings, CommonClientOptions, ProviderSpec, SdkClient } from "../../../upstream/provider.ts";
import { entryCommon, serverCommon, urlVariable, variable } from "../../../upstream/provider.ts";
import { ApiError } from "../../../errors/api-error.ts";
import { isKeyValue } from "../../names.ts";

/** The provider's public address, used when neither the entry nor the environment names one. */
export const PUBLIC_GENERATE_BASE_URL = "https://generativelanguage.googleapis.com";

/** The key header; the `key` query parameter is the other place callers put it. */
export const KEY_HEADER = "x-goog-api-key";

export const generate: ProviderSpec = {
  name: "generate",
  entryKeys: ["base_url", "api_key", "default_headers", "default_query", "timeout", "max_retries"],
  requestDefaults: false,
  servesJudges: false,
  readVariables: (env) => ({ baseUrl: urlVariable(env, "GENERATE_BASE_URL"), apiKey: variable(env, "GENERATE_API_KEY") }),
  entryClient: (p, _index, vars, server) => ({ provider: "generate", baseUrl: p.base_url ?? vars.baseUrl ?? PUBLIC_GENERATE_BASE_URL, apiKey: p.api_key ?? vars.apiKey, ...entryCommon(p, server) }),
  fallbackClient: (vars, server) => ({ provider: "generate", baseUrl: vars.baseUrl ?? PUBLIC_GENERATE_BASE_URL, apiKey: vars.apiKey, ...serverCommon(server) }),
  forwardCallerKey(inbound, out, serverKey, url) {
    const callerKey = inbound.get(KEY_HEADER) ?? queryKey(url);
    // A key from the query becomes a header value: it must be one (no controls, no line breaks).
    if (callerKey !== null && !isKeyValue(callerKey)) throw new ApiError(422, "validation_error", "the key query parameter is not an API key (visible ASCII characters only)");
    if (callerKey) out[KEY_HEADER] = callerKey;
    // Without a key of its own the caller sends none: nothing goes upstream in its place.
    else if (!serverKey) out[KEY_HEADER] = null;
  },
  buildClient: (settings, common) => Promise.resolve(generateClient(settings, common)),
  modelInPath: () => false,
};

function queryKey(url: string | undefined): string | null {
  if (url === undefined) return null;
  const q = url.indexOf("?");
  return q === -1 ? null : new URLSearchParams(url.slice(q + 1)).get("key");
}

/** The request builder the transport uses: the base URL and path, the default query, the key and default headers. */
function generateClient(settings: ClientSettings, common: CommonClientOptions): SdkClient {
  const base = settings.baseUrl.replace(/\/+$/, "");
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json", ...common.defaultHeaders };
  if (settings.apiKey !== undefined) headers[KEY_HEADER] = settings.apiKey;
  return {
    timeout: common.timeout ?? 600_000,
    maxRetries: common.maxRetries ?? 2,
    async buildRequest({ path }) {
      const url = new URL(base + path);
      for (const [name, value] of Object.entries(common.defaultQuery)) url.searchParams.set(name, value);
      return { url: url.toString(), req: { headers } };
    },
  };
}
