/**
 * Which upstream a request goes to (SPEC "Endpoints" rules 5 and 6). Every route is resolved
 * once at start-up, from the models config and the environment, so a request costs one map
 * lookup: exact `name` match, else the `default: true` entry, else the global fallback.
 */
import type { UpstreamSettings } from "../settings.ts";
import type { ModelEntry, Provider } from "./models-config.ts";
import { PROVIDERS_BY_NAME } from "./providers/index.ts";
import { RouteConfigError } from "./route-error.ts";


/** Everything an upstream client is built from. Two routes with equal settings share a client. */
export interface ClientSettings {
  readonly provider: Provider;
  /** `compat` and `messages`: the base URL; `hosted`: the resource endpoint. */
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

export interface UpstreamRoute {
  /** The models-config entry, or undefined for the global fallback. */
  readonly entryName?: string;
  readonly provider: Provider;
  /** The entry's `model` override; null sends the request's model unchanged. */
  readonly modelOverride: string | null;
  /** Per-request defaults: set on the upstream body only where the caller did not. */
  readonly requestDefaults: Readonly<Record<string, unknown>>;
  readonly client: ClientSettings;
  /** Equal for routes whose clients are interchangeable. */
  readonly clientKey: string;
}

/** Which upstream families a proxy route may reach. */
export type RouteFamily = "chat" | "hosted-chat" | "responses" | "messages";


/** Global timeouts for every upstream call, beyond the spec (docs/cli.md). */
export interface UpstreamDefaults {
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
}

export class UpstreamRouter {
  private readonly byName = new Map<string, UpstreamRoute>();
  private readonly defaultRoute?: UpstreamRoute;
  private readonly compatFallback: UpstreamRoute;
  private readonly hostedFallback?: UpstreamRoute;
  private readonly messagesFallback: UpstreamRoute;
  private readonly catalogueFallback: UpstreamRoute;
  /** Named entries in file order, for `GET /v1/models`. */
  readonly names: readonly string[];

  /** Throws `RouteConfigError` naming the entry and field when a route cannot be built. */
  constructor(entries: readonly ModelEntry[], env: UpstreamSettings, defaults: UpstreamDefaults = {}) {
    const names: string[] = [];
    let defaultRoute: UpstreamRoute | undefined;
    entries.forEach((entry, i) => {
      const route = entryRoute(entry, i, env, defaults);
      if (entry.isDefault) defaultRoute = route;
      else names.push(entry.name);
      this.byName.set(entry.name, route);
    });
    this.names = names;
    this.defaultRoute = defaultRoute;
    this.compatFallback = fallbackRoute("compat", env, defaults);
    this.messagesFallback = fallbackRoute("messages", env, defaults);
    // SPEC: a loopback MESSAGES_BASE_URL is not used as the catalogue's proxy target (it is
    // most likely this very service), so the provider's public address stands in.
    this.catalogueFallback =
      env.messagesBaseUrl && isLoopback(env.messagesBaseUrl) ? fallbackRoute("messages", { ...env, messagesBaseUrl: undefined }, defaults) : this.messagesFallback;
    if (env.hostedEndpoint) this.hostedFallback = fallbackRoute("hosted", env, defaults);
  }

  /** The route for a request's model; `undefined` model goes to the default or fallback. */
  route(family: RouteFamily, model: string | undefined): UpstreamRoute {
    const matched = (model === undefined ? undefined : this.byName.get(model)) ?? this.defaultRoute;
    if (matched) return matched;
    if (family === "messages") return this.messagesFallback;
    if (family === "hosted-chat" && this.hostedFallback) return this.hostedFallback;
    return this.compatFallback;
  }

  /**
   * The upstream of a guardrail's judge or moderation model: the entry of that name when it can
   * serve chat completions, else the compat fallback. Never the `default: true` entry.
   */
  judgeRoute(model: string): UpstreamRoute {
    const named = this.byName.get(model);
    return named && named.provider !== "messages" && named !== this.defaultRoute ? named : this.compatFallback;
  }

  /** Some route sends a key configured on the server: callers that send none spend it. */
  get holdsUpstreamKey(): boolean {
    const routes = [...this.byName.values(), this.compatFallback, this.messagesFallback, this.hostedFallback];
    return routes.some((route) => route?.client.apiKey !== undefined);
  }

  get hasDefault(): boolean {
    return this.defaultRoute !== undefined;
  }

  /** The messages-style upstream used to proxy `GET /v1/models` for messages-style clients. */
  catalogueRoute(): UpstreamRoute {
    if (this.defaultRoute?.provider === "messages") return this.defaultRoute;
    for (const route of this.byName.values()) if (route.provider === "messages") return route;
    return this.catalogueFallback;
  }
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host) || host === "0.0.0.0";
}

function entryRoute(entry: ModelEntry, index: number, env: UpstreamSettings, defaults: UpstreamDefaults): UpstreamRoute {
  const client = PROVIDERS_BY_NAME[entry.provider].entryClient(entry.client, index, env, defaults);
  return { entryName: entry.name, provider: entry.provider, modelOverride: entry.model, requestDefaults: entry.requestDefaults, client, clientKey: keyOf(client) };
}

function fallbackRoute(provider: Provider, env: UpstreamSettings, defaults: UpstreamDefaults): UpstreamRoute {
  const client = PROVIDERS_BY_NAME[provider].fallbackClient(env, defaults);
  if (!client) throw new RouteConfigError(`no '${provider}' upstream is configured`);
  return { provider, modelOverride: null, requestDefaults: {}, client, clientKey: keyOf(client) };
}

/** A stable identity of the settings (keys sorted), so equal settings share one client. */
function keyOf(settings: ClientSettings): string {
  return JSON.stringify(settings, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value,
  );
}
