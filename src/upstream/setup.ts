/** The upstream side of a server: its routes from the models config and the environment, and the guardrails' services on them. */
import type { GuardrailServices } from "../guardrails/services.ts";
import type { Settings } from "../settings.ts";
import { ClientCache } from "./clients.ts";
import { createGuardrailServices } from "./judge.ts";
import { loadModelsConfig, ModelsConfigError } from "./models-config.ts";
import { RouteConfigError } from "./route-error.ts";
import { UpstreamRouter } from "./routes.ts";

/** Throws `ModelsConfigError` naming the file and field when the config cannot be used. */
export function buildRouter(settings: Settings): UpstreamRouter {
  const path = settings.modelsConfigPath;
  const entries = path ? loadModelsConfig(path) : [];
  try {
    return new UpstreamRouter(entries, settings.upstream, settings.upstreamDefaults);
  } catch (e) {
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
export function buildUpstream(settings: Settings): Upstream {
  const router = buildRouter(settings);
  const clients = new ClientCache();
  return { router, clients, services: { ...createGuardrailServices(router, clients, settings.maxAnswerBytes, settings.judgeTimeoutMs), piiCacheTexts: settings.piiCacheTexts } };
}
