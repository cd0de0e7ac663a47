/**
 * The contract every guardrail meets. Guardrails are pure functions of (text, config): no HTTP,
 * no environment, no SDKs. A definition validates its config once and returns a ready check.
 */
import type { TSchema } from "@sinclair/typebox";
import type { GuardrailServices } from "./services.ts";
import type { PlaceholderVault } from "./text/vault.ts";

/** Free-form details for the scan output. May hold matched values: never logged. */
export type GuardrailInfo = Readonly<Record<string, unknown>>;

interface Finding {
  /** The guardrail detected what it looks for and is configured to trip on it. */
  readonly tripped: boolean;
  /**
   * Safe, low-cardinality names for what was found (entity types, secret kinds). These go to
   * logs, metrics and block messages, so they never hold the matched text.
   */
  readonly labels: readonly string[];
  readonly info: GuardrailInfo;
}

/** A value a guardrail found, in the coordinates of the text it was given. */
export interface FoundSpan {
  readonly start: number;
  readonly end: number;
  /** What a masker writes in its place; absent for a detector's match. */
  readonly replacement?: string;
}

export interface MaskOutcome extends Finding {
  /** The text with detections replaced; the very same string when nothing was masked. */
  readonly text: string;
  /** Where the replaced values were, sorted, not overlapping (streams mask and check by them). */
  readonly spans?: readonly FoundSpan[];
}

export interface Detection extends Finding {
  /** Score in [0, 1] for detectors that have one. */
  readonly confidence?: number;
  /** Where a detector that finds values (Keywords) found them. */
  readonly spans?: readonly FoundSpan[];
}

/** Conversation seen by detectors that read context (LLM-judged checks). */
export interface DetectContext {
  /** Earlier turns, oldest first, already masked. */
  readonly history: readonly { readonly role: string; readonly text: string }[];
  readonly signal?: AbortSignal;
  /** The stage judging the text (`input`, `output`, ...): a webhook is told, Llama Guard reads an answer as the assistant's. */
  readonly stage?: string;
  /** The policy's id, which a webhook is told. */
  readonly configId?: string;
}

/** What the pipeline knows about a text it asks a masker to mask. */
export interface MaskContext {
  /**
   * The text is a message of a conversation that already has an assistant turn: chat clients
   * send it again with every later turn, so work kept for it will be used.
   */
  readonly resent: boolean;
  /** The request's vault: reversible maskers write numbered placeholders and keep the values. */
  readonly vault?: PlaceholderVault;
}

/** Rewrites text (PII, SecretKeys, URLFilter). Masking runs before any detector of its stage. */
export interface Masker {
  readonly kind: "masker";
  readonly name: string;
  mask(text: string, context?: MaskContext): MaskOutcome;
  /**
   * Where the end of `text` could still become a value this masker reads although the unfinished
   * last word does not hold it (an address whose `[at]` stands between spaces, a key in pieces),
   * as the start of that tail; -1 when it cannot. Streams hold such a tail back.
   */
  openPrefix?(text: string): number;
}

/** Judges text without changing it (Keywords, PromptInjection, ...). */
export interface Detector {
  readonly kind: "detector";
  readonly name: string;
  /** Calls a remote service (a judge model, moderations): seconds, so streams check it in the background. */
  readonly remote?: boolean;
  /** A remote detector asked once per judged text (a classifier endpoint, a webhook), not once on the stage's texts joined. */
  readonly perText?: boolean;
  /** A remote detector's engine (`llm`, `classifier`, `webhook`, `moderation`), for metrics of its calls. */
  readonly engine?: string;
  detect(text: string, context: DetectContext): Detection | Promise<Detection>;
  /**
   * For a detector of values (Keywords): where the end of `text` could still become one, as the
   * start of that tail; -1 when it cannot. Streams hold such a tail back (DECISIONS §9).
   */
  openPrefix?(text: string): number;
}

export type Guardrail = Masker | Detector;

/** Registry entry: a name, a config schema, and a factory that builds a ready check once. */
export interface GuardrailDefinition<C = unknown> {
  readonly name: string;
  readonly kind: Guardrail["kind"];
  /** Typebox schema of the `config` object; unknown fields are rejected. */
  readonly configSchema: TSchema;
  /** `suppress_enforcement` when the policy entry omits it (SPEC: `true` for PII only). */
  readonly suppressEnforcementByDefault: boolean;
  /**
   * Builds the check from a config that passed `configSchema`. Throws `GuardrailConfigError`
   * for problems a schema cannot express (an invalid regular expression, say). Checks that call
   * a judge model or a moderations endpoint take it from `services`.
   */
  create(config: C, services: GuardrailServices): Guardrail;
  /**
   * A block reason for callers and logs. Built from labels only, never from matched text; a
   * Webhook's reason is the message its own service gave (`info.message`).
   */
  describe(labels: readonly string[], info?: GuardrailInfo): string;
}

export class GuardrailConfigError extends Error {
  override readonly name = "GuardrailConfigError";
  constructor(
    /** Path inside `config`, such as `custom_patterns[1]`. */
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Thrown by a check that could not reach a verdict (its judge model errored or timed out). The
 * message is shown to callers and logged, so it carries no request content and no credentials.
 */
export class GuardrailUnavailableError extends Error {
  override readonly name = "GuardrailUnavailableError";
}
