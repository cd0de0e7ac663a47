/**
 * `engine: classifier` (DECISIONS §11): a text-classification endpoint the user runs (Prompt
 * Guard, a DeBERTa injection model, any fine-tuned classifier behind Text Embeddings Inference
 * or a Hugging Face inference server). `tei`: `POST {url}/predict` with `{"inputs", "truncate":
 * true}` answering `[{label, score}...]`; `hf`: `POST {url}` with `{"inputs"}` answering
 * `[[{label, score}...]]`. The score of `label` is the confidence (a label missing from the answer
 * scores 0). A text longer than `max_chars` goes as windows overlapping by a tenth, in one batch;
 * the highest window counts.
 */
import { Type, type Static } from "@sinclair/typebox";
import type { GuardrailServices } from "../services.ts";
import { GuardrailConfigError, GuardrailUnavailableError } from "../types.ts";

export const DEFAULT_CLASSIFIER_THRESHOLD = 0.5;

export const ClassifierEndpointSchema = Type.Object(
  {
    url: Type.String({ pattern: "^https?://", description: "the endpoint's base URL (tei) or model URL (hf)" }),
    format: Type.Optional(Type.Union([Type.Literal("tei"), Type.Literal("hf")])),
    label: Type.String({ minLength: 1 }),
    api_key_env: Type.Optional(Type.String({ pattern: "^[A-Za-z_][A-Za-z0-9_]*$" })),
    max_chars: Type.Optional(Type.Integer({ minimum: 16, maximum: 1_000_000 })),
    timeout_ms: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000 })),
  },
  { additionalProperties: false },
);
export type ClassifierEndpoint = Static<typeof ClassifierEndpointSchema>;

/** The most windows one text is sent as: a text beyond them is judged by its first and last windows' span. */
const MAX_WINDOWS = 64;

export interface EndpointScore {
  readonly score: number;
  readonly windows: number;
  readonly ms: number;
}

/** The endpoint's score of `label` for `text`: the highest over its windows. */
export async function endpointScore(endpoint: ClassifierEndpoint, text: string, services: GuardrailServices, signal?: AbortSignal): Promise<EndpointScore> {
  const engines = services.engines;
  if (!engines) throw new GuardrailUnavailableError("no HTTP engine client is configured");
  const windows = windowsOf(text, endpoint.max_chars ?? 2000);
  const format = endpoint.format ?? "tei";
  const single = windows.length === 1;
  const body =
    format === "tei"
      ? // A flat pair of strings is one sentence pair to TEI: each window is a list of its own.
        { inputs: single ? windows[0] : windows.map((w) => [w]), truncate: true }
      : { inputs: single ? windows[0] : windows };
  const url = format === "tei" ? `${endpoint.url.replace(/\/+$/, "")}/predict` : endpoint.url;
  const headers: Record<string, string> = {};
  if (endpoint.api_key_env) {
    const key = services.variable?.(endpoint.api_key_env);
    if (!key) throw new GuardrailUnavailableError(`${endpoint.api_key_env} (the classifier's api_key_env) is not set`);
    headers.authorization = `Bearer ${key}`;
  }
  const startedAt = performance.now();
  const answer = await engines.post({ url, body, headers, timeoutMs: endpoint.timeout_ms ?? 2000, signal });
  const lists = answerLists(answer, format, single);
  if (!lists || lists.length !== windows.length) throw new GuardrailUnavailableError("the classifier answered something that is not a list of {label, score}");
  let best = 0;
  for (const list of lists) best = Math.max(best, scoreOf(list, endpoint.label));
  return { score: best, windows: windows.length, ms: performance.now() - startedAt };
}

/** The answer as one list of predictions per window, or null when it has another shape. */
function answerLists(answer: unknown, format: "tei" | "hf", single: boolean): unknown[][] | null {
  if (!Array.isArray(answer)) return null;
  // tei: one text -> [{..}], several -> [[{..}], ...]; hf: one -> [[{..}]], several -> [[{..}], ...].
  if (single && format === "tei") return Array.isArray(answer[0]) ? (answer as unknown[][]).slice(0, 1) : [answer];
  if (single && !Array.isArray(answer[0])) return [answer];
  return answer.every(Array.isArray) ? (answer as unknown[][]) : null;
}

function scoreOf(predictions: readonly unknown[], label: string): number {
  for (const p of predictions) {
    const { label: l, score } = (p ?? {}) as { label?: unknown; score?: unknown };
    if (l === label && typeof score === "number" && Number.isFinite(score)) return Math.min(1, Math.max(0, score));
  }
  return 0;
}

/** Windows of at most `size` characters, overlapping by a tenth; the whole text when it fits. */
export function windowsOf(text: string, size: number): string[] {
  if (text.length <= size) return [text];
  const step = Math.max(1, size - Math.floor(size / 10));
  const out: string[] = [];
  for (let start = 0; start < text.length && out.length < MAX_WINDOWS; start += step) {
    out.push(text.slice(start, start + size));
    if (start + size >= text.length) break;
  }
  // Past the cap, the text's end is judged too: an instruction is often its last sentence.
  if (out.length === MAX_WINDOWS) out[MAX_WINDOWS - 1] = text.slice(text.length - size);
  return out;
}

/** The endpoint config a `classifier` or `cascade_with: classifier` engine needs. */
export function requireEndpoint(endpoint: ClassifierEndpoint | undefined, why: string): ClassifierEndpoint {
  if (!endpoint) throw new GuardrailConfigError("classifier", `config.classifier (url, format, label) is required with ${why}`);
  return endpoint;
}
