/**
 * Tracing with the OpenTelemetry SDK, exported as OTLP/HTTP (JSON) to the endpoint of the
 * standard variables. The exporter reads its own (OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT,
 * _HEADERS, _TIMEOUT, _COMPRESSION); SDK 3 leaves the rest to the application, read here:
 * OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER[_ARG], OTEL_BSP_*.
 *
 * Spans are created with explicit parents (no context manager): the request's span is the
 * parent of its stages and its upstream call, a stage's of its guardrails. A guardrail's span
 * is recorded when its run is known, with the time it started.
 *
 * Every start and end time is given, from one clock (`performance.now()` past the process's
 * time origin): the SDK otherwise anchors each span to `Date.now()` at its start, a millisecond
 * clock, so a child could end after its parent.
 */
import { diag, DiagLogLevel, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type HrTime, type Span, type TextMapGetter, type Tracer } from "@opentelemetry/api";
import { setGlobalErrorHandler, W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { AlwaysOffSampler, AlwaysOnSampler, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, TracerProvider, type Sampler } from "@opentelemetry/sdk-trace";
import type { Logger } from "../log/logger.ts";
import type { StageName } from "../policy/schema.ts";
import { VERSION } from "../version.ts";
import type { TracingEnvironment } from "./setup.ts";
import type { McpMessageSpan, RequestOutcome, RequestTrace, StageTrace, TracedBlock, TracedRun, Tracing, UpstreamCall, UpstreamTrace } from "./trace.ts";

/** The longest a stop waits for the last spans to be exported (an unreachable collector would hold it for the exporter's retries). */
const SHUTDOWN_WAIT_MS = 5000;

/** A failure's message, short: the SDK's messages name the collector, never a span's content. */
function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}

export function openTelemetryTracing(env: TracingEnvironment, log: Logger): Tracing {
  // The SDK reports export failures through its error handler and `diag`: a short line each.
  setGlobalErrorHandler((error) => log.warning("tracing: span export failed", { reason: reasonOf(error) }));
  diag.setLogger(
    {
      error: (message) => log.warning("tracing: span export failed", { reason: reasonOf(message) }),
      warn: (message) => log.warning("tracing", { reason: reasonOf(message) }),
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    DiagLogLevel.WARN,
  );
  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.name": "guardrail-proxy", "service.version": VERSION }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new TracerProvider({
    resource,
    sampler: samplerFrom(env, log),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: positive(env, "OTEL_BSP_SCHEDULE_DELAY", log),
        exportTimeoutMillis: positive(env, "OTEL_BSP_EXPORT_TIMEOUT", log),
        maxQueueSize: positive(env, "OTEL_BSP_MAX_QUEUE_SIZE", log),
        maxExportBatchSize: positive(env, "OTEL_BSP_MAX_EXPORT_BATCH_SIZE", log),
      }),
    ],
  });
  const tracer = provider.getTracer("guardrail-proxy", VERSION);
  const propagator = new W3CTraceContextPropagator();
  log.info("tracing on", { service: String(resource.attributes["service.name"]) });
  return {
    request: (request) => new OtelRequestTrace(tracer, propagator, request),
    shutdown: async () => {
      const stopped = provider.shutdown().catch((error: unknown) => log.warning("tracing: span export failed", { reason: reasonOf(error) }));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(() => {
        log.warning("tracing: the collector did not take the last spans in time; they are dropped", { waited_ms: SHUTDOWN_WAIT_MS });
        resolve();
      }, SHUTDOWN_WAIT_MS)));
      await Promise.race([stopped, waited]);
      clearTimeout(timer);
    },
  };
}

const ORIGIN_SECONDS = Math.floor(performance.timeOrigin / 1000);
const ORIGIN_REST_MS = performance.timeOrigin - ORIGIN_SECONDS * 1000;

/** A `performance.now()` time as the wall-clock time OpenTelemetry records. */
function wallTime(performanceMs: number): HrTime {
  const ms = ORIGIN_REST_MS + performanceMs;
  const seconds = Math.floor(ms / 1000);
  const nanos = Math.min(Math.round((ms - seconds * 1000) * 1e6), 999_999_999);
  return [ORIGIN_SECONDS + seconds, nanos];
}

const now = (): HrTime => wallTime(performance.now());

const HEADER_GETTER: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
};

class OtelRequestTrace implements RequestTrace {
  private readonly span: Span;
  private readonly context: Context;
  private readonly open = new Set<Span>();
  private readonly method: string;

  constructor(
    private readonly tracer: Tracer,
    private readonly propagator: W3CTraceContextPropagator,
    request: Request,
  ) {
    this.method = request.method;
    const parent = propagator.extract(ROOT_CONTEXT, request.headers, HEADER_GETTER);
    // Named by its route when it ends (the route is known once it matched).
    this.span = tracer.startSpan(request.method, { kind: SpanKind.SERVER, startTime: now(), attributes: { "http.request.method": request.method } }, parent);
    this.context = trace.setSpan(parent, this.span);
  }

