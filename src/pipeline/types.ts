/** What the pipeline reads and reports. Free of HTTP and of any API family's format. */
import type { GuardrailInfo } from "../guardrails/types.ts";
import type { StageName } from "../policy/schema.ts";
import type { TracedRun } from "../tracing/trace.ts";

/** One piece of text of a conversation, in order (DECISIONS §8). */
export interface Segment {
  readonly role: "system" | "user" | "assistant" | "tool";
  readonly text: string;
  /** Maskers rewrite it: everything the model reads, but tool definitions. */
  readonly masked: boolean;
  /** Input detectors judge it: user and tool turns, documents, tool definitions, a trailing prefill. */
  readonly judged: boolean;
  /**
   * A window across the boundary of two judged texts (values split over two turns): judged by
   * local detectors; a remote judge reads both turns whole already.
   */
  readonly window?: boolean;
}

/**
 * The outcome of one guardrail on one request: what its span records (name, stage, trip,
 * enforcement, confidence, labels, error, engine: tracing/trace.ts), and more.
 */
export interface GuardrailRun extends TracedRun {
  /**
   * The guardrail's details (for PII, SPEC's PII result), read by the `scan` command. Empty for
   * a run in a scan worker: the server never reads them, and for a text of megabytes they are
   * millions of values to copy back (offloaded-stage.ts).
   */
  readonly info: GuardrailInfo;
  /** A masker rewrote some text. */
  readonly masked?: boolean;
  /** How long the guardrail took, in seconds (metrics). */
  readonly seconds?: number;
}

export interface Block {
  readonly guardrail: string;
  readonly stage: StageName;
  /** `enforced`: the guardrail tripped; `unavailable`: it could not run and `on_error` is block. */
  readonly cause: "enforced" | "unavailable";
  /** Human-readable, names the guardrail, carries no request content. */
  readonly message: string;
}

export interface StageResult {
  /** The segments after masking; the very same array when nothing was masked. */
  readonly segments: readonly Segment[];
  readonly runs: readonly GuardrailRun[];
  readonly block: Block | null;
}
