/**
 * What the server records for tracing, in its own terms: a request, its guardrail stages, each
 * guardrail, its upstream call. With tracing off there is no `Tracing` and every caller holds
 * `undefined`: no span, no OpenTelemetry module loaded (otel.ts is imported only when on).
 *
 * Nothing here takes request or answer text: spans carry routes, policy ids, guardrail names
 * and outcomes, entity types, statuses and the caller's name.
 */
import type { StageName } from "../policy/schema.ts";

/** What a guardrail's span records of its run (the pipeline's `GuardrailRun` extends it). */
export interface TracedRun {
  readonly name: string;
  readonly stage: StageName;
  readonly tripped: boolean;
  /** The trip stops the pipeline (policy mode `block` and enforcement not suppressed). */
  readonly enforced: boolean;
  readonly confidence?: number;
  /** Safe labels (entity types, kinds); never matched text. */
  readonly labels: readonly string[];
  /** Set when the guardrail failed to run; a short reason without request content. */
  readonly error?: string;
  /** A network engine's call (judge model, classifier endpoint, webhook, moderations): which, and how long it took, for metrics and traces. */
  readonly engine?: { readonly name: string; readonly seconds: number };
}

/** What a stage's span records of the block that ended it (the pipeline's `Block` is one). */
export interface TracedBlock {
  readonly guardrail: string;
}

export interface Tracing {
  /** A request's span, started now, a child of the caller's `traceparent` when it sent one. */
  request(request: Request): RequestTrace;
  /** Exports what is pending and stops (SIGTERM). */
  shutdown(): Promise<void>;
}

export interface RequestTrace {
  /** A child span for one stage of the policy. */
  stage(stage: StageName): StageTrace;
  /** A client span for the upstream call; its headers carry the trace to the upstream. */
  upstream(call: UpstreamCall): UpstreamTrace;
  /** A span for one MCP message judged on its way (DECISIONS §12), from `startedAt` to now: never its content. */
  message(message: McpMessageSpan, startedAt: number): void;
  /** Ends the request's span, and any child still open (a stream's upstream call). */
  end(outcome: RequestOutcome): void;
}

export interface McpMessageSpan {
  readonly server: string;
  /** The JSON-RPC method (a known one, else `other`). */
  readonly method: string;
  readonly from: "client" | "server";
  readonly outcome: "passed" | "blocked";
}

export interface StageTrace {
  /** A guardrail's span, from `startedAt` (a `performance.now()` time) to now. */
  guardrail(run: TracedRun, startedAt: number): void;
  end(block: TracedBlock | null): void;
}

export interface UpstreamCall {
  readonly method: string;
  /** The upstream's base URL (models config), and the API path called under it. */
  readonly baseUrl: string;
  readonly path: string;
  /** The route's provider family ("chat", "responses", "messages"). */
  readonly provider: string;
  readonly model?: string;
}

export interface UpstreamTrace {
  /** `traceparent` (and `tracestate`) naming this span as the upstream request's parent. */
  readonly headers: Readonly<Record<string, string>>;
  /** Ends the span with the upstream's status, or as failed when it gave none. */
  end(status: number | null): void;
}

export interface RequestOutcome {
  readonly status: number;
  /** The route pattern (never the raw path). */
  readonly route: string;
  readonly configId?: string;
  readonly caller?: string;
  /** The request's id (X-Request-Id): finds the span of a caller's failed request. */
  readonly requestId?: string;
}
