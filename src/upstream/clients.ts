/**
 * The official SDK clients, one per distinct upstream configuration, built on first use and
 * reused: `openai` for `compat`, its `AzureOpenAI` for `hosted`, `@anthropic-ai/sdk` for
 * `messages`. The clients do what they are good at (base URLs, the Azure deployment path and
 * `api-version`, auth headers, retries, timeouts); the proxy takes their raw `Response`, so
 * bodies and streams are forwarded without being re-parsed and re-serialised.
 *
 * Every option the SDKs would otherwise read from `process.env` (OPENAI_API_KEY,
 * ANTHROPIC_BASE_URL, ...) is passed explicitly: `settings.ts` stays the one place that reads
 * the environment, and a stray variable cannot redirect traffic.
 */
import Anthropic from "@anthropic-ai/sdk";
import OpenAI, { AzureOpenAI } from "openai";
import type { ClientSettings, UpstreamRoute } from "./routes.ts";

/** One upstream request, in the terms both SDKs share. */
export interface RawRequest {
  readonly method: "get" | "post";
  readonly path: string;
  readonly body?: Record<string, unknown>;
  readonly stream?: boolean;
  /** Per-request headers; null removes a header the client would add. */
  readonly headers?: Readonly<Record<string, string | null>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

export type RawCall = (request: RawRequest) => Promise<Response>;

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

export function rawErrorBody(headers: Headers | undefined): string | undefined {
  return headers ? errorBodies.get(headers) : undefined;
}

const keepingErrorBodies = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await fetch(input, init);
  if (response.ok) return response;
  const text = await response.text();
  const copy = new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  errorBodies.set(copy.headers, text);
  return copy;
};

export class ClientCache {
  private readonly calls = new Map<string, RawCall>();

  /** The call function of the route's client, built on first use. */
  callFor(route: UpstreamRoute): RawCall {
    let call = this.calls.get(route.clientKey);
    if (!call) {
      call = buildCall(route.client);
      this.calls.set(route.clientKey, call);
    }
    return call;
  }

  get size(): number {
    return this.calls.size;
  }
}

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

function buildCall(settings: ClientSettings): RawCall {
  const client = buildClient(settings);
  return (request) => {
    const opts: SdkRequestOptions = { signal: request.signal };
    if (request.body !== undefined) opts.body = request.body;
    if (request.stream) opts.stream = true;
    if (request.headers) opts.headers = { ...request.headers };
    if (request.query) opts.query = { ...request.query };
    return client[request.method](request.path, opts).asResponse();
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
