/**
 * `HarmfulContent` (DECISIONS §3): harmful requests and toxic text. `engine: local` (default)
 * is the in-process classifier (one harmful-vs-benign score: `categories` does not narrow it);
 * `engine: moderation` uses the moderations endpoint, its scores against the threshold;
 * `engine: llm` asks the judge model about the chosen categories.
 */
import { Type, type Static } from "@sinclair/typebox";
import { createLocalDetector } from "../classifier/detector.ts";
import { DEFAULT_JUDGE_MODEL, DEFAULT_THRESHOLD, IncludeReasoning, Model, Threshold } from "../judge/config.ts";
import { createLlmCheck } from "../judge/llm-check.ts";
import { harmfulContentPrompt } from "../judge/prompts.ts";
import { Categories, MODERATION_CATEGORIES } from "../moderation/categories.ts";
import { createModerationCheck } from "../moderation/check.ts";
import { DEFAULT_MODERATION_MODEL } from "../moderation/guardrail.ts";
import type { GuardrailDefinition } from "../types.ts";

export const HarmfulContentConfigSchema = Type.Object(
  {
    confidence_threshold: Threshold,
    categories: Categories,
    engine: Type.Optional(Type.Union([Type.Literal("local"), Type.Literal("moderation"), Type.Literal("llm")])),
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
    const threshold = config.confidence_threshold ?? DEFAULT_THRESHOLD;
    const categories = config.categories ?? MODERATION_CATEGORIES;
    switch (config.engine ?? "local") {
      case "local":
        return createLocalDetector("HarmfulContent", "harmful", threshold);
      case "moderation":
        return createModerationCheck({ name: "HarmfulContent", model: config.model ?? DEFAULT_MODERATION_MODEL, categories, threshold }, services);
      case "llm":
        return createLlmCheck(
          {
            name: "HarmfulContent",
            system: harmfulContentPrompt(categories),
            model: config.model ?? DEFAULT_JUDGE_MODEL,
            threshold,
            maxTurns: 0,
            includeReasoning: config.include_reasoning ?? false,
            label: "harmful",
          },
          services,
        );
    }
  },
  describe: (labels) => (labels.length > 0 && labels[0] !== "harmful" ? `harmful content detected (${labels.join(", ")})` : "harmful content detected"),
};
