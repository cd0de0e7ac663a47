/**
 * The engine choice of a detector that has a local classifier (PromptInjection, Jailbreak,
 * HarmfulContent): `local` (the classifier at its calibrated default threshold), `llm` (the
 * judge model), `classifier` (a classification endpoint the user runs, DECISIONS §11) or
 * `cascade` (the local classifier, and inside `cascade_band` the judge or the endpoint:
 * `cascade_with`).
 */
import { DEFAULT_JUDGE_MODEL, DEFAULT_MAX_TURNS, DEFAULT_THRESHOLD } from "../judge/config.ts";
import { createLlmCheck, type LlmCheckSpec } from "../judge/llm-check.ts";
import type { GuardrailServices } from "../services.ts";
import type { Detector } from "../types.ts";
import { requireEndpoint, DEFAULT_CLASSIFIER_THRESHOLD, type ClassifierEndpoint } from "../engines/classifier-endpoint.ts";
import { createEndpointDetector } from "../engines/endpoint-detector.ts";
import type { JudgeFormat } from "../judge/llama-guard.ts";
import { cascadeBand, createCascadeDetector } from "./cascade.ts";
import type { ClassifierName } from "./classifier.ts";
import { createLocalDetector } from "./detector.ts";
import { LOCAL_THRESHOLDS } from "./thresholds.ts";

/** The config fields the three engines read. */
export interface EngineConfig {
  readonly confidence_threshold?: number;
  readonly cascade_band?: readonly number[];
  readonly model?: string;
  readonly max_turns?: number;
  readonly include_reasoning?: boolean;
  readonly classifier?: ClassifierEndpoint;
  readonly cascade_with?: "llm" | "classifier";
  readonly judge_format?: JudgeFormat;
  readonly categories?: readonly string[];
  /** Whose text the local classifier reads: `prompts` (default) or `tool_text` (rules.ts: TextReading). */
  readonly reads?: "prompts" | "tool_text";
}

export type EngineName = "local" | "llm" | "cascade" | "classifier";

/** The judge's check from a detector's config: its prompt and label, the config's model and turns. */
export function judgeSpecOf(name: string, system: string, label: string, config: EngineConfig, maxTurns = config.max_turns ?? DEFAULT_MAX_TURNS): LlmCheckSpec {
  return {
    name,
    system,
    model: config.model ?? DEFAULT_JUDGE_MODEL,
    threshold: config.confidence_threshold ?? DEFAULT_THRESHOLD,
    maxTurns,
    includeReasoning: config.include_reasoning ?? false,
    label,
    format: config.judge_format ?? "json",
    ...(config.judge_format === "llama_guard" && config.categories ? { categories: config.categories } : {}),
  };
}

export function createEngineDetector(engine: EngineName, classifier: ClassifierName, judge: LlmCheckSpec, config: EngineConfig, services: GuardrailServices): Detector {
  const reading = config.reads === "tool_text" ? "tool" : "prompt";
  if (engine === "local") return createLocalDetector(judge.name, classifier, config.confidence_threshold ?? LOCAL_THRESHOLDS[classifier], reading);
  if (engine === "llm") return createLlmCheck(judge, services);
  const endpointDetector = () => createEndpointDetector(judge.name, judge.label, requireEndpoint(config.classifier, `engine: ${engine}`), config.confidence_threshold ?? DEFAULT_CLASSIFIER_THRESHOLD, services);
  if (engine === "classifier") return endpointDetector();
  const decider = config.cascade_with === "classifier" ? endpointDetector() : createLlmCheck(judge, services);
  return createCascadeDetector({ classifier, band: cascadeBand(config.cascade_band), name: judge.name, label: judge.label, decider, reading }, services);
}
