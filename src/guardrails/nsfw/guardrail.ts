/** `NSFW` (DECISIONS §3): not-safe-for-work text, judged by the judge model. */
import { Type, type Static } from "@sinclair/typebox";
import { DEFAULT_JUDGE_MODEL, DEFAULT_MAX_TURNS, DEFAULT_THRESHOLD, IncludeReasoning, Model, Threshold } from "../judge/config.ts";
import { JudgeFormatSchema, LlamaGuardCategories } from "../judge/llama-guard.ts";
import { createLlmCheck } from "../judge/llm-check.ts";
import { NSFW_PROMPT } from "../judge/prompts.ts";
import type { GuardrailDefinition } from "../types.ts";

export const NsfwConfigSchema = Type.Object(
  { confidence_threshold: Threshold, model: Model, include_reasoning: IncludeReasoning, judge_format: JudgeFormatSchema, categories: LlamaGuardCategories },
  { additionalProperties: false },
);
type NsfwConfig = Static<typeof NsfwConfigSchema>;

export const nsfwDefinition: GuardrailDefinition<NsfwConfig> = {
  name: "NSFW",
  kind: "detector",
  configSchema: NsfwConfigSchema,
  suppressEnforcementByDefault: false,
  create: (config, services) =>
    createLlmCheck(
      {
        name: "NSFW",
        system: NSFW_PROMPT,
        model: config.model ?? DEFAULT_JUDGE_MODEL,
        threshold: config.confidence_threshold ?? DEFAULT_THRESHOLD,
        // Llama Guard reads the conversation the judged turn belongs to; the JSON judge the text alone.
        maxTurns: config.judge_format === "llama_guard" ? DEFAULT_MAX_TURNS : 0,
        includeReasoning: config.include_reasoning ?? false,
        label: "nsfw",
        format: config.judge_format ?? "json",
        ...(config.categories ? { categories: config.categories } : {}),
      },
      services,
    ),
  describe: () => "not-safe-for-work content detected",
};
