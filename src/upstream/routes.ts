/**
 * Which upstream a request goes to (SPEC "Endpoints" rules 5 and 6). Every route is resolved
 * once at start-up, from the models config and the environment, so a request costs one map
 * lookup: exact `name` match, else the `default: true` entry, else the fallback of the first
 * provider the proxy route names that the environment configures.
 */
import type { UpstreamSettings } from "../settings.ts";
import type { ModelEntry } from "./models-config.ts";
import type { ClientSettings, ProviderSpec, ProviderVariables, ServerUpstream, UpstreamDefaults } from "./provider.ts";
import { RouteConfigError } from "./route-error.ts";

export type { ClientSettings, UpstreamDefaults } from "./provider.ts";

/** The provider judge and moderation models go to when no entry of theirs serves chat (DECISIONS §3). */
export const JUDGE_PROVIDER = "compat";

export interface UpstreamRoute {
  /** The models-config entry, or undefined for a fallback. */
  readonly entryName?: string;
  /** The provider's name (for logs and traces). */
  readonly provider: string;
  readonly spec: ProviderSpec;
  /** The entry's `model` override; null sends the request's model unchanged. */
  readonly modelOverride: string | null;
  /** Per-request defaults: set on the upstream body only where the caller did not. */
  readonly requestDefaults: Readonly<Record<string, unknown>>;
  readonly client: ClientSettings;
  /** Equal for routes whose clients are interchangeable. */
  readonly clientKey: string;
}

/** Which upstreams a proxy route may reach: the providers it serves, and the fallbacks to try in order. */
export interface UpstreamChoice {
  readonly providers: readonly string[];
  readonly fallbacks: readonly string[];
}

export class UpstreamRouter {
  private readonly byName = new Map<string, UpstreamRoute>();
  private readonly defaultRoute?: UpstreamRoute;
  private readonly fallbacks = new Map<string, UpstreamRoute>();
  private readonly variables = new Map<string, ProviderVariables>();
  private readonly server: ServerUpstream;
  /** Named entries in file order, for `GET /v1/models`. */
  readonly names: readonly string[];

  /** Throws `RouteConfigError` naming the entry and field (or `VariableError` naming the variable) when a route cannot be built. */
  constructor(
    entries: readonly ModelEntry[],
    settings: UpstreamSettings,
    defaults: UpstreamDefaults,
    private readonly providers: ReadonlyMap<string, ProviderSpec>,
  ) {
    this.server = { settings, defaults };
    for (const spec of providers.values()) this.variables.set(spec.name, spec.readVariables(settings.environment));
    const names: string[] = [];
    let defaultRoute: UpstreamRoute | undefined;
    entries.forEach((entry, i) => {
      const spec = this.spec(entry.provider);
      const client = spec.entryClient(entry.client, i, this.vars(spec), this.server);
      const route = { entryName: entry.name, provider: spec.name, spec, modelOverride: entry.model, requestDefaults: entry.requestDefaults, client, clientKey: keyOf(client) };
      if (entry.isDefault) defaultRoute = route;
      else names.push(entry.name);
      this.byName.set(entry.name, route);
    });
    this.names = names;
    this.defaultRoute = defaultRoute;
    for (const spec of providers.values()) {
      const client = spec.fallbackClient(this.vars(spec), this.server);
      if (client) this.fallbacks.set(spec.name, fallbackRoute(spec, client));
    }
  }

  /** The route for a request's model; `undefined` model goes to the default or a fallback. */
  route(choice: UpstreamChoice, model: string | undefined): UpstreamRoute {
    const matched = (model === undefined ? undefined : this.byName.get(model)) ?? this.defaultRoute;
    if (matched) return matched;
    for (const name of choice.fallbacks) {
      const fallback = this.fallbacks.get(name);
      if (fallback) return fallback;
    }
    throw new RouteConfigError(`no ${choice.fallbacks.map((f) => `'${f}'`).join(" or ")} upstream is configured`);
  }

  /**
   * The upstream of a guardrail's judge or moderation model: the entry of that name when it can
   * serve chat completions, else the judge provider's fallback. Never the `default: true` entry.
   */
  judgeRoute(model: string): UpstreamRoute {
    const named = this.byName.get(model);
    return named && named.spec.servesJudges && named !== this.defaultRoute ? named : this.fallbackOf(JUDGE_PROVIDER);
  }

  /** Some route sends a key configured on the server: callers that send none spend it. */
  get holdsUpstreamKey(): boolean {
    const routes = [...this.byName.values(), ...this.fallbacks.values()];
    return routes.some((route) => route.client.apiKey !== undefined);
  }

  get hasDefault(): boolean {
    return this.defaultRoute !== undefined;
  }

  /** The upstream a provider's own model catalogue is proxied to: the default entry, a named one, else its fallback. */
  catalogueRoute(provider: string): UpstreamRoute {
    if (this.defaultRoute?.provider === provider) return this.defaultRoute;
    for (const route of this.byName.values()) if (route.provider === provider) return route;
    const spec = this.spec(provider);
    const client = spec.catalogueClient?.(this.vars(spec), this.server);
    return client ? fallbackRoute(spec, client) : this.fallbackOf(provider);
  }

  private spec(name: string): ProviderSpec {
    const spec = this.providers.get(name);
    if (!spec) throw new RouteConfigError(`no provider is named '${name}'`);
    return spec;
  }

  private vars(spec: ProviderSpec): ProviderVariables {
    return this.variables.get(spec.name) ?? {};
  }

  private fallbackOf(provider: string): UpstreamRoute {
    const route = this.fallbacks.get(provider);
    if (!route) throw new RouteConfigError(`no '${provider}' upstream is configured`);
    return route;
  }
}

function fallbackRoute(spec: ProviderSpec, client: ClientSettings): UpstreamRoute {
  return { provider: spec.name, spec, modelOverride: null, requestDefaults: {}, client, clientKey: keyOf(client) };
}

/** A stable identity of the settings (keys sorted), so equal settings share one client. */
function keyOf(settings: ClientSettings): string {
  return JSON.stringify(settings, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value,
  );
}
