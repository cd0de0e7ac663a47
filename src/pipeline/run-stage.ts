/**
 * One stage of a policy over a conversation. Maskers run first, in list order, over every
 * segment, so detectors (and any LLM they call) only ever see masked text. Detectors then run
 * concurrently on the judged text. The reported block is the first enforcing guardrail in list
 * order; detectors listed after an enforcing masker are skipped, as their verdict cannot
 * change the outcome.
 */
import { GuardrailUnavailableError, type Detector, type Masker, type MaskContext } from "../guardrails/types.ts";
import type { CompiledEntry, CompiledPolicy } from "../policy/compile.ts";
import type { StageName } from "../policy/schema.ts";
import { inTurn } from "./turn.ts";
import type { Block, GuardrailRun, Segment, StageResult } from "./types.ts";

export async function runStage(policy: CompiledPolicy, stage: StageName, input: readonly Segment[], signal?: AbortSignal): Promise<StageResult> {
  const entries = policy.stages[stage];
  if (entries.length === 0) return { segments: input, runs: [], block: null };
  // The guardrails' own work runs in the turn, back to back with that of the requests that
  // arrived together (turn.ts); what is left after it is waiting, for remote checks. Short
  // texts (a stream's window, a one-line answer) run at once: their checks are cheap and find
  // little in the caches to lose, and waiting for the turn is then the larger cost.
  const started = charsOf(input) < TURN_MIN_CHARS ? startStage(policy, stage, entries, input, signal) : await inTurn(() => startStage(policy, stage, entries, input, signal));
  if (started.detectors) await started.detectors;
  const done = started.runs.filter((r): r is GuardrailRun => r !== undefined);
  const blocking = done.find((r) => r.enforced);
  return { segments: started.segments, runs: done, block: blocking ? toBlock(entries, blocking) : null };
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

interface StartedStage {
  readonly segments: readonly Segment[];
  /** By entry index; a detector's run is filled in when it settles. */
  readonly runs: (GuardrailRun | undefined)[];
  /** Settles when every detector has; null without detectors. */
  readonly detectors: Promise<unknown> | null;
}

/** Runs the maskers and starts the detectors. */
function startStage(policy: CompiledPolicy, stage: StageName, entries: readonly CompiledEntry[], input: readonly Segment[], signal: AbortSignal | undefined): StartedStage {
  const runs: (GuardrailRun | undefined)[] = new Array(entries.length);
  let segments = input;
  let firstEnforcingMasker = entries.length;
  // Roles are the same for every masker of the stage: asked once.
  const context = stage !== "output" && isConversation(input) ? RESENT : undefined;
  for (const entry of entries) {
    if (entry.guardrail.kind !== "masker") continue;
    const masked = applyMasker(policy, entry, entry.guardrail, segments, context);
    runs[entry.index] = masked.run;
    segments = masked.segments;
    if (masked.run.enforced) firstEnforcingMasker = Math.min(firstEnforcingMasker, entry.index);
  }
  const detectors = entries.filter((e) => e.guardrail.kind === "detector" && e.index < firstEnforcingMasker);
  if (detectors.length === 0) return { segments, runs, detectors: null };
  const { text, history } = judged(stage, segments);
  const settled = Promise.all(
    detectors.map(async (entry) => {
      runs[entry.index] = await runDetector(policy, entry, entry.guardrail as Detector, text, history, signal);
    }),
  );
  return { segments, runs, detectors: settled };
}

/**
 * The text detectors judge. Input stages: the latest turn, meaning the user and tool segments
 * after the last assistant segment (an agent's tool results can carry an indirect injection);
 * the earlier segments are history. Output: all assistant text.
 */
function judged(stage: StageName, segments: readonly Segment[]): { text: string; history: readonly Segment[] } {
  if (stage === "output") return { text: segments.map((s) => s.text).join("\n\n"), history: [] };
  let end = segments.length;
  while (end > 0 && segments[end - 1]!.role === "assistant") end--; // a trailing assistant prefill
  let start = end;
  while (start > 0 && segments[start - 1]!.role !== "assistant") start--;
  const turn = segments.slice(start, end);
  const text = turn.length === 1 ? turn[0]!.text : turn.map((s) => s.text).join("\n\n");
  return { text, history: segments.slice(0, start) };
}

function enforces(policy: CompiledPolicy, entry: CompiledEntry): boolean {
  return policy.mode === "block" && !entry.suppressEnforcement;
}

const RESENT: MaskContext = { resent: true };

/**
 * Input with an assistant turn is a conversation under way: its client will send every one of
 * these messages again with the next turn (output texts are answers, not requests).
 */
function isConversation(segments: readonly Segment[]): boolean {
  for (const s of segments) if (s.role === "assistant") return true;
  return false;
}

function applyMasker(
  policy: CompiledPolicy,
  entry: CompiledEntry,
  masker: Masker,
  segments: readonly Segment[],
  context: MaskContext | undefined,
): { run: GuardrailRun; segments: readonly Segment[] } {
  try {
    let out: Segment[] | null = null;
    let tripped = false;
    const labels = new Set<string>();
    let info = {};
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i]!;
      const result = masker.mask(seg.text, context);
      tripped ||= result.tripped;
      for (const l of result.labels) labels.add(l);
      info = result.info;
      if (result.text !== seg.text) {
        out ??= segments.slice();
        out[i] = { role: seg.role, text: result.text };
      }
    }
    const run: GuardrailRun = { name: entry.name, stage: entry.stage, tripped, enforced: tripped && enforces(policy, entry), labels: [...labels], info };
    return { run, segments: out ?? segments };
  } catch (e) {
    return { run: failedRun(entry, e), segments };
  }
}

async function runDetector(
  policy: CompiledPolicy,
  entry: CompiledEntry,
  detector: Detector,
  text: string,
  history: readonly Segment[],
  signal: AbortSignal | undefined,
): Promise<GuardrailRun> {
  try {
    const d = await detector.detect(text, { history, signal });
    return {
      name: entry.name,
      stage: entry.stage,
      tripped: d.tripped,
      enforced: d.tripped && enforces(policy, entry),
      confidence: d.confidence,
      labels: d.labels,
      info: d.info,
    };
  } catch (e) {
    return failedRun(entry, e);
  }
}

/**
 * A guardrail that could not run follows its `on_error` (DECISIONS §2): `block`, the default,
 * stops the request whatever the policy mode and `suppress_enforcement` say, because those
 * govern detections and this check detected nothing: it never looked (a masking guardrail
 * that fails has not masked). `allow` passes it over, and the failure is logged.
 */
function failedRun(entry: CompiledEntry, e: unknown): GuardrailRun {
  const reason = e instanceof GuardrailUnavailableError ? e.message : "internal error";
  const block = entry.onError === "block";
  return { name: entry.name, stage: entry.stage, tripped: block, enforced: block, labels: [], info: {}, error: reason };
}

function toBlock(entries: readonly CompiledEntry[], run: GuardrailRun): Block {
  const entry = entries.find((e) => e.name === run.name);
  if (run.error !== undefined) {
    return { guardrail: run.name, stage: run.stage, cause: "unavailable", message: `${run.name} guardrail could not run (${run.error})` };
  }
  const reason = entry ? entry.definition.describe(run.labels) : "triggered";
  return { guardrail: run.name, stage: run.stage, cause: "enforced", message: `${run.name} guardrail triggered: ${reason}` };
}
