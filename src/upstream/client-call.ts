/**
 * Upstream calls built from the official SDK clients (`openai` for `compat`, its `AzureOpenAI`
 * for `hosted`, `@anthropic-ai/sdk` for `messages`; each provider names its own), one per
 * distinct upstream configuration. Each client builds the request templates of its upstream:
 * the URL (base URL, the Azure deployment path and `api-version`, default query) and the
 * headers (the key in the provider's own scheme, `anthropic-version`, default headers, the SDK's
 * identification). A template is built once per path (and, for Azure without a fixed
 * deployment, per model); `transport.ts` sends requests from it with the SDKs' timeout and
 * retry rules.
 *
 * A provider loads its SDK on the first upstream call, not at start-up: the SDKs cost about
 * 25 ms and 8 MB to load, which a server used only for its guard endpoints never needs to pay.
 *
 * Every option the SDKs would otherwise read from `process.env` (OPENAI_API_KEY,
 * ANTHROPIC_BASE_URL, ...) is passed explicitly: the server's settings are the one source of
 * the environment, and a stray variable cannot redirect traffic.
 */
import type { RawCall } from "./clients.ts";
import type { ClientSettings, CommonClientOptions, ProviderSpec, SdkClient } from "./provider.ts";
import { send, type RequestTemplate, type TransportLimits } from "./transport.ts";

/**
 * Placeholder key for clients whose key comes from the caller: the SDKs refuse to build
 * without one, and each request replaces or removes the header it produces.
 */
export const CALLER_KEY_PLACEHOLDER = "caller-supplied-key";

/** Models seen on one Azure client without a fixed deployment; beyond it, templates are rebuilt. */
const MAX_TEMPLATES = 256;


export async function buildCall(spec: ProviderSpec, settings: ClientSettings): Promise<RawCall> {
  const client = await spec.buildClient(settings, commonOptions(settings));
  const limits: TransportLimits = { timeoutMs: client.timeout, maxRetries: client.maxRetries };
  const modelInPath = spec.modelInPath(settings);
  const templates = new Map<string, Promise<RequestTemplate>>();
  const templateFor = (method: "get" | "post", path: string, stream: boolean, model: string | undefined): Promise<RequestTemplate> => {
    const key = `${method} ${path} ${stream ? "s" : ""} ${modelInPath ? (model ?? "") : ""}`;
    let template = templates.get(key);
    if (!template) {
      if (templates.size >= MAX_TEMPLATES) templates.clear();
      template = buildTemplate(client, method, path, stream, modelInPath ? model : undefined);
      templates.set(key, template);
      template.catch(() => templates.delete(key));
    }
    return template;
  };
  return async (request) => {
    const model = typeof request.body?.model === "string" ? request.body.model : undefined;
    const template = await templateFor(request.method, request.path, request.stream === true, model);
    return send(template, request, limits);
  };
}

async function buildTemplate(client: SdkClient, method: "get" | "post", path: string, stream: boolean, model: string | undefined): Promise<RequestTemplate> {
  const body = method === "post" ? (model === undefined ? {} : { model }) : undefined;
  const built = await client.buildRequest({ method, path, body, ...(stream ? { stream: true } : {}) });
  const headers: Record<string, string> = {};
  const source = built.req.headers instanceof Headers ? built.req.headers : new Headers(built.req.headers);
  source.forEach((value, name) => {
    // The transport sets the body, so its length too. The SDKs' `x-stainless-*` telemetry
    // headers are left out: upstreams do not need them, and every header costs per request.
    if (name !== "content-length" && !name.startsWith("x-stainless-")) headers[name] = value;
  });
  return { url: built.url, headers };
}

function commonOptions(settings: ClientSettings): CommonClientOptions {
  return {
    apiKey: settings.apiKey ?? CALLER_KEY_PLACEHOLDER,
    defaultHeaders: { ...settings.defaultHeaders },
    defaultQuery: { ...settings.defaultQuery },
    ...(settings.timeoutMs === undefined ? {} : { timeout: settings.timeoutMs }),
    ...(settings.maxRetries === undefined ? {} : { maxRetries: settings.maxRetries }),
    logLevel: "off",
  };
}
