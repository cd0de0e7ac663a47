/**
 * `HarmfulContent` (DECISIONS §3): harmful requests and toxic text. `engine: local` (default)
 * is the in-process classifier (one harmful-vs-benign score: `categories` does not narrow it);
 * `engine: moderation` uses the moderations endpoint, its scores against the threshold;
 * `engine: llm` asks the judge model about the chosen categories; `engine: cascade` asks it only
 * when the local classifier's score falls inside `cascade_band`.
 */
import { Type, type Static } from "@sinclair/typebox";
import { createEngineDetector, judgeSpecOf } from "../classifier/engines.ts";
import { ClassifierEndpointSchema } from "../engines/classifier-endpoint.ts";
import { JudgeFormatSchema, LlamaGuardCategories } from "../judge/llama-guard.ts";
import { CascadeBand, CascadeWith, DEFAULT_MAX_TURNS, DEFAULT_THRESHOLD, IncludeReasoning, Model, Threshold } from "../judge/config.ts";
import { harmfulContentPrompt } from "../judge/prompts.ts";
import { Categories, MODERATION_CATEGORIES } from "../moderation/categories.ts";
import { createModerationCheck } from "../moderation/check.ts";
import { DEFAULT_MODERATION_MODEL } from "../moderation/guardrail.ts";
import { GuardrailConfigError, type GuardrailDefinition } from "../types.ts";

export const HarmfulContentConfigSchema = Type.Object(
  {
    confidence_threshold: Threshold,
    // Moderation categories; with judge_format: llama_guard, Llama Guard's hazard codes (S1-S14).
    categories: Type.Optional(Type.Union([Categories, LlamaGuardCategories])),
    engine: Type.Optional(Type.Union([Type.Literal("local"), Type.Literal("moderation"), Type.Literal("llm"), Type.Literal("cascade"), Type.Literal("classifier")])),
    cascade_band: CascadeBand,
    model: Model,
    include_reasoning: IncludeReasoning,
    classifier: Type.Optional(ClassifierEndpointSchema),
    cascade_with: CascadeWith,
    judge_format: JudgeFormatSchema,
  },
  { additionalProperties: false },
);
type HarmfulContentConfig = Static<typeof HarmfulContentConfigSchema>;

export const harmfulContentDefinition: GuardrailDefinition<HarmfulContentConfig> = {
  name: "HarmfulContent",
  kind: "detector",
  configSchema: HarmfulContentConfigSchema,
  suppressEnforcementByDefault: false,
  create(config, services) {
    const llamaGuard = config.judge_format === "llama_guard";
    const hazardCodes = llamaGuard ? (config.categories as readonly string[] | undefined) : undefined;
    if (hazardCodes?.some((c) => !/^S\d/.test(c))) throw new GuardrailConfigError("categories", "with judge_format: llama_guard, categories are Llama Guard's hazard codes (S1-S14)");
    if (!llamaGuard && config.categories?.some((c) => /^S\d/.test(c))) throw new GuardrailConfigError("categories", "hazard codes (S1-S14) need judge_format: llama_guard");
    const categories = llamaGuard ? MODERATION_CATEGORIES : ((config.categories as typeof MODERATION_CATEGORIES | undefined) ?? MODERATION_CATEGORIES);
    const engine = config.engine ?? "local";
    if (engine === "moderation") {
      const threshold = config.confidence_threshold ?? DEFAULT_THRESHOLD;
      return createModerationCheck({ name: "HarmfulContent", model: config.model ?? DEFAULT_MODERATION_MODEL, categories, threshold }, services);
    }
    // The JSON judge reads the text alone: a harmful request is harmful whatever came before it.
    // Llama Guard judges a turn of a conversation, and is given it (DECISIONS §11).
    const engineConfig = { ...config, categories: hazardCodes };
    return createEngineDetector(engine, "harmful", judgeSpecOf("HarmfulContent", harmfulContentPrompt(categories), "harmful", engineConfig, llamaGuard ? DEFAULT_MAX_TURNS : 0), engineConfig, services);
  },
  describe: (labels) => (labels.length > 0 && labels[0] !== "harmful" ? `harmful content detected (${labels.join(", ")})` : "harmful content detected"),
};
