/**
 * What makes one kind of upstream what it is (as a gateway keeps a provider's `api.ts`): its
 * environment variables and default address, how a models-config entry and the environment make
 * its client, how a caller's key and headers go to it, and the official SDK client that builds
 * its requests. Each provider lives in the folder of the API family it serves
 * (`proxy/families/<family>/`); the families' index hands the list to the upstream layer at
 * start-up. Routing, sending and retrying are the same for all.
 */
import type { Environment, UpstreamSettings } from "../settings.ts";
import type { ModelParameters } from "./models-config.ts";
import { VariableError } from "./route-error.ts";

/** The models config's construction keys (SPEC "Model config entry"). */
export const CONSTRUCTION_KEYS = ["base_url", "api_key", "default_headers", "default_query", "timeout", "max_retries", "hosted_endpoint", "hosted_deployment", "api_version"] as const;
export type ConstructionKey = (typeof CONSTRUCTION_KEYS)[number];

/** Everything an upstream client is built from. Two routes with equal settings share a client. */
export interface ClientSettings {
  /** The provider's name (the models config's `provider`). */
  readonly provider: string;
  /** The base URL, or a hosted provider's resource endpoint. */
  readonly baseUrl: string;
  /** The key configured on the server; absent means the caller's key is forwarded. */
  readonly apiKey?: string;
  readonly deployment?: string;
  readonly apiVersion?: string;
  readonly defaultHeaders: Readonly<Record<string, string>>;
  readonly defaultQuery: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
}

/** Global timeouts for every upstream call, beyond the spec (docs/cli.md). */
export interface UpstreamDefaults {
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
}

/** A provider's environment variables as read at start-up, by the names it gave them. */
export type ProviderVariables = Readonly<Record<string, string | undefined>>;

/** What a provider's client is made of besides its own variables: the server's upstream settings. */
export interface ServerUpstream {
  readonly settings: UpstreamSettings;
  readonly defaults: UpstreamDefaults;
}

/** The official client's request builder, as `client-call.ts` uses it. */
export interface SdkClient {
  readonly timeout: number;
  readonly maxRetries: number;
  buildRequest(options: { method: "get" | "post"; path: string; body?: unknown; stream?: boolean; headers?: Record<string, string> }): Promise<{ readonly url: string; readonly req: { readonly headers: Headers | Record<string, string> } }>;
}

/** What every client takes: its key (or a placeholder), headers, query, timeout and retries. */
export interface CommonClientOptions {
  readonly apiKey: string;
  readonly defaultHeaders: Record<string, string>;
  readonly defaultQuery: Record<string, string>;
  readonly timeout?: number;
  readonly maxRetries?: number;
  readonly logLevel: "off";
}

export interface ProviderSpec {
  /** The models config's `provider` value. */
  readonly name: string;
  /** The construction keys an entry of this provider may set (SPEC's "Applies to" column). */
  readonly entryKeys: readonly ConstructionKey[];
  /** Whether an entry's other parameters are per-request defaults; if not, they are refused. */
  readonly requestDefaults: boolean;
  /** Whether a judge or moderation model may be served by an entry of it (it speaks chat completions). */
  readonly servesJudges: boolean;
  /** Its environment variables, read once at start-up (`variable`, `urlVariable`); throws `VariableError`. */
  readVariables(env: Environment): ProviderVariables;
  /** A models-config entry's client (`index` names the entry in errors); throws `RouteConfigError`. */
  entryClient(p: Readonly<ModelParameters>, index: number, vars: ProviderVariables, server: ServerUpstream): ClientSettings;
  /** The client of requests no entry matches; undefined when the environment names none. */
  fallbackClient(vars: ProviderVariables, server: ServerUpstream): ClientSettings | undefined;
  /** The client its model catalogue is proxied to, where that differs from the fallback's. */
  catalogueClient?(vars: ProviderVariables, server: ServerUpstream): ClientSettings | undefined;
  /** The caller's key and headers for this upstream, onto `out` (null removes a client default); `url` is the inbound request's. */
  forwardCallerKey(inbound: Headers, out: Record<string, string | null>, serverKey: boolean, url?: string): void;
  /** The official client for `settings`, its SDK loaded on first use (the SDKs cost start-up time). */
  buildClient(settings: ClientSettings, common: CommonClientOptions): Promise<SdkClient>;
  /** Whether the model is part of the URL (a deployment path), so request templates are per model. */
  modelInPath(settings: ClientSettings): boolean;
}

/** Client settings every client shares. */
export type CommonClientSettings = Pick<ClientSettings, "defaultHeaders" | "defaultQuery" | "timeoutMs" | "maxRetries">;

/** An entry's shared settings: its own headers, query, timeout and retries over the server's. */
export function entryCommon(p: Readonly<ModelParameters>, server: ServerUpstream): CommonClientSettings {
  return {
    defaultHeaders: { ...server.settings.staticHeaders, ...p.default_headers },
    defaultQuery: { ...server.settings.staticQuery, ...p.default_query },
    timeoutMs: p.timeout === undefined ? server.defaults.timeoutMs : Math.round(p.timeout * 1000),
    maxRetries: p.max_retries ?? server.defaults.maxRetries,
  };
}

/** The server's shared settings, for clients no entry configures. */
export function serverCommon(server: ServerUpstream): CommonClientSettings {
  return { defaultHeaders: server.settings.staticHeaders, defaultQuery: server.settings.staticQuery, timeoutMs: server.defaults.timeoutMs, maxRetries: server.defaults.maxRetries };
}

/** A text variable: trimmed, empty meaning unset. */
export function variable(env: Environment, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

/** A URL variable: refused at start-up when it does not parse (the value is never echoed: it may hold a key). */
export function urlVariable(env: Environment, name: string): string | undefined {
  const raw = variable(env, name);
  if (raw !== undefined && !URL.canParse(raw)) throw new VariableError(`${name} is not a valid URL`);
  return raw;
}

/** The providers by name, checked once: a name twice is a programming error. */
export function providerRegistry(specs: readonly ProviderSpec[]): ReadonlyMap<string, ProviderSpec> {
  const byName = new Map<string, ProviderSpec>();
  for (const spec of specs) {
    const known = byName.get(spec.name);
    if (known && known !== spec) throw new Error(`two providers are named '${spec.name}'`);
    byName.set(spec.name, spec);
  }
  return byName;
}
