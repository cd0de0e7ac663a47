/**
 * What some guardrails need from the server: a judge model (LLM-judged checks) and a
 * moderations endpoint from outside the process, and the process settings they read.
 * Guardrails see only these interfaces; the server implements them with the compat upstream
 * (src/upstream/judge.ts), and tests with a mock. A check whose service is missing or fails
 * throws `GuardrailUnavailableError`, and its `on_error` decides.
 */

export interface JudgeRequest {
  readonly model: string;
  readonly system: string;
  readonly user: string;
  /** JSON schema of the verdict, asked as structured output. */
  readonly schema: Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
}

export interface JudgeClient {
  /** The judge's answer: the content of its message (JSON text when the schema was honoured). */
  complete(request: JudgeRequest): Promise<string>;
}

export interface ModerationRequest {
  readonly model: string;
  readonly input: string;
  readonly signal?: AbortSignal;
}

export interface ModerationResult {
  readonly flagged: boolean;
  readonly categories: Readonly<Record<string, boolean>>;
  readonly scores: Readonly<Record<string, number>>;
}

export interface ModerationClient {
  moderate(request: ModerationRequest): Promise<ModerationResult>;
}

export interface GuardrailServices {
  readonly judge?: JudgeClient;
  readonly moderation?: ModerationClient;
  /** SVC_GUARDRAILS_PII_CACHE: recent texts whose scans each PII guardrail keeps; absent or 0, none. */
  readonly piiCacheTexts?: number;
}

/** For compiling without calling anything (`validate`): every check that needs a service fails closed. */
export const NO_SERVICES: GuardrailServices = {};
