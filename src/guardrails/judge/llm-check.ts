/**
 * One factory for every LLM-judged check (Jailbreak and PromptInjection with `engine: llm`,
 * HarmfulContent with `engine: llm`, NSFW, CustomPrompt): a system prompt, the judged text with
 * up to `max_turns` earlier turns of context, a structured verdict, and a trip when the judge
 * flags the text with at least `confidence_threshold`. It runs after masking, so the judge
 * never sees a masked value. A failed call or a malformed verdict makes the check unavailable,
 * and its `on_error` decides.
 */
import type { GuardrailServices, JudgeClient } from "../services.ts";
import { GuardrailUnavailableError, type Detection, type DetectContext, type Detector } from "../types.ts";
import { llamaGuardCounts, llamaGuardMessages, parseLlamaGuard, type JudgeFormat } from "./llama-guard.ts";
import { parseVerdict, verdictSchema } from "./verdict.ts";

export interface LlmCheckSpec {
  readonly name: string;
  readonly system: string;
  readonly model: string;
  readonly threshold: number;
  /** Earlier turns given as context; 0 judges the text alone. */
  readonly maxTurns: number;
  readonly includeReasoning: boolean;
  /** A safe label for logs and block messages when the check trips. */
  readonly label: string;
  /** How the judge answers: the JSON verdict, or a Llama Guard model's `safe`/`unsafe` (DECISIONS §11). */
  readonly format?: JudgeFormat;
  /** `llama_guard`: the hazard codes that count (all when absent). */
  readonly categories?: readonly string[];
}

/** Longest text sent to the judge per turn: a cost and latency bound, with the ends kept. */
const MAX_TURN_CHARS = 32_000;

export function createLlmCheck(spec: LlmCheckSpec, services: GuardrailServices): Detector {
  if (spec.format === "llama_guard") {
    // Llama Guard judges the last turn of the conversation it is given: each judged text goes as
    // that turn, after the conversation before it (`perText`), not the stage's texts joined into one.
    return { ...llamaGuardCheck(spec, services), perText: true };
  }
  const schema = verdictSchema(spec.includeReasoning);
  return judgeCheck(spec, services, async (judge, text, context) => {
    const content = await judge.complete({ model: spec.model, system: spec.system, user: judgedMessage(text, context, spec.maxTurns), schema, signal: context.signal });
    const verdict = parseVerdict(content);
    const info: Record<string, unknown> = { flagged: verdict.flagged, confidence: verdict.confidence, threshold: spec.threshold };
    if (spec.includeReasoning && verdict.reason !== undefined) info.reason = verdict.reason;
    // A "not flagged" verdict's confidence is about the text being clean: as a score of the
    // thing looked for, it counts from the other end.
    return { tripped: verdict.flagged && verdict.confidence >= spec.threshold, confidence: verdict.flagged ? verdict.confidence : 1 - verdict.confidence, info };
  });
}

function llamaGuardCheck(spec: LlmCheckSpec, services: GuardrailServices): Detector {
  return judgeCheck(spec, services, async (judge, text, context) => {
    if (!judge.converse) throw new GuardrailUnavailableError("the judge client cannot hold a plain conversation");
    const content = await judge.converse({ model: spec.model, messages: llamaGuardMessages(clip(text), context.history.map((t) => ({ role: t.role, text: clip(t.text) })), spec.maxTurns, context.stage), signal: context.signal });
    const verdict = parseLlamaGuard(content);
    const tripped = llamaGuardCounts(verdict, spec.categories);
    // The hazard codes are the model's fixed vocabulary: safe for logs.
    return { tripped, confidence: tripped ? 1 : 0, info: { judge_format: "llama_guard", unsafe: verdict.unsafe, categories: verdict.categories } };
  });
}

interface JudgeVerdict {
  readonly tripped: boolean;
  readonly confidence: number;
  readonly info: Record<string, unknown>;
}

/** A detector asking the judge model once per stage: the call timed, its verdict labelled. */
function judgeCheck(spec: LlmCheckSpec, services: GuardrailServices, ask: (judge: JudgeClient, text: string, context: DetectContext) => Promise<JudgeVerdict>): Detector {
  return {
    kind: "detector",
    name: spec.name,
    remote: true,
    engine: "llm",
    async detect(text: string, context: DetectContext): Promise<Detection> {
      const judge = services.judge;
      if (!judge) throw new GuardrailUnavailableError("no judge model is configured (COMPAT_BASE_URL / models config)");
      const startedAt = performance.now();
      const verdict = await ask(judge, text, context);
      const engineMs = Math.round((performance.now() - startedAt) * 10) / 10;
      return {
        tripped: verdict.tripped,
        confidence: verdict.confidence,
        labels: verdict.tripped ? [spec.label] : [],
        info: { guardrail_name: spec.name, engine: "llm", engine_ms: engineMs, model: spec.model, ...verdict.info },
      };
    },
  };
}

function judgedMessage(text: string, context: DetectContext, maxTurns: number): string {
  const turns = maxTurns > 0 ? context.history.slice(-maxTurns) : [];
  const parts: string[] = [];
  if (turns.length > 0) {
    parts.push("Earlier turns of the conversation, oldest first:");
    for (const t of turns) parts.push(`[${t.role}] ${clip(t.text)}`);
    parts.push("");
  }
  parts.push(`<text>\n${clip(text)}\n</text>`);
  return parts.join("\n");
}

function clip(text: string): string {
  return text.length <= MAX_TURN_CHARS ? text : `${text.slice(0, MAX_TURN_CHARS / 2)}\n[...]\n${text.slice(text.length - MAX_TURN_CHARS / 2)}`;
}
