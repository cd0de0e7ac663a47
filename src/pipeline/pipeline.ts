/**
 * The guardrail road every endpoint walks: `pre_flight` and `input` before the upstream call,
 * `output` after it. The guard endpoints are this road with the upstream call taken out.
 */
import type { CompiledPolicy } from "../policy/compile.ts";
import { revealHidden } from "./hidden-text.ts";
import { runStage } from "./run-stage.ts";
import type { Block, GuardrailRun, Segment } from "./types.ts";

export interface InputVerdict {
  /**
   * Segments after `pre_flight` and `input` masking, in the order given: what goes upstream.
   * Judged-only segments may follow them (text hidden in tag characters: hidden-text.ts).
   */
  readonly segments: readonly Segment[];
  /** Masking changed at least one segment. */
  readonly changed: boolean;
  readonly runs: readonly GuardrailRun[];
  readonly block: Block | null;
}

export async function runInputStages(policy: CompiledPolicy, given: readonly Segment[], signal?: AbortSignal): Promise<InputVerdict> {
  const segments = policy.stages.pre_flight.length + policy.stages.input.length > 0 ? revealHidden(given) : given;
  const pre = await runStage(policy, "pre_flight", segments, signal);
  if (pre.block) return { segments: pre.segments, changed: pre.segments !== given, runs: pre.runs, block: pre.block };
  const input = await runStage(policy, "input", pre.segments, signal);
  const runs = pre.runs.length === 0 ? input.runs : [...pre.runs, ...input.runs];
  return { segments: input.segments, changed: input.segments !== given, runs, block: input.block };
}

export interface OutputVerdict {
  readonly runs: readonly GuardrailRun[];
  readonly block: Block | null;
}

/** Judges assistant text. Output masking is not applied to responses (SPEC "Stage usage of PII"). */
export async function runOutputStage(policy: CompiledPolicy, texts: readonly string[], signal?: AbortSignal): Promise<OutputVerdict> {
  const result = await runStage(
    policy,
    "output",
    revealHidden(texts.map((text) => ({ role: "assistant", text, masked: true, judged: true }))),
    signal,
  );
  return { runs: result.runs, block: result.block };
}
