/**
 * The official SDK clients: `openai` for `compat`, its `AzureOpenAI` for `hosted`,
 * `@anthropic-ai/sdk` for `messages`. This module is loaded on the first upstream call, not at
 * start-up: the SDKs cost about 25 ms and 8 MB to load, which a server used only for its guard
 * endpoints never needs to pay.
 *
 * The clients do what they are good at (base URLs, the Azure deployment path and
 * `api-version`, auth headers, retries, timeouts); the proxy takes their raw `Response`, so
 * bodies and streams are forwarded without being re-parsed and re-serialised. Their exceptions
 * are turned into the proxy's own errors here, so no other module needs to know the SDKs.
 *
 * Every option the SDKs would otherwise read from `process.env` (OPENAI_API_KEY,
 * ANTHROPIC_BASE_URL, ...) is passed explicitly: `settings.ts` stays the one place that reads
 * the environment, and a stray variable cannot redirect traffic.
 */
import Anthropic from "@anthropic-ai/sdk";
import OpenAI, { AzureOpenAI } from "openai";
import { ApiError } from "../http/errors.ts";
import type { RawCall } from "./clients.ts";
import { CallerGoneError, UpstreamStatusError } from "./errors.ts";
import type { ClientSettings } from "./routes.ts";

/**
 * Placeholder key for clients whose key comes from the caller: the SDKs refuse to build
 * without one, and each request replaces or removes the header it produces.
 */
export const CALLER_KEY_PLACEHOLDER = "caller-supplied-key";

/**
 * Upstream error bodies, exactly as received. The SDKs parse an error body into an exception;
 * the proxy relays the original, so this fetch keeps it, keyed by the response's `Headers`,
 * which the SDK's exception carries.
 */
const errorBodies = new WeakMap<Headers, string>();

const keepingErrorBodies = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await fetch(input, init);
  if (response.ok) return response;
  const text = await response.text();
  const copy = new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  errorBodies.set(copy.headers, text);
  return copy;
};

interface SdkRequestOptions {
  body?: unknown;
  stream?: boolean;
  headers?: Record<string, string | null>;
  query?: Record<string, string>;
  signal?: AbortSignal;
}

interface SdkClient {
  post(path: string, opts: SdkRequestOptions): { asResponse(): Promise<Response> };
  get(path: string, opts: SdkRequestOptions): { asResponse(): Promise<Response> };
}

export function buildCall(settings: ClientSettings): RawCall {
  const client = buildClient(settings);
  return async (request) => {
    const opts: SdkRequestOptions = { signal: request.signal };
    if (request.body !== undefined) opts.body = request.body;
    if (request.stream) opts.stream = true;
    if (request.headers) opts.headers = { ...request.headers };
    if (request.query) opts.query = { ...request.query };
    try {
      return await client[request.method](request.path, opts).asResponse();
    } catch (e) {
      throw upstreamError(e);
    }
  };
}

function buildClient(settings: ClientSettings): SdkClient {
  const common = {
    apiKey: settings.apiKey ?? CALLER_KEY_PLACEHOLDER,
    defaultHeaders: { ...settings.defaultHeaders },
    defaultQuery: { ...settings.defaultQuery },
    ...(settings.timeoutMs === undefined ? {} : { timeout: settings.timeoutMs }),
    ...(settings.maxRetries === undefined ? {} : { maxRetries: settings.maxRetries }),
    fetch: keepingErrorBodies,
    logLevel: "off" as const,
  };
  switch (settings.provider) {
    case "compat":
      return new OpenAI({ ...common, baseURL: settings.baseUrl, organization: null, project: null, adminAPIKey: null, webhookSecret: null }) as unknown as SdkClient;
    case "hosted":
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
    case "messages":
      return new Anthropic({ ...common, baseURL: settings.baseUrl, authToken: null, webhookKey: null }) as unknown as SdkClient;
  }
}

/**
 * What a failed call means for our caller (DECISIONS §5): an HTTP error is relayed with its
 * status and body; unreachable is 502; timed out is 504; a cancelled call means our caller
 * went away. Each SDK throws its own exception family; both are recognised.
 */
function upstreamError(e: unknown): Error {
  if (e instanceof OpenAI.APIUserAbortError || e instanceof Anthropic.APIUserAbortError) return new CallerGoneError("the caller went away");
  if (e instanceof OpenAI.APIConnectionTimeoutError || e instanceof Anthropic.APIConnectionTimeoutError) {
    return new ApiError(504, "upstream_timeout", "the upstream did not answer in time");
  }
  if (e instanceof OpenAI.APIConnectionError || e instanceof Anthropic.APIConnectionError) {
    return new ApiError(502, "upstream_unreachable", "the upstream could not be reached");
  }
  if ((e instanceof OpenAI.APIError || e instanceof Anthropic.APIError) && typeof e.status === "number" && e.headers instanceof Headers) {
    const body = errorBodies.get(e.headers) ?? JSON.stringify({ error: e.error ?? { message: e.message } });
    return new UpstreamStatusError(e.status, body, e.headers);
  }
  return e instanceof Error ? e : new Error(String(e));
}
