/** `GET /health`, `GET /v1/guardrails/configs` and `GET /metrics`. */
import { Elysia } from "elysia";
import type { AppDeps } from "../context.ts";

export function metaRoutes(deps: AppDeps) {
  return new Elysia({ name: "meta-routes" })
    .get("/health", () => ({ status: "ok" }))
    .get("/v1/guardrails/configs", () => deps.policies.listIds().map((id) => ({ id })))
    .get(
      "/metrics",
      async () =>
        new Response(deps.metricsText ? await deps.metricsText() : deps.metrics.render(), {
          headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8" },
        }),
    );
}
