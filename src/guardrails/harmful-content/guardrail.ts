/**
 * `HarmfulContent` (DECISIONS §3): harmful requests and toxic text. `engine: local` (default)
 * is the in-process classifier (one harmful-vs-benign score: `categories` does not narrow it);
 * `engine: moderation` uses the moderations endpoint, its scores against the threshold;
 * `engine: llm` asks the judge model about the chosen categories; `engine: cascade` asks it only
 * when the local classifier's score falls inside `cascade_band`.
 */
import { Type, type Static } from "@sinclair/typebox";
import { createEngineDetector, judgeSpecOf } from "../classifier/engines.ts";
import { CascadeBand, DEFAULT_THRESHOLD, IncludeReasoning, Model, Threshold } from "../judge/config.ts";
import { harmfulContentPrompt } from "../judge/prompts.ts";
import { Categories, MODERATION_CATEGORIES } from "../moderation/categories.ts";
import { createModerationCheck } from "../moderation/check.ts";
import { DEFAULT_MODERATION_MODEL } from "../moderation/guardrail.ts";
import type { GuardrailDefinition } from "../types.ts";

export const HarmfulContentConfigSchema = Type.Object(
  {
    confidence_threshold: Threshold,
    categories: Categories,
    engine: Type.Optional(Type.Union([Type.Literal("local"), Type.Literal("moderation"), Type.Literal("llm"), Type.Literal("cascade")])),
    cascade_band: CascadeBand,
    model: Model,
    include_reasoning: IncludeReasoning,
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
    const categories = config.categories ?? MODERATION_CATEGORIES;
    const engine = config.engine ?? "local";
    if (engine === "moderation") {
      const threshold = config.confidence_threshold ?? DEFAULT_THRESHOLD;
      return createModerationCheck({ name: "HarmfulContent", model: config.model ?? DEFAULT_MODERATION_MODEL, categories, threshold }, services);
    }
    // The text alone: a harmful request is harmful whatever came before it.
    return createEngineDetector(engine, "harmful", judgeSpecOf("HarmfulContent", harmfulContentPrompt(categories), "harmful", config, 0), config, services);
  },
  describe: (labels) => (labels.length > 0 && labels[0] !== "harmful" ? `harmful content detected (${labels.join(", ")})` : "harmful content detected"),
};
