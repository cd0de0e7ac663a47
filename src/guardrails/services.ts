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

/** A plain conversation for a model that reads one as it is (Llama Guard): no system message, no response format. */
export interface ConverseRequest {
  readonly model: string;
  readonly messages: readonly { readonly role: "user" | "assistant"; readonly content: string }[];
  readonly signal?: AbortSignal;
}

export interface JudgeClient {
  /** The judge's answer: the content of its message (JSON text when the schema was honoured). */
  complete(request: JudgeRequest): Promise<string>;
  /** The model's answer to a plain conversation: the content of its message. */
  converse?(request: ConverseRequest): Promise<string>;
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

/** One JSON call to an engine a policy names by URL (a classifier endpoint, a webhook). */
export interface EngineRequest {
  readonly url: string;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

export interface EngineClient {
  /**
   * POSTs the body as JSON and answers the parsed JSON answer. Fails with
   * `GuardrailUnavailableError` (unreachable, timed out, a non-2xx status, not JSON), its message
   * free of the URL's query, the body and the answer.
   */
  post(request: EngineRequest): Promise<unknown>;
}

export interface GuardrailServices {
  readonly judge?: JudgeClient;
  readonly moderation?: ModerationClient;
  /** HTTP engines a policy names by URL: `engine: classifier`, `Webhook`. */
  readonly engines?: EngineClient;
  /** An environment variable a policy names (`api_key_env`, a header's `env:NAME`); undefined when unset. */
  variable?(name: string): string | undefined;
  /** SVC_GUARDRAILS_PII_CACHE: recent texts whose scans each PII guardrail keeps; absent or 0, none. */
  readonly piiCacheTexts?: number;
}

/** For compiling without calling anything (`validate`): every check that needs a service fails closed. */
export const NO_SERVICES: GuardrailServices = {};
