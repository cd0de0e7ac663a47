/**
 * `Jailbreak` (DECISIONS §3): attempts to make the model ignore its safety rules. `engine: llm`
 * (the default, DECISIONS §3) asks the judge model with up to `max_turns` earlier turns, which
 * catches multi-turn attacks; `engine: local` is the in-process classifier, about a millisecond
 * and no network; `engine: cascade` asks the judge only when the classifier's score falls inside
 * `cascade_band`.
 */
import { Type, type Static } from "@sinclair/typebox";
import { createEngineDetector, judgeSpecOf } from "../classifier/engines.ts";
import { ClassifierEndpointSchema } from "../engines/classifier-endpoint.ts";
import { JudgeFormatSchema, LlamaGuardCategories } from "../judge/llama-guard.ts";
import { CascadeBand, CascadeWith, IncludeReasoning, MaxTurns, Model, Threshold } from "../judge/config.ts";
import { JAILBREAK_PROMPT } from "../judge/prompts.ts";
import type { GuardrailDefinition } from "../types.ts";

export const JailbreakConfigSchema = Type.Object(
  {
    confidence_threshold: Threshold,
    engine: Type.Optional(Type.Union([Type.Literal("llm"), Type.Literal("local"), Type.Literal("cascade"), Type.Literal("classifier")])),
    cascade_band: CascadeBand,
    model: Model,
    max_turns: MaxTurns,
    include_reasoning: IncludeReasoning,
    classifier: Type.Optional(ClassifierEndpointSchema),
    cascade_with: CascadeWith,
    judge_format: JudgeFormatSchema,
    categories: LlamaGuardCategories,
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
    return createEngineDetector(config.engine ?? "llm", "jailbreak", judgeSpecOf("Jailbreak", JAILBREAK_PROMPT, "jailbreak", config), config, services);
  },
  describe: () => "jailbreak attempt detected",
};
