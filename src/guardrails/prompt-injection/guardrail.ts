/**
 * `PromptInjection` (DECISIONS §3): instructions that try to override the application's, in the
 * user's turn or in a tool result. `engine: local` (default) is the in-process classifier;
 * `engine: llm` asks the judge model.
 */
import { Type, type Static } from "@sinclair/typebox";
import { createLocalDetector } from "../classifier/detector.ts";
import { DEFAULT_JUDGE_MODEL, DEFAULT_MAX_TURNS, DEFAULT_THRESHOLD, IncludeReasoning, MaxTurns, Model, Threshold } from "../judge/config.ts";
import { createLlmCheck } from "../judge/llm-check.ts";
import { PROMPT_INJECTION_PROMPT } from "../judge/prompts.ts";
import type { GuardrailDefinition } from "../types.ts";

export const PromptInjectionConfigSchema = Type.Object(
  {
    confidence_threshold: Threshold,
    engine: Type.Optional(Type.Union([Type.Literal("local"), Type.Literal("llm")])),
    model: Model,
    max_turns: MaxTurns,
    include_reasoning: IncludeReasoning,
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
    const threshold = config.confidence_threshold ?? DEFAULT_THRESHOLD;
    if ((config.engine ?? "local") === "local") return createLocalDetector("PromptInjection", "injection", threshold);
    return createLlmCheck(
      {
        name: "PromptInjection",
        system: PROMPT_INJECTION_PROMPT,
        model: config.model ?? DEFAULT_JUDGE_MODEL,
        threshold,
        maxTurns: config.max_turns ?? DEFAULT_MAX_TURNS,
        includeReasoning: config.include_reasoning ?? false,
        label: "injection",
      },
      services,
    );
  },
  describe: () => "prompt injection detected",
};
