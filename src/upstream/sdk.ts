/**
 * The official SDK clients: `openai` for `compat`, its `AzureOpenAI` for `hosted`,
 * `@anthropic-ai/sdk` for `messages`, one per distinct upstream configuration. Each client
 * builds the request templates of its upstream: the URL (base URL, the Azure deployment path
 * and `api-version`, default query) and the headers (the key in the provider's own scheme,
 * `anthropic-version`, default headers, the SDK's identification). A template is built once per
 * path (and, for Azure without a fixed deployment, per model); `transport.ts` sends requests
 * from it with the SDKs' timeout and retry rules.
 *
 * This module is loaded on the first upstream call, not at start-up: the SDKs cost about 25 ms
 * and 8 MB to load, which a server used only for its guard endpoints never needs to pay.
 *
 * Every option the SDKs would otherwise read from `process.env` (OPENAI_API_KEY,
 * ANTHROPIC_BASE_URL, ...) is passed explicitly: `settings.ts` stays the one place that reads
 * the environment, and a stray variable cannot redirect traffic.
 */
import Anthropic from "@anthropic-ai/sdk";
import OpenAI, { AzureOpenAI } from "openai";
import type { RawCall } from "./clients.ts";
import { PROVIDERS_BY_NAME } from "./providers/index.ts";
import type { SdkClient, SdkModules } from "./providers/provider.ts";
import type { ClientSettings } from "./routes.ts";
import { send, type RequestTemplate, type TransportLimits } from "./transport.ts";

/**
 * Placeholder key for clients whose key comes from the caller: the SDKs refuse to build
 * without one, and each request replaces or removes the header it produces.
 */
export const CALLER_KEY_PLACEHOLDER = "caller-supplied-key";

/** Models seen on one Azure client without a fixed deployment; beyond it, templates are rebuilt. */
const MAX_TEMPLATES = 256;


export function buildCall(settings: ClientSettings): RawCall {
  const client = buildClient(settings);
  const limits: TransportLimits = { timeoutMs: client.timeout, maxRetries: client.maxRetries };
  const modelInPath = PROVIDERS_BY_NAME[settings.provider].modelInPath(settings);
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

const SDK: SdkModules = { OpenAI: OpenAI as unknown as SdkModules["OpenAI"], AzureOpenAI: AzureOpenAI as unknown as SdkModules["AzureOpenAI"], Anthropic: Anthropic as unknown as SdkModules["Anthropic"] };

function buildClient(settings: ClientSettings): SdkClient {
  const common = {
    apiKey: settings.apiKey ?? CALLER_KEY_PLACEHOLDER,
    defaultHeaders: { ...settings.defaultHeaders },
    defaultQuery: { ...settings.defaultQuery },
    ...(settings.timeoutMs === undefined ? {} : { timeout: settings.timeoutMs }),
    ...(settings.maxRetries === undefined ? {} : { maxRetries: settings.maxRetries }),
    logLevel: "off" as const,
  };
  return PROVIDERS_BY_NAME[settings.provider].buildClient(SDK, settings, common);
}
