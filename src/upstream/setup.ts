/** The upstream side of a server: its routes from the models config and the environment, and the guardrails' services on them. */
import type { GuardrailServices } from "../guardrails/services.ts";
import type { Settings } from "../settings.ts";
import { ClientCache } from "./clients.ts";
import { createGuardrailServices } from "./judge.ts";
import { loadModelsConfig, ModelsConfigError } from "./models-config.ts";
import { variable, type ProviderSpec } from "./provider.ts";
import { RouteConfigError, VariableError } from "./route-error.ts";
import { JUDGE_PROVIDER, UpstreamRouter } from "./routes.ts";
import { createEngineClient } from "./engine-client.ts";

/** The providers the API families bring, by name (`proxy/families/index.ts` composes them). */
export type Providers = ReadonlyMap<string, ProviderSpec>;

/**
 * Throws `ModelsConfigError` naming the file and field when the config cannot be used, or the
 * variable when a provider's environment variable cannot.
 */
export function buildRouter(settings: Settings, providers: Providers): UpstreamRouter {
  const path = settings.modelsConfigPath;
  const entries = path ? loadModelsConfig(path, providers) : [];
  try {
    return new UpstreamRouter(entries, settings.upstream, settings.upstreamDefaults, providers);
  } catch (e) {
    if (e instanceof VariableError) throw new ModelsConfigError(e.message);
    if (e instanceof RouteConfigError) throw new ModelsConfigError(`models config ${path}: ${e.message}`);
    throw e;
  }
}

export interface Upstream {
  readonly router: UpstreamRouter;
  readonly clients: ClientCache;
  readonly services: GuardrailServices;
}

/** Router, client cache and guardrail services, sharing one set of clients. */
export function buildUpstream(settings: Settings, providers: Providers): Upstream {
  const router = buildRouter(settings, providers);
  const clients = new ClientCache();
  const environment = settings.upstream.environment;
  return {
    router,
    clients,
    services: {
      ...createGuardrailServices(router, clients, settings.maxAnswerBytes, settings.judgeTimeoutMs),
      engines: createEngineClient(settings.maxAnswerBytes),
      variable: (name) => variable(environment, name),
      piiCacheTexts: settings.piiCacheTexts,
    },
  };
}

/** Whether the environment names the judge provider's upstream (COMPAT_BASE_URL or COMPAT_API_KEY): LLM-judged checks can reach a model. */
export function judgeConfigured(settings: Settings, providers: Providers): boolean {
  const spec = providers.get(JUDGE_PROVIDER);
  if (!spec) return false;
  try {
    return Object.values(spec.readVariables(settings.upstream.environment)).some((v) => v !== undefined);
  } catch (e) {
    // Set but not a URL: it names one all the same (start-up reports the value on its own).
    if (e instanceof VariableError) return true;
    throw e;
  }
}
