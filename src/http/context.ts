/**
 * What every route handler can reach: the request's audit record (set by the app's
 * `onRequest` hook) and the service's dependencies.
 */
import { Elysia } from "elysia";
import type { Logger } from "../log/logger.ts";
import type { Metrics } from "../metrics/metrics.ts";
import type { PolicyStore } from "../policy/store.ts";
import type { Settings } from "../settings.ts";
import type { ClientCache } from "../upstream/clients.ts";
import type { UpstreamRouter } from "../upstream/routes.ts";
import type { RequestAudit } from "./audit.ts";

export interface AppDeps {
  readonly settings: Settings;
  readonly policies: PolicyStore;
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly upstream: {
    readonly router: UpstreamRouter;
    readonly clients: ClientCache;
  };
}

/** Declares the per-request `audit` on the context; the app assigns a fresh one per request. */
export const requestContext = new Elysia({ name: "request-context" }).decorate("audit", undefined as unknown as RequestAudit);
