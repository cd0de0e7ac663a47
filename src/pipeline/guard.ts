/**
 * A guard check on one text (SPEC "POST /v1/guard/input" and "/v1/guard/output"), shared by
 * the guard endpoints and the `scan` command.
 */
import { PlaceholderVault } from "../guardrails/text/vault.ts";
import type { CompiledPolicy } from "../policy/compile.ts";
import type { RequestTrace } from "../tracing/trace.ts";
import { runInputStages, runOutputStage } from "./pipeline.ts";
import type { GuardrailRun } from "./types.ts";

export type GuardStage = "input" | "output";

export interface GuardResponse {
  readonly allowed: boolean;
  /** Set only when masking changed the text and nothing blocked; never for output. */
  readonly sanitized_text: string | null;
  readonly guardrail: string | null;
  readonly message: string | null;
  /**
   * With reversible masking (asked for, or the policy's): each numbered placeholder of
   * `sanitized_text` and the value it stands for (DECISIONS §9).
   */
  readonly restore?: Readonly<Record<string, string>>;
}

export interface GuardOptions {
  /** Numbered placeholders and their values, whatever the policy's own setting. */
  readonly reversible?: boolean;
  readonly trace?: RequestTrace;
}

export interface GuardOutcome {
  readonly response: GuardResponse;
  readonly runs: readonly GuardrailRun[];
  /** The text as the policy would pass it on (masked or not); null when it blocks. */
  readonly forwarded: string | null;
}

export async function guardText(policy: CompiledPolicy, stage: GuardStage, text: string, options: GuardOptions = {}): Promise<GuardOutcome> {
  if (stage === "output") {
    const verdict = await runOutputStage(policy, [text], { trace: options.trace });
    const block = verdict.block;
    return {
      response: { allowed: !block, sanitized_text: null, guardrail: block?.guardrail ?? null, message: block?.message ?? null },
      runs: verdict.runs,
      forwarded: block ? null : (verdict.texts?.[0] ?? text),
    };
  }
  const vault = options.reversible || policy.reversible ? new PlaceholderVault(options.reversible === true) : undefined;
  const verdict = await runInputStages(policy, [{ role: "user", text, masked: true, judged: true }], { vault, trace: options.trace });
  const block = verdict.block;
  const response: GuardResponse = {
    allowed: !block,
    sanitized_text: !block && verdict.changed ? verdict.segments[0]!.text : null,
    guardrail: block?.guardrail ?? null,
    message: block?.message ?? null,
  };
  const forwarded = block ? null : verdict.segments[0]!.text;
  return { response: vault && !block ? { ...response, restore: Object.fromEntries(vault.values) } : response, runs: verdict.runs, forwarded };
}
