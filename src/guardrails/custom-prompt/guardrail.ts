/** `CustomPrompt` (DECISIONS §3): the judge model flags text matching the owner's description. */
import { Type, type Static } from "@sinclair/typebox";
import { DEFAULT_JUDGE_MODEL, DEFAULT_MAX_TURNS, DEFAULT_THRESHOLD, IncludeReasoning, MaxTurns, Model, Threshold } from "../judge/config.ts";
import { JudgeFormatSchema, LlamaGuardCategories } from "../judge/llama-guard.ts";
import { createLlmCheck } from "../judge/llm-check.ts";
import { customPrompt } from "../judge/prompts.ts";
import type { GuardrailDefinition } from "../types.ts";

export const CustomPromptConfigSchema = Type.Object(
  {
    confidence_threshold: Threshold,
    model: Model,
    system_prompt_details: Type.String({ minLength: 1, maxLength: 8000 }),
    max_turns: MaxTurns,
    include_reasoning: IncludeReasoning,
    judge_format: JudgeFormatSchema,
    categories: LlamaGuardCategories,
  },
  { additionalProperties: false },
);
type CustomPromptConfig = Static<typeof CustomPromptConfigSchema>;

export const customPromptDefinition: GuardrailDefinition<CustomPromptConfig> = {
  name: "CustomPrompt",
  kind: "detector",
  configSchema: CustomPromptConfigSchema,
  suppressEnforcementByDefault: false,
  create: (config, services) =>
    createLlmCheck(
      {
        name: "CustomPrompt",
        system: customPrompt(config.system_prompt_details),
        model: config.model ?? DEFAULT_JUDGE_MODEL,
        threshold: config.confidence_threshold ?? DEFAULT_THRESHOLD,
        maxTurns: config.max_turns ?? (config.judge_format === "llama_guard" ? DEFAULT_MAX_TURNS : 0),
        includeReasoning: config.include_reasoning ?? false,
        label: "custom",
        format: config.judge_format ?? "json",
        ...(config.categories ? { categories: config.categories } : {}),
      },
      services,
    ),
  describe: () => "flagged by the custom check",
};
