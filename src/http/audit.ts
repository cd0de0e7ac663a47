/**
 * One record per request, filled in as the request goes, written once as a JSON log line and
 * counted in metrics when it ends. Streams end later than their response starts, so a
 * streaming route defers the record and finishes it when the stream closes.
 */
import type { Logger } from "../log/logger.ts";
import type { Metrics } from "../metrics/metrics.ts";
import type { GuardrailRun } from "../pipeline/types.ts";

export interface RequestAudit {
  readonly startedAt: number;
  readonly method: string;
  readonly path: string;
  configId?: string;
  runs: GuardrailRun[];
  /** Set by streaming routes: the line is written by `finishAudit` when the stream ends. */
  deferred: boolean;
  finished: boolean;
}

export function startAudit(request: Request, path: string): RequestAudit {
  return { startedAt: performance.now(), method: request.method, path, runs: [], deferred: false, finished: false };
}

export interface AuditSinks {
  readonly log: Logger;
  readonly metrics: Metrics;
}

/** Writes the request line and metrics. Idempotent. `route` is the pattern, for metrics labels. */
export function finishAudit(audit: RequestAudit, status: number, route: string, sinks: AuditSinks, extra?: Readonly<Record<string, unknown>>): void {
  if (audit.finished) return;
  audit.finished = true;
  const seconds = (performance.now() - audit.startedAt) / 1000;
  sinks.metrics.inc("guardrail_proxy_requests_total", { route, status: String(status) });
  sinks.metrics.observe("guardrail_proxy_request_duration_seconds", { route }, seconds);
  for (const run of audit.runs) {
    if (run.error !== undefined) sinks.metrics.inc("guardrail_proxy_guardrail_outcomes_total", { guardrail: run.name, stage: run.stage, outcome: "error" });
    if (run.tripped) sinks.metrics.inc("guardrail_proxy_guardrail_outcomes_total", { guardrail: run.name, stage: run.stage, outcome: run.enforced ? "enforced" : "alert" });
    if (run.error !== undefined && !run.enforced) {
      sinks.log.warning("guardrail could not run; request let through", { guardrail: run.name, stage: run.stage, reason: run.error, config_id: audit.configId });
    }
  }
  // The request line is built only when it will be written: at `warning` it is not.
  if (!sinks.log.enabled("info")) return;
  sinks.log.info("request", {
    method: audit.method,
    path: audit.path,
    status,
    duration_ms: Math.round(seconds * 1e6) / 1e3,
    config_id: audit.configId,
    guardrails: audit.runs.map(summarizeRun),
    ...extra,
  });
}

/** The loggable part of a run: no `info`, which may hold matched values. */
function summarizeRun(run: GuardrailRun): Record<string, unknown> {
  const out: Record<string, unknown> = { name: run.name, stage: run.stage, tripped: run.tripped, enforced: run.enforced };
  if (run.labels.length > 0) out.labels = run.labels;
  if (run.confidence !== undefined) out.confidence = run.confidence;
  if (run.error !== undefined) out.error = run.error;
  return out;
}
