/**
 * A stage over a large text, with its local guardrails run by the scan pool (scan-pool.ts): the
 * maskers as one job (each reads the previous one's output), then each local detector as a job
 * of its own, so they run side by side on a machine with the cores. Checks that call out of the
 * process (judge models, moderations) only wait, and run here as in any stage.
 */
import { GuardrailUnavailableError } from "../guardrails/types.ts";
import type { CompiledEntry, CompiledPolicy } from "../policy/compile.ts";
import type { StageName } from "../policy/schema.ts";
import type { ScanPool } from "./scan-pool.ts";
import type { MaskStep } from "./scan-messages.ts";
import { StageProgress, type StageOptions, type StartedStage } from "./stage-runs.ts";
import type { Segment } from "./types.ts";

/** A worker's reason (a string: the check's own, or "internal error") as the error it stands for. */
function unavailable(reason: unknown): unknown {
  return typeof reason === "string" ? new GuardrailUnavailableError(reason) : reason;
}

export async function startOffloadedStage(
  pool: ScanPool,
  policy: CompiledPolicy,
  stage: StageName,
  entries: readonly CompiledEntry[],
  input: readonly Segment[],
  options: StageOptions,
): Promise<StartedStage> {
  const progress = new StageProgress(policy, stage, entries, input, options);
  const maskers = entries.filter((e) => e.guardrail.kind === "masker");
  if (maskers.length > 0) {
    let steps: readonly (MaskStep | { readonly error: unknown })[];
    // One job runs every masker: each one's span covers the job.
    const startedAt = performance.now();
    try {
      // Every masker is local, so every masker entry has a recipe. A vault travels as its
      // entries and comes back with the placeholders the worker added.
      const vault = options.vault;
      const done = await pool.mask(
        maskers.map((e) => e.recipe!),
        progress.maskTexts(),
        progress.context?.resent === true,
        vault ? { forced: vault.forced, entries: vault.entries() } : undefined,
      );
      if (vault && done.vault) vault.adopt(done.vault);
      steps = done.steps;
    } catch (error) {
      steps = maskers.map(() => ({ error }));
    }
    maskers.forEach((entry, i) => {
      const step = steps[i]!;
      progress.masked(entry, "error" in step ? { error: unavailable(step.error) } : step, startedAt);
    });
  }
  // Local detectors have recipes (remote ones are judged by the stage itself).
  return progress.startDetectors((entry, _detector, texts) => pool.detect(entry.recipe!, texts));
}
