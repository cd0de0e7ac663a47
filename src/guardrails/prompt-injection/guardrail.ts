/**
 * `PromptInjection` (DECISIONS §3): instructions that try to override the application's, in the
 * user's turn or in a tool result. `engine: local` (default) is the in-process classifier;
 * `engine: llm` asks the judge model; `engine: cascade` asks it only when the classifier's
 * score falls inside `cascade_band`.
 */
import { Type, type Static } from "@sinclair/typebox";
import { createEngineDetector, judgeSpecOf } from "../classifier/engines.ts";
import { ClassifierEndpointSchema } from "../engines/classifier-endpoint.ts";
import { JudgeFormatSchema, LlamaGuardCategories } from "../judge/llama-guard.ts";
import { CascadeBand, CascadeWith, IncludeReasoning, MaxTurns, Model, Threshold } from "../judge/config.ts";
import { PROMPT_INJECTION_PROMPT } from "../judge/prompts.ts";
import type { GuardrailDefinition } from "../types.ts";

export const PromptInjectionConfigSchema = Type.Object(
  {
    confidence_threshold: Threshold,
    engine: Type.Optional(Type.Union([Type.Literal("local"), Type.Literal("llm"), Type.Literal("cascade"), Type.Literal("classifier")])),
    cascade_band: CascadeBand,
    model: Model,
    max_turns: MaxTurns,
    include_reasoning: IncludeReasoning,
    classifier: Type.Optional(ClassifierEndpointSchema),
    cascade_with: CascadeWith,
    judge_format: JudgeFormatSchema,
    categories: LlamaGuardCategories,
    /**
     * `tool_text`: the texts are a tool's (its description, parameters, results: data a third
     * party addresses to the model), where an instruction to the model is the attack whatever
     * its wording; the local classifier adds the rules for tool text (hidden blocks, shadowing,
     * exfiltration, secrecy towards the user). Default `prompts`.
     */
    reads: Type.Optional(Type.Union([Type.Literal("prompts"), Type.Literal("tool_text")])),
  },
  { additionalProperties: false },
);
type PromptInjectionConfig = Static<typeof PromptInjectionConfigSchema>;

export const promptInjectionDefinition: GuardrailDefinition<PromptInjectionConfig> = {
  name: "PromptInjection",
  kind: "detector",
  configSchema: PromptInjectionConfigSchema,
  suppressEnforcementByDefault: false,
  create(config, services) {
    return createEngineDetector(config.engine ?? "local", "injection", judgeSpecOf("PromptInjection", PROMPT_INJECTION_PROMPT, "injection", config), config, services);
  },
  describe: () => "prompt injection detected",
};
