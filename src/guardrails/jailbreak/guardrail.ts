/**
 * `Jailbreak` (DECISIONS §3): attempts to make the model ignore its safety rules. `engine: llm`
 * (the default, DECISIONS §3) asks the judge model with up to `max_turns` earlier turns, which
 * catches multi-turn attacks; `engine: local` is the in-process classifier, about a millisecond
 * and no network.
 */
import { Type, type Static } from "@sinclair/typebox";
import { createLocalDetector } from "../classifier/detector.ts";
import { DEFAULT_JUDGE_MODEL, DEFAULT_MAX_TURNS, DEFAULT_THRESHOLD, IncludeReasoning, MaxTurns, Model, Threshold } from "../judge/config.ts";
import { createLlmCheck } from "../judge/llm-check.ts";
import { JAILBREAK_PROMPT } from "../judge/prompts.ts";
import type { GuardrailDefinition } from "../types.ts";

export const JailbreakConfigSchema = Type.Object(
  {
    confidence_threshold: Threshold,
    engine: Type.Optional(Type.Union([Type.Literal("llm"), Type.Literal("local")])),
    model: Model,
    max_turns: MaxTurns,
    include_reasoning: IncludeReasoning,
  },
  { additionalProperties: false },
);
type JailbreakConfig = Static<typeof JailbreakConfigSchema>;

export const jailbreakDefinition: GuardrailDefinition<JailbreakConfig> = {
  name: "Jailbreak",
  kind: "detector",
  configSchema: JailbreakConfigSchema,
  suppressEnforcementByDefault: false,
  create(config, services) {
    const threshold = config.confidence_threshold ?? DEFAULT_THRESHOLD;
    if (config.engine === "local") return createLocalDetector("Jailbreak", "jailbreak", threshold);
    return createLlmCheck(
      {
        name: "Jailbreak",
        system: JAILBREAK_PROMPT,
        model: config.model ?? DEFAULT_JUDGE_MODEL,
        threshold,
        maxTurns: config.max_turns ?? DEFAULT_MAX_TURNS,
        includeReasoning: config.include_reasoning ?? false,
        label: "jailbreak",
      },
      services,
    );
  },
  describe: () => "jailbreak attempt detected",
};
