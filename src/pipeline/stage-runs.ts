/**
 * The parts of running a stage that do not depend on where the guardrails run (in this thread,
 * run-stage.ts, or in a scan worker, offloaded-stage.ts): what a masker's or a detector's
 * outcome means as a run, what detectors judge, and which run blocks.
 */
import { GuardrailUnavailableError, type Detection, type MaskContext } from "../guardrails/types.ts";
import type { CompiledEntry, CompiledPolicy } from "../policy/compile.ts";
import type { StageName } from "../policy/schema.ts";
import type { MaskedSegments } from "./mask-segments.ts";
import type { Block, GuardrailRun, Segment } from "./types.ts";

/** Where a stage stands once its maskers have run and its detectors have started. */
export interface StartedStage {
  readonly segments: readonly Segment[];
  /** By entry index; a detector's run is filled in when it settles. */
  readonly runs: (GuardrailRun | undefined)[];
  /** Settles when every detector has; null without detectors. */
  readonly detectors: Promise<unknown> | null;
}

/**
 * A stage as it runs: maskers' runs recorded in list order, each leaving the segments the next
 * one reads, then the detectors started on the judged text. Detectors listed after an
 * enforcing masker are not started: their verdict could not change the outcome.
 */
export class StageProgress {
  readonly runs: StartedStage["runs"];
  private firstEnforcingMasker: number;

  constructor(
    private readonly policy: CompiledPolicy,
    private readonly stage: StageName,
    private readonly entries: readonly CompiledEntry[],
    public segments: readonly Segment[],
  ) {
    this.runs = new Array(entries.length);
    this.firstEnforcingMasker = entries.length;
  }

  /** A masker's outcome: what it found, or that it failed (then the segments stay as they were). */
  masked(entry: CompiledEntry, outcome: MaskedSegments | { readonly error: unknown }): void {
    const done = "error" in outcome ? { run: failedRun(entry, outcome.error), segments: this.segments } : maskedRun(this.policy, entry, this.segments, outcome);
    this.runs[entry.index] = done.run;
    this.segments = done.segments;
    if (done.run.enforced) this.firstEnforcingMasker = Math.min(this.firstEnforcingMasker, entry.index);
  }

  /** Starts the detectors that can still matter, each through `detect`. */
  startDetectors(detect: (entry: CompiledEntry, text: string, history: readonly Segment[]) => Detection | Promise<Detection>): StartedStage {
    const { runs, segments, policy } = this;
    const detectors = this.entries.filter((e) => e.guardrail.kind === "detector" && e.index < this.firstEnforcingMasker);
    if (detectors.length === 0) return { segments, runs, detectors: null };
    const { text, history } = judged(this.stage, segments);
    const settled = Promise.all(
      detectors.map(async (entry) => {
        runs[entry.index] = await detectorRun(policy, entry, () => detect(entry, text, history));
      }),
    );
    return { segments, runs, detectors: settled };
  }
}

export function textOf(segment: Segment): string {
  return segment.text;
}

function enforces(policy: CompiledPolicy, entry: CompiledEntry): boolean {
  return policy.mode === "block" && !entry.suppressEnforcement;
}

const RESENT: MaskContext = { resent: true };

/**
 * What maskers are told about the stage's texts. Input with an assistant turn is a conversation
 * under way: its client will send every one of these messages again with the next turn (output
 * texts are answers, not requests). Roles are the same for every masker: asked once.
 */
export function maskContext(stage: StageName, segments: readonly Segment[]): MaskContext | undefined {
  if (stage === "output") return undefined;
  for (const s of segments) if (s.role === "assistant") return RESENT;
  return undefined;
}

/** A masker's run and the segments it leaves, from what it found. */
function maskedRun(policy: CompiledPolicy, entry: CompiledEntry, segments: readonly Segment[], masked: MaskedSegments): { run: GuardrailRun; segments: readonly Segment[] } {
  let out: Segment[] | null = null;
  masked.texts.forEach((text, i) => {
    if (text === null) return;
    out ??= segments.slice();
    out[i] = { role: segments[i]!.role, text };
  });
  const run: GuardrailRun = {
    name: entry.name,
    stage: entry.stage,
    tripped: masked.tripped,
    enforced: masked.tripped && enforces(policy, entry),
    labels: masked.labels,
    info: masked.info,
  };
  return { run, segments: out ?? segments };
}

/** A detector's run, from its detection or from its failure. */
async function detectorRun(policy: CompiledPolicy, entry: CompiledEntry, detection: () => Detection | Promise<Detection>): Promise<GuardrailRun> {
  try {
    const d = await detection();
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
export function failedRun(entry: CompiledEntry, e: unknown): GuardrailRun {
  const reason = e instanceof GuardrailUnavailableError ? e.message : "internal error";
  const block = entry.onError === "block";
  return { name: entry.name, stage: entry.stage, tripped: block, enforced: block, labels: [], info: {}, error: reason };
}

/**
 * The text detectors judge. Input stages: the latest turn, meaning the user and tool segments
 * after the last assistant segment (an agent's tool results can carry an indirect injection);
 * the earlier segments are history. Output: all assistant text.
 */
function judged(stage: StageName, segments: readonly Segment[]): { text: string; history: readonly Segment[] } {
  if (stage === "output") return { text: segments.map(textOf).join("\n\n"), history: [] };
  let end = segments.length;
  while (end > 0 && segments[end - 1]!.role === "assistant") end--; // a trailing assistant prefill
  let start = end;
  while (start > 0 && segments[start - 1]!.role !== "assistant") start--;
  const turn = segments.slice(start, end);
  const text = turn.length === 1 ? turn[0]!.text : turn.map(textOf).join("\n\n");
  return { text, history: segments.slice(0, start) };
}

/** The stage's outcome: the runs in list order, and the first enforcing one as the block. */
export function finishStage(entries: readonly CompiledEntry[], started: StartedStage): { runs: GuardrailRun[]; block: Block | null } {
  const runs = started.runs.filter((r): r is GuardrailRun => r !== undefined);
  const blocking = runs.find((r) => r.enforced);
  return { runs, block: blocking ? toBlock(entries, blocking) : null };
}

function toBlock(entries: readonly CompiledEntry[], run: GuardrailRun): Block {
  const entry = entries.find((e) => e.name === run.name);
  if (run.error !== undefined) {
    return { guardrail: run.name, stage: run.stage, cause: "unavailable", message: `${run.name} guardrail could not run (${run.error})` };
  }
  const reason = entry ? entry.definition.describe(run.labels) : "triggered";
  return { guardrail: run.name, stage: run.stage, cause: "enforced", message: `${run.name} guardrail triggered: ${reason}` };
}
