/**
 * What makes one kind of upstream what it is (as a gateway keeps a provider's `api.ts`): its
 * default address and key, how a models-config entry and the environment make its client, how a
 * caller's key and headers go to it, and the official SDK client that builds its requests.
 * `providers/index.ts` lists them; routing, sending and retrying are the same for all.
 */
import type { UpstreamSettings } from "../../settings.ts";
import type { ModelParameters } from "../models-config.ts";
import type { ClientSettings, UpstreamDefaults } from "../routes.ts";

/** The official client's request builder, as `sdk.ts` uses it. */
export interface SdkClient {
  readonly timeout: number;
  readonly maxRetries: number;
  buildRequest(options: { method: "get" | "post"; path: string; body?: unknown; stream?: boolean; headers?: Record<string, string> }): Promise<{ readonly url: string; readonly req: { readonly headers: Headers | Record<string, string> } }>;
}

/** The SDK modules a provider's client comes from, loaded with the first upstream call. */
export interface SdkModules {
  readonly OpenAI: new (options: Record<string, unknown>) => unknown;
  readonly AzureOpenAI: new (options: Record<string, unknown>) => unknown;
  readonly Anthropic: new (options: Record<string, unknown>) => unknown;
}

/** What every client shares: headers, query, timeout and retries. */
export type CommonClientSettings = Pick<ClientSettings, "defaultHeaders" | "defaultQuery" | "timeoutMs" | "maxRetries">;

/** An entry's shared settings: its own headers, query, timeout and retries over the server's. */
export function entryCommon(p: Readonly<ModelParameters>, env: UpstreamSettings, defaults: UpstreamDefaults): CommonClientSettings {
  return {
    defaultHeaders: { ...env.staticHeaders, ...p.default_headers },
    defaultQuery: { ...env.staticQuery, ...p.default_query },
    timeoutMs: p.timeout === undefined ? defaults.timeoutMs : Math.round(p.timeout * 1000),
    maxRetries: p.max_retries ?? defaults.maxRetries,
  };
}

/** The server's shared settings, for clients no entry configures. */
export function serverCommon(env: UpstreamSettings, defaults: UpstreamDefaults): CommonClientSettings {
  return { defaultHeaders: env.staticHeaders, defaultQuery: env.staticQuery, timeoutMs: defaults.timeoutMs, maxRetries: defaults.maxRetries };
}

export interface ProviderSpec<P extends ClientSettings["provider"] = ClientSettings["provider"]> {
  readonly name: P;
  /** A models-config entry's client (`index` names the entry in errors); throws `RouteConfigError`. */
  entryClient(p: Readonly<ModelParameters>, index: number, env: UpstreamSettings, defaults: UpstreamDefaults): ClientSettings;
  /** The client of requests no entry matches; undefined when the environment names none. */
  fallbackClient(env: UpstreamSettings, defaults: UpstreamDefaults): ClientSettings | undefined;
  /** The caller's key and headers for this upstream, onto `out` (null removes a client default). */
  forwardCallerKey(inbound: Headers, out: Record<string, string | null>, serverKey: boolean): void;
  /** The official client for `settings`; `common` holds what every client takes. */
  buildClient(sdk: SdkModules, settings: ClientSettings, common: Record<string, unknown>): SdkClient;
  /** Whether the model is part of the URL (a deployment path), so request templates are per model. */
  modelInPath(settings: ClientSettings): boolean;
}
