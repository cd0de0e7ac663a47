/**
 * The guardrail road every endpoint walks: `pre_flight` and `input` before the upstream call,
 * `output` after it. The guard endpoints are this road with the upstream call taken out.
 */
import type { CompiledPolicy } from "../policy/compile.ts";
import type { PlaceholderVault } from "../guardrails/text/vault.ts";
import type { RequestTrace } from "../tracing/trace.ts";
import { revealHidden } from "./hidden-text.ts";
import { runStage } from "./run-stage.ts";
import type { ConversationTurn, StageOptions } from "./stage-runs.ts";
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

/** `stages: "pre_flight"` runs masking alone (a token count, which no model answers: DECISIONS §13). */
export async function runInputStages(policy: CompiledPolicy, given: readonly Segment[], options: StageOptions = {}, stages: "all" | "pre_flight" = "all"): Promise<InputVerdict> {
  const segments = policy.stages.pre_flight.length + policy.stages.input.length > 0 ? revealHidden(given) : given;
  const pre = await runStage(policy, "pre_flight", segments, options);
  if (pre.block || stages === "pre_flight") return { segments: pre.segments, changed: pre.segments !== given, runs: pre.runs, block: pre.block };
  const input = await runStage(policy, "input", pre.segments, options);
  const runs = pre.runs.length === 0 ? input.runs : [...pre.runs, ...input.runs];
  return { segments: input.segments, changed: input.segments !== given, runs, block: input.block };
}

export interface OutputVerdict {
  readonly runs: readonly GuardrailRun[];
  readonly block: Block | null;
  /** The texts as masking guardrails of the output stage left them (DECISIONS §9), in order. */
  readonly texts?: readonly string[];
}

export interface OutputOptions {
  readonly signal?: AbortSignal;
  /** `masked[i]` false: the text is judged but never rewritten (signed thinking). */
  readonly masked?: readonly boolean[];
  readonly trace?: RequestTrace;
  /** Reversible output masking (an MCP session's placeholders: DECISIONS §12). */
  readonly vault?: PlaceholderVault;
  /** Work nobody waits for (StageOptions.background). */
  readonly background?: boolean;
  /** The prompt's conversation, as the input stages left it: remote judges read the answer after it. */
  readonly prompt?: readonly ConversationTurn[];
}

/**
 * Judges assistant text, and masks it where a masking guardrail of the output stage masks
 * (`block: false`: DECISIONS §9, beyond SPEC's "unsupported").
 */
export async function runOutputStage(policy: CompiledPolicy, texts: readonly string[], options: OutputOptions = {}): Promise<OutputVerdict> {
  const { masked } = options;
  const result = await runStage(
    policy,
    "output",
    revealHidden(texts.map((text, i) => ({ role: "assistant", text, masked: masked?.[i] ?? true, judged: true }))),
    { signal: options.signal, trace: options.trace, ...(options.vault ? { vault: options.vault } : {}), ...(options.background ? { background: true } : {}), ...(options.prompt ? { before: options.prompt } : {}) },
  );
  return { runs: result.runs, block: result.block, texts: result.segments.slice(0, texts.length).map((s) => s.text) };
}
