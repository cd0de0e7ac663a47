/**
 * One stage of a policy over a conversation. Maskers run first, in list order, over every
 * segment, so detectors (and any LLM they call) only ever see masked text. Detectors then run
 * concurrently on the judged text. The reported block is the first enforcing guardrail in list
 * order; detectors listed after an enforcing masker are skipped, as their verdict cannot
 * change the outcome.
 *
 * Where the work runs: a stage over a large text hands its local guardrails to the scan pool
 * (offloaded-stage.ts), so the event loop keeps serving; a short one runs at once; the rest run
 * in the event loop's turn, back to back with the stages of requests that arrived together.
 */
import type { Detection, Detector } from "../guardrails/types.ts";
import type { CompiledEntry, CompiledPolicy } from "../policy/compile.ts";
import type { StageName } from "../policy/schema.ts";
import { maskSegments } from "./mask-segments.ts";
import { startOffloadedStage } from "./offloaded-stage.ts";
import { BACKGROUND_MIN_CHARS, OFFLOAD_MIN_CHARS, backgroundScanPool, scanPool } from "./scan-pool.ts";
import { finishStage, StageProgress, withRewrites, type StageOptions, type StartedStage } from "./stage-runs.ts";
import { inTurn } from "./turn.ts";
import type { Segment, StageResult } from "./types.ts";

export async function runStage(policy: CompiledPolicy, stage: StageName, input: readonly Segment[], options: StageOptions = {}): Promise<StageResult> {
  const entries = policy.stages[stage];
  if (entries.length === 0) return { segments: input, runs: [], block: null };
  const stageTrace = options.trace?.stage(stage);
  if (stageTrace) options = { ...options, stageTrace };
  const chars = charsOf(input);
  const pool = options.background ? (chars >= BACKGROUND_MIN_CHARS ? backgroundScanPool() : null) : chars >= OFFLOAD_MIN_CHARS ? scanPool() : null;
  // The guardrails' own work runs in the turn, back to back with that of the requests that
  // arrived together (turn.ts); what is left after it is waiting, for remote checks. Short
  // texts (a stream's window, a one-line answer) run at once: their checks are cheap and find
  // little in the caches to lose, and waiting for the turn is then the larger cost.
  const started = pool
    ? await startOffloadedStage(pool, policy, stage, entries, input, options)
    : chars < TURN_MIN_CHARS
      ? startStage(policy, stage, entries, input, options)
      : await inTurn(() => startStage(policy, stage, entries, input, options));
  if (started.detectors) await started.detectors;
  const finished = finishStage(entries, started);
  stageTrace?.end(finished.block);
  return { segments: withRewrites(started), ...finished };
}

/**
 * Below this many characters a stage runs without waiting for the turn. Measured (A/B in one
 * run, PII in pre_flight and output, 1 KB messages and one-line answers): +3%, +5% and +10%
 * requests per second against a turn for every stage.
 */
const TURN_MIN_CHARS = 256;

function charsOf(segments: readonly Segment[]): number {
  let n = 0;
  for (const s of segments) n += s.text.length;
  return n;
}

/** Runs the maskers and starts the detectors, in this thread. */
function startStage(policy: CompiledPolicy, stage: StageName, entries: readonly CompiledEntry[], input: readonly Segment[], options: StageOptions): StartedStage {
  const progress = new StageProgress(policy, stage, entries, input, options);
  for (const entry of entries) {
    const masker = entry.guardrail;
    if (masker.kind !== "masker") continue;
    let outcome;
    const startedAt = performance.now();
    try {
      outcome = maskSegments(masker, progress.maskTexts(), progress.context);
    } catch (error) {
      outcome = { error };
    }
    progress.masked(entry, outcome, startedAt);
  }
  return progress.startDetectors(detectHere);
}

/** A local detector, text by text, in this thread. */
async function detectHere(_entry: CompiledEntry, detector: Detector, texts: readonly string[]): Promise<Detection[]> {
  const out: Detection[] = [];
  for (const text of texts) out.push(await detector.detect(text, { history: [] }));
  return out;
}
