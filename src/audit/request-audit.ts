/**
 * One record per request, filled in as the request goes, written once as a JSON log line and
 * counted in metrics when it ends. Streams end later than their response starts, so a
 * streaming route defers the record and finishes it when the stream closes.
 */
import type { Logger } from "../log/logger.ts";
import type { Metrics } from "../metrics/metrics.ts";
import type { GuardrailRun } from "../pipeline/types.ts";
import type { NamedPolicy } from "../policy/errors.ts";
import { callerValue } from "../log/caller-value.ts";
import type { RequestTrace } from "../tracing/trace.ts";
import type { PolicyAccess } from "../policy/store.ts";
import { requestIdOf } from "./request-id.ts";

/** Who is calling: a named caller of the callers file, or a holder of a listed token. */
export interface Caller {
  /** The callers file's name; undefined for a token of SVC_GUARDRAILS_AUTH_TOKENS. */
  readonly name?: string;
  /** What it may use; undefined: every policy. */
  readonly access?: PolicyAccess;
}

export interface RequestAudit {
  readonly startedAt: number;
  /** The request's id (request-id.ts): in its answer's header, log line, span, error body and upstream calls. */
  readonly requestId: string;
  readonly method: string;
  /** The raw path, for choosing the error shape; logs show the route pattern instead. */
  readonly path: string;
  /** The authenticated caller; null when callers are not authenticated or not yet known. */
  caller: Caller | null;
  /** Whether the caller's token was checked (always, when authentication is on, but for `GET /health`). */
  authenticated: boolean;
  /** The id of the policy the request runs under. */
  configId?: string;
  /** The id a request named when no policy could be resolved for it. */
  rejectedPolicy?: NamedPolicy;
  /** Parts of the request no guardrail could read, by kind (DECISIONS §8). */
  unscanned?: Readonly<Record<string, number>>;
  runs: GuardrailRun[];
  /** The request's span when tracing is on. */
  trace?: RequestTrace;
  /** Route-specific fields of the request line (an MCP request's server and methods); never content. */
  logFields?: Record<string, unknown>;
  /** Work the request line waits for, after the answer went out (a shadow policy's verdict). */
  waitFor?: Promise<unknown>;
  /**
   * A playground check: counted in `guardrail_proxy_playground_checks_total` only, never in the
   * traffic metrics (requests, latency, guardrail outcomes) a dashboard reads (DECISIONS §14).
   */
  playgroundCheck?: { readonly stage: string; readonly outcome: "blocked" | "masked" | "passed" | "error" };
  /** Set by streaming routes: the line is written by `finishAudit` when the stream ends. */
  deferred: boolean;
  finished: boolean;
}

export function startAudit(request: Request, path: string): RequestAudit {
  return { startedAt: performance.now(), requestId: requestIdOf(request.headers), method: request.method, path, caller: null, authenticated: false, runs: [], deferred: false, finished: false };
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
  // A shadow still judging: the line waits for it; the request's duration does not.
  if (audit.waitFor) {
    const write = () => writeAudit(audit, status, route, sinks, seconds, extra);
    void audit.waitFor.then(write, write);
    return;
  }
  writeAudit(audit, status, route, sinks, seconds, extra);
}

function writeAudit(audit: RequestAudit, status: number, route: string, sinks: AuditSinks, seconds: number, extra?: Readonly<Record<string, unknown>>): void {
  const caller = audit.caller?.name;
  if (audit.playgroundCheck) {
    sinks.metrics.inc("guardrail_proxy_playground_checks_total", audit.playgroundCheck);
    audit.trace?.end({ status, route, configId: audit.configId, caller, requestId: audit.requestId });
    return writeLine(audit, status, route, sinks, seconds, extra);
  }
  sinks.metrics.inc("guardrail_proxy_requests_total", caller === undefined ? { route, status: String(status) } : { route, status: String(status), caller });
  sinks.metrics.observe("guardrail_proxy_request_duration_seconds", { route }, seconds);
  audit.trace?.end({ status, route, configId: audit.configId, caller, requestId: audit.requestId });
  for (const run of audit.runs) {
    const labels = { guardrail: run.name, stage: run.stage, policy: audit.configId ?? "none" };
    if (run.error !== undefined) sinks.metrics.inc("guardrail_proxy_guardrail_outcomes_total", withCaller({ ...labels, outcome: "error" }, caller));
    if (run.tripped) sinks.metrics.inc("guardrail_proxy_guardrail_outcomes_total", withCaller({ ...labels, outcome: run.enforced ? "enforced" : "alert" }, caller));
    else if (run.masked) sinks.metrics.inc("guardrail_proxy_guardrail_outcomes_total", withCaller({ ...labels, outcome: "masked" }, caller));
    if (run.seconds !== undefined) sinks.metrics.observe("guardrail_proxy_guardrail_duration_seconds", { guardrail: run.name, stage: run.stage }, run.seconds);
    if (run.engine) sinks.metrics.observe("guardrail_proxy_engine_duration_seconds", { guardrail: run.name, engine: run.engine.name }, run.engine.seconds);
    if (run.error !== undefined && !run.enforced) {
      sinks.log.warning("guardrail could not run; request let through", { guardrail: run.name, stage: run.stage, reason: run.error, config_id: audit.configId, caller });
    }
  }
  writeLine(audit, status, route, sinks, seconds, extra);
}

function writeLine(audit: RequestAudit, status: number, route: string, sinks: AuditSinks, seconds: number, extra?: Readonly<Record<string, unknown>>): void {
  const caller = audit.caller?.name;
  // The request line is built only when it will be written: at `warning` it is not.
  if (!sinks.log.enabled("info")) return;
  sinks.log.info("request", {
    method: audit.method,
    // The pattern: a raw path is the caller's text (ids, e-mails, megabytes of it).
    path: route,
    status,
    request_id: audit.requestId,
    duration_ms: Math.round(seconds * 1e6) / 1e3,
    ...policyFields(audit),
    caller,
    unscanned: audit.unscanned,
    guardrails: audit.runs.map(summarizeRun),
    ...audit.logFields,
    ...extra,
  });
}

function withCaller(labels: Record<string, string>, caller: string | undefined): Record<string, string> {
  if (caller !== undefined) labels.caller = caller;
  return labels;
}

/** The policy a log line names: one that exists, by id; an id that names none, by its length only. */
function policyFields(audit: RequestAudit): Record<string, unknown> {
  if (audit.configId !== undefined) return { config_id: audit.configId };
  const rejected = audit.rejectedPolicy;
  if (rejected === undefined) return {};
  return rejected.known ? { config_id: callerValue(rejected.id) } : { config_id: "unknown", config_id_length: rejected.id.length };
}

/** The loggable part of a run: no `info`, which may hold matched values. */
function summarizeRun(run: GuardrailRun): Record<string, unknown> {
  const out: Record<string, unknown> = { name: run.name, stage: run.stage, tripped: run.tripped, enforced: run.enforced };
  if (run.labels.length > 0) out.labels = run.labels;
  if (run.confidence !== undefined) out.confidence = run.confidence;
  if (run.error !== undefined) out.error = run.error;
  return out;
}
