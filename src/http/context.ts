/**
 * What every route handler can reach: the request's audit record (set by the app's
 * `onRequest` hook) and the service's dependencies.
 */
import { Elysia } from "elysia";
import type { Logger } from "../log/logger.ts";
import type { Metrics } from "../metrics/metrics.ts";
import type { PolicyStore } from "../policy/store.ts";
import type { Settings } from "../settings.ts";
import type { Tracing } from "../tracing/trace.ts";
import type { Upstream } from "../upstream/setup.ts";
import type { RequestAudit } from "../audit/request-audit.ts";
import type { CallerDefinition } from "./callers-file.ts";
import type { McpRuntime } from "../proxy/families/mcp/handle.ts";

export interface AppDeps {
  readonly settings: Settings;
  readonly policies: PolicyStore;
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly upstream: Upstream;
  /** The callers file's callers; empty without one. */
  readonly callers: readonly CallerDefinition[];
  /** With `--workers`, the metrics of all workers (process/worker-channel.ts); else `metrics` alone. */
  readonly metricsText?: () => Promise<string>;
  /** Set when tracing is on (tracing/setup.ts). */
  readonly tracing?: Tracing;
  /** The MCP servers fronted at /mcp/{name}, when an MCP config is given. */
  readonly mcp?: McpRuntime | null;
}

/** Declares the per-request `audit` on the context; the app assigns a fresh one per request. */
export const requestContext = new Elysia({ name: "request-context" }).decorate("audit", undefined as unknown as RequestAudit);
