/** The upstream side of a server: its routes from the models config and the environment. */
import type { Settings } from "../settings.ts";
import { loadModelsConfig, ModelsConfigError } from "./models-config.ts";
import { RouteConfigError, UpstreamRouter } from "./routes.ts";

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