  stage(stage: StageName): StageTrace {
    const span = this.tracer.startSpan(`guardrails ${stage}`, { startTime: now(), attributes: { "guardrail_proxy.stage": stage } }, this.context);
    return new OtelStageTrace(this.tracer, span);
  }

  message(message: McpMessageSpan, startedAt: number): void {
    const span = this.tracer.startSpan(
      `mcp ${message.method}`,
      {
        startTime: wallTime(startedAt),
        attributes: { "guardrail_proxy.mcp.server": message.server, "guardrail_proxy.mcp.method": message.method, "guardrail_proxy.mcp.from": message.from, "guardrail_proxy.outcome": message.outcome },
      },
      this.context,
    );
    span.end(now());
  }

  upstream(call: UpstreamCall): UpstreamTrace {
    const url = new URL(call.baseUrl);
    const span = this.tracer.startSpan(
      `${call.method} ${call.path}`,
      {
        kind: SpanKind.CLIENT,
        startTime: now(),
        attributes: {
          "http.request.method": call.method,
          "server.address": url.hostname,
          "server.port": Number(url.port || (url.protocol === "https:" ? 443 : 80)),
          "url.full": `${url.origin}${url.pathname.replace(/\/+$/, "")}${call.path}`,
          "guardrail_proxy.provider": call.provider,
          ...(call.model === undefined ? {} : { "gen_ai.request.model": call.model }),
        },
      },
      this.context,
    );
    this.open.add(span);
    const headers: Record<string, string> = {};
    this.propagator.inject(trace.setSpan(this.context, span), headers, { set: (carrier, key, value) => (carrier[key] = value) });
    return {
      headers,
      end: (status) => {
        if (!this.open.delete(span)) return;
        if (status === null) span.setStatus({ code: SpanStatusCode.ERROR });
        else {
          span.setAttribute("http.response.status_code", status);
          if (status >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end(now());
      },
    };
  }

  end(outcome: RequestOutcome): void {
    const at = now();
    for (const child of this.open) child.end(at);
    this.open.clear();
    const span = this.span;
    span.updateName(`${this.method} ${outcome.route}`);
    span.setAttribute("http.route", outcome.route);
    span.setAttribute("http.response.status_code", outcome.status);
    if (outcome.configId !== undefined) span.setAttribute("guardrail_proxy.config_id", outcome.configId);
    if (outcome.caller !== undefined) span.setAttribute("guardrail_proxy.caller", outcome.caller);
    if (outcome.requestId !== undefined) span.setAttribute("guardrail_proxy.request_id", outcome.requestId);
    if (outcome.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(at);
  }
}

class OtelStageTrace implements StageTrace {
  /** The stage's span as the parent of its guardrails' spans. */
  private readonly context: Context;

  constructor(
    private readonly tracer: Tracer,
    private readonly span: Span,
  ) {
    this.context = trace.setSpan(ROOT_CONTEXT, span);
  }

  guardrail(run: TracedRun, startedAt: number): void {
    const outcome = run.error !== undefined ? "error" : !run.tripped ? "pass" : run.enforced ? "enforced" : "alert";
    const span = this.tracer.startSpan(
      `guardrail ${run.name}`,
      {
        startTime: wallTime(startedAt),
        attributes: {
          "guardrail_proxy.guardrail": run.name,
          "guardrail_proxy.stage": run.stage,
          "guardrail_proxy.outcome": outcome,
          ...(run.labels.length === 0 ? {} : { "guardrail_proxy.labels": [...run.labels] }),
          ...(run.confidence === undefined ? {} : { "guardrail_proxy.confidence": run.confidence }),
          ...(run.error === undefined ? {} : { "guardrail_proxy.error": run.error }),
          ...(run.engine === undefined ? {} : { "guardrail_proxy.engine": run.engine.name, "guardrail_proxy.engine_ms": Math.round(run.engine.seconds * 10_000) / 10 }),
        },
      },
      this.context,
    );
    if (run.error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(now());
  }

  end(block: TracedBlock | null): void {
    this.span.setAttribute("guardrail_proxy.outcome", block ? "blocked" : "allowed");
    if (block) this.span.setAttribute("guardrail_proxy.blocked_by", block.guardrail);
    this.span.end(now());
  }
}

/** OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, as the specification names them. */
function samplerFrom(env: TracingEnvironment, log: Logger): Sampler {
  const name = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() || "parentbased_always_on";
  const arg = Number(env.OTEL_TRACES_SAMPLER_ARG ?? 1);
  const ratio = Number.isFinite(arg) && arg >= 0 && arg <= 1 ? arg : 1;
  switch (name) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return new TraceIdRatioBasedSampler(ratio);
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    case "parentbased_always_on":
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    default:
      log.warning("tracing: unknown OTEL_TRACES_SAMPLER, using parentbased_always_on", { sampler: name.slice(0, 40) });
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** A positive integer variable, or undefined (the SDK's default) when unset or invalid. */
function positive(env: TracingEnvironment, name: string, log: Logger): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (Number.isInteger(value) && value > 0) return value;
  log.warning(`tracing: ${name} is not a positive integer; the default applies`);
  return undefined;
}
