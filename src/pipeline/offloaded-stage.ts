/**
 * A stage over a large text, with its local guardrails run by the scan pool (scan-pool.ts): the
 * maskers as one job (each reads the previous one's output), then each local detector as a job
 * of its own, so they run side by side on a machine with the cores. Checks that call out of the
 * process (judge models, moderations) only wait, and run here as in any stage.
 */
import { GuardrailUnavailableError, type Detector } from "../guardrails/types.ts";
import type { CompiledEntry, CompiledPolicy } from "../policy/compile.ts";
import type { StageName } from "../policy/schema.ts";
import type { ScanPool } from "./scan-pool.ts";
import { detectorRun, failedRun, judged, maskContext, maskedRun, textOf, type StartedStage } from "./stage-runs.ts";
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
  signal: AbortSignal | undefined,
): Promise<StartedStage> {
  const runs: StartedStage["runs"] = new Array(entries.length);
  let segments = input;
  let firstEnforcingMasker = entries.length;
  const maskers = entries.filter((e) => e.guardrail.kind === "masker");
  if (maskers.length > 0) {
    let steps;
    try {
      // Every masker is local, so every masker entry has a recipe.
      steps = await pool.mask(
        maskers.map((e) => e.recipe!),
        input.map(textOf),
        maskContext(stage, input)?.resent === true,
      );
    } catch (e) {
      steps = maskers.map(() => ({ error: e }));
    }
    maskers.forEach((entry, i) => {
      const step = steps[i]!;
      const masked = "error" in step ? { run: failedRun(entry, unavailable(step.error)), segments } : maskedRun(policy, entry, segments, step);
      runs[entry.index] = masked.run;
      segments = masked.segments;
      if (masked.run.enforced) firstEnforcingMasker = Math.min(firstEnforcingMasker, entry.index);
    });
  }
  const detectors = entries.filter((e) => e.guardrail.kind === "detector" && e.index < firstEnforcingMasker);
  if (detectors.length === 0) return { segments, runs, detectors: null };
  const { text, history } = judged(stage, segments);
  const settled = Promise.all(
    detectors.map(async (entry) => {
      const recipe = entry.recipe;
      runs[entry.index] = await detectorRun(policy, entry, () =>
        recipe ? pool.detect(recipe, text) : (entry.guardrail as Detector).detect(text, { history, signal }),
      );
    }),
  );
  return { segments, runs, detectors: settled };
}
