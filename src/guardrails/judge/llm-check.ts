/**
 * One factory for every LLM-judged check (Jailbreak and PromptInjection with `engine: llm`,
 * HarmfulContent with `engine: llm`, NSFW, CustomPrompt): a system prompt, the judged text with
 * up to `max_turns` earlier turns of context, a structured verdict, and a trip when the judge
 * flags the text with at least `confidence_threshold`. It runs after masking, so the judge
 * never sees a masked value. A failed call or a malformed verdict makes the check unavailable,
 * and its `on_error` decides.
 */
import type { GuardrailServices } from "../services.ts";
import { GuardrailUnavailableError, type Detection, type DetectContext, type Detector } from "../types.ts";
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
}

/** Longest text sent to the judge per turn: a cost and latency bound, with the ends kept. */
const MAX_TURN_CHARS = 32_000;

export function createLlmCheck(spec: LlmCheckSpec, services: GuardrailServices): Detector {
  const schema = verdictSchema(spec.includeReasoning);
  return {
    kind: "detector",
    name: spec.name,
    remote: true,
    async detect(text: string, context: DetectContext): Promise<Detection> {
      const judge = services.judge;
      if (!judge) throw new GuardrailUnavailableError("no judge model is configured (COMPAT_BASE_URL / models config)");
      const content = await judge.complete({ model: spec.model, system: spec.system, user: judgedMessage(text, context, spec.maxTurns), schema, signal: context.signal });
      const verdict = parseVerdict(content);
      const tripped = verdict.flagged && verdict.confidence >= spec.threshold;
      const info: Record<string, unknown> = {
        guardrail_name: spec.name,
        engine: "llm",
        model: spec.model,
        flagged: verdict.flagged,
        confidence: verdict.confidence,
        threshold: spec.threshold,
      };
      if (spec.includeReasoning && verdict.reason !== undefined) info.reason = verdict.reason;
      // A "not flagged" verdict's confidence is about the text being clean: as a score of the
      // thing looked for, it counts from the other end.
      return { tripped, confidence: verdict.flagged ? verdict.confidence : 1 - verdict.confidence, labels: tripped ? [spec.label] : [], info };
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
