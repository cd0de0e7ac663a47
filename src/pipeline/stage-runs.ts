/**
 * The parts of running a stage that do not depend on where the guardrails run (in this thread,
 * run-stage.ts, or in a scan worker, offloaded-stage.ts): what a masker's or a detector's
 * outcome means as a run, what detectors judge, and which run blocks.
 */
import { GuardrailUnavailableError, type Detection, type Detector, type MaskContext } from "../guardrails/types.ts";
import type { PlaceholderVault } from "../guardrails/text/vault.ts";
import type { CompiledEntry, CompiledPolicy } from "../policy/compile.ts";
import type { StageName } from "../policy/schema.ts";
import type { MaskedSegments } from "./mask-segments.ts";
import type { RequestTrace, StageTrace } from "../tracing/trace.ts";
import type { Block, GuardrailRun, Segment } from "./types.ts";
import { VerdictCache, verdictCacheOf } from "./verdict-cache.ts";

/** Where a stage stands once its maskers have run and its detectors have started. */
export interface StartedStage {
  readonly segments: readonly Segment[];
  /** By entry index; a detector's run is filled in when it settles. */
  readonly runs: (GuardrailRun | undefined)[];
  /** Settles when every detector has; null without detectors. */
  readonly detectors: Promise<unknown> | null;
  /**
   * Texts a detector's service rewrote (a Webhook's `sanitized_text`), by segment index, filled
   * as detectors settle; `withRewrites` applies them. Absent when no detector can rewrite.
   */
  readonly rewrites?: ReadonlyMap<number, string>;
}

/** The segments with the rewrites detectors returned, where the stage may rewrite them. */
export function withRewrites(started: StartedStage): readonly Segment[] {
  if (!started.rewrites || started.rewrites.size === 0) return started.segments;
  const out = started.segments.slice();
  for (const [index, text] of started.rewrites) out[index] = { ...out[index]!, text };
  return out;
}

/** What a stage is run with, besides the policy and the texts. */
export interface StageOptions {
  readonly signal?: AbortSignal;
  /** The request's vault, when a masker of the policy is reversible (DECISIONS §9). */
  readonly vault?: PlaceholderVault;
  /** The request's trace, when tracing is on: each stage gets a span. */
  readonly trace?: RequestTrace;
  /** The stage's span (set by run-stage.ts): each guardrail's run is recorded in it. */
  readonly stageTrace?: StageTrace;
  /**
   * Work nobody waits for (a shadow policy's stages): from BACKGROUND_MIN_CHARS characters its
   * local guardrails run in the background pool's workers, never queued before a live request's.
   */
  readonly background?: boolean;
  /**
   * The conversation before the stage's texts, oldest first, as remote judges are given it: for
   * the output stage, the prompt the answer answers (after the input stages masked it).
   */
  readonly before?: readonly ConversationTurn[];
}

/** A turn of the conversation a remote judge reads as context. */
export interface ConversationTurn {
  readonly role: string;
  readonly text: string;
}

/** A detector's verdicts on texts, in their order (local detectors: here or in a scan worker). */
export type LocalDetect = (entry: CompiledEntry, detector: Detector, texts: readonly string[]) => readonly Detection[] | Promise<readonly Detection[]>;

interface JudgedText {
  readonly text: string;
  /** Its segment, for the history a remote judge is given. */
  readonly index: number;
  /** A boundary window: remote judges skip it. */
  readonly window?: boolean;
}

/**
 * A stage as it runs: maskers' runs recorded in list order, each leaving the segments the next
 * one reads, then the detectors started on the judged texts. Detectors listed after an
 * enforcing masker are not started: their verdict could not change the outcome.
 */
export class StageProgress {
  readonly runs: StartedStage["runs"];
  private firstEnforcingMasker: number;
  /**
   * Indices of the segments maskers read: in input stages those they may rewrite (all but tool
   * definitions); in the output stage all of them, since a masking guardrail that blocks judges
   * signed thinking too, which it may not rewrite.
   */
  private readonly maskable: number[] = [];
  readonly context: MaskContext | undefined;

  private readonly signal: AbortSignal | undefined;
  private readonly trace: StageTrace | undefined;
  private readonly before: readonly ConversationTurn[];

  constructor(
    private readonly policy: CompiledPolicy,
    private readonly stage: StageName,
    private readonly entries: readonly CompiledEntry[],
    public segments: readonly Segment[],
    options: StageOptions,
  ) {
    this.runs = new Array(entries.length);
    this.firstEnforcingMasker = entries.length;
    for (let i = 0; i < segments.length; i++) if (segments[i]!.masked || stage === "output") this.maskable.push(i);
    this.context = maskContext(stage, segments, options.vault);
    this.signal = options.signal;
    this.trace = options.stageTrace;
    this.before = options.before ?? [];
  }

  /** The texts maskers read, in order. */
  maskTexts(): string[] {
    return this.maskable.map((i) => this.segments[i]!.text);
  }

  /**
   * A masker's outcome (its texts in `maskTexts` order), or that it failed (then nothing
   * changes); `startedAt` is when it started (`performance.now()`), for its span.
   */
  masked(entry: CompiledEntry, outcome: MaskedSegments | { readonly error: unknown }, startedAt: number): void {
    let run: GuardrailRun;
    if ("error" in outcome) {
      run = failedRun(entry, outcome.error);
    } else {
      run = { name: entry.name, stage: entry.stage, tripped: outcome.tripped, enforced: outcome.tripped && enforces(this.policy, entry), labels: outcome.labels, info: outcome.info, seconds: (performance.now() - startedAt) / 1000 };
      let out: Segment[] | null = null;
      // A masker that trips (`block: true`) is a check, not a rewrite: when it enforces the
      // request or answer stops, and when it does not (alert mode, suppressed) everything goes
      // on exactly as without it (SPEC pipeline rule 5, DECISIONS §2). Only `block: false` masks.
      if (!outcome.tripped) outcome.texts.forEach((text, j) => {
        const i = this.maskable[j]!;
        if (text === null || !this.segments[i]!.masked) return;
        out ??= this.segments.slice();
        out[i] = { ...this.segments[i]!, text };
      });
      if (out) {
        this.segments = out;
        run = { ...run, masked: true };
      }
    }
    this.runs[entry.index] = run;
    this.trace?.guardrail(run, startedAt);
    if (run.enforced) this.firstEnforcingMasker = Math.min(this.firstEnforcingMasker, entry.index);
  }

  /**
   * Starts the detectors that can still matter. Each judges every judged text: a local one
   * text by text (through `local`), a remote one once on the texts it has not judged before,
   * with the conversation before them as context. Verdicts of texts already judged in this
   * conversation come from the verdict cache.
   */
  startDetectors(local: LocalDetect): StartedStage {
    const { runs, segments, policy } = this;
    const detectors = this.entries.filter((e) => e.guardrail.kind === "detector" && e.index < this.firstEnforcingMasker);
    if (detectors.length === 0) return { segments, runs, detectors: null };
    if (detectors.some((e) => (e.guardrail as Detector).perText)) this.rewrites = new Map();
    const texts = judgedTexts(this.stage, segments);
    const startedAt = performance.now();
    const settled = Promise.all(
      detectors.map(async (entry) => {
        const detector = entry.guardrail as Detector;
        const run = await detectorRun(policy, entry, () => this.judge(entry, detector, texts, local), detector.remote === true);
        runs[entry.index] = run;
        this.trace?.guardrail(run, startedAt);
      }),
    );
    return { segments, runs, detectors: settled, ...(this.rewrites ? { rewrites: this.rewrites } : {}) };
  }

  /** Rewrites returned by per-text detectors: only of a text that is one whole segment the stage may rewrite, and not where the detector tripped. */
  private rewrites: Map<number, string> | null = null;

  private noteRewrite(t: JudgedText, verdict: Detection): void {
    const sanitized = verdict.info.sanitized_text;
    if (!this.rewrites || verdict.tripped || typeof sanitized !== "string" || t.window) return;
    const segment = this.segments[t.index];
    const whole = segment !== undefined && segment.text === t.text && (segment.masked || (this.stage === "output" && this.segments.length === 1));
    if (whole && sanitized !== t.text) this.rewrites.set(t.index, sanitized);
  }

  private async judge(entry: CompiledEntry, detector: Detector, texts: readonly JudgedText[], local: LocalDetect): Promise<Detection> {
    const cache = this.context?.resent ? verdictCacheOf(entry) : null;
    const known: Detection[] = [];
    const fresh: JudgedText[] = [];
    for (const t of texts) {
      if (t.window && detector.remote) continue;
      const verdict = cache?.get(t.text);
      if (verdict) {
        known.push(verdict);
        if (detector.perText) this.noteRewrite(t, verdict);
      } else fresh.push(t);
    }
    let found: readonly Detection[] = [];
    const context = (index: number) => ({ history: this.historyBefore(index), signal: this.signal, stage: this.stage, configId: this.policy.id });
    if (fresh.length > 0 && detector.remote && detector.perText) {
      found = await Promise.all(fresh.map((t) => detector.detect(t.text, context(t.index))));
      fresh.forEach((t, i) => this.noteRewrite(t, found[i]!));
      if (cache) fresh.forEach((t, i) => !found[i]!.tripped && cache.set(t.text, found[i]!));
    } else if (fresh.length > 0 && detector.remote) {
      const text = fresh.length === 1 ? fresh[0]!.text : fresh.map((t) => t.text).join("\n\n");
      const verdict = await detector.detect(text, context(fresh[0]!.index));
      found = [verdict];
      if (cache && !verdict.tripped) for (let i = Math.max(0, fresh.length - VerdictCache.capacity); i < fresh.length; i++) cache.set(fresh[i]!.text, verdict);
    } else if (fresh.length > 0) {
      found = await local(entry, detector, fresh.map((t) => t.text));
      // Only the newest texts would stay: the rest are not worth an insert and an eviction each.
      if (cache) for (let i = Math.max(0, fresh.length - VerdictCache.capacity); i < fresh.length; i++) cache.set(fresh[i]!.text, found[i]!);
    }
    return combined(known.length === 0 ? found : [...known, ...found]);
  }

  /** The conversation before segment `index`: the turns before the stage, then its own segments (boundary windows repeat two turns, so they are left out). */
  private historyBefore(index: number): readonly ConversationTurn[] {
    const own = this.segments.slice(0, index).filter((s) => s.window !== true);
    return this.before.length === 0 ? own : [...this.before, ...own];
  }
}

/** One verdict for a detector over several texts: it trips if any text trips it. */
function combined(verdicts: readonly Detection[]): Detection {
  if (verdicts.length === 1) return verdicts[0]!;
  if (verdicts.length === 0) return NOTHING_JUDGED;
  let best = verdicts[0]!;
  const labels = new Set<string>();
  for (const v of verdicts) {
    for (const l of v.labels) labels.add(l);
    if ((v.tripped && !best.tripped) || (v.tripped === best.tripped && (v.confidence ?? 0) > (best.confidence ?? 0))) best = v;
  }
  return { tripped: best.tripped, confidence: best.confidence, labels: [...labels], info: best.info };
}

const NOTHING_JUDGED: Detection = { tripped: false, labels: [], info: {} };

function enforces(policy: CompiledPolicy, entry: CompiledEntry): boolean {
  return policy.mode === "block" && !entry.suppressEnforcement;
}

const RESENT: MaskContext = { resent: true };

/**
 * What maskers are told about the stage's texts. Input with an assistant turn is a conversation
 * under way: its client will send every one of these messages again with the next turn (output
 * texts are answers, not requests). Roles are the same for every masker: asked once.
 */
export function maskContext(stage: StageName, segments: readonly Segment[], vault: PlaceholderVault | undefined): MaskContext | undefined {
  const resent = stage !== "output" && segments.some((s) => s.role === "assistant");
  if (vault) return { resent, vault };
  return resent ? RESENT : undefined;
}

/** A detector's run, from its detection or from its failure. */
async function detectorRun(policy: CompiledPolicy, entry: CompiledEntry, detection: () => Detection | Promise<Detection>, remote = false): Promise<GuardrailRun> {
  const startedAt = performance.now();
  const engineOf = (info: Detection["info"] | undefined) => (remote ? { engine: { name: typeof info?.engine === "string" ? info.engine : ((entry.guardrail as Detector).engine ?? "remote"), seconds: (performance.now() - startedAt) / 1000 } } : {});
  try {
    const d = await detection();
    // A cascade that decided locally made no call.
    const engine = d.info.engine === "local" ? {} : engineOf(d.info);
    return {
      ...engine,
      seconds: (performance.now() - startedAt) / 1000,
      name: entry.name,
      stage: entry.stage,
      tripped: d.tripped,
      enforced: d.tripped && enforces(policy, entry),
      confidence: d.confidence,
      labels: d.labels,
      info: d.info,
    };
  } catch (e) {
    return { ...failedRun(entry, e), ...engineOf(undefined) };
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
 * The texts input detectors judge (DECISIONS §8): every user turn, tool result, document and
 * tool definition, and a trailing prefill, as the request reading marked them; never the system
 * prompt. Output: all assistant text, as one.
 */
function judgedTexts(stage: StageName, segments: readonly Segment[]): JudgedText[] {
  if (stage === "output") return segments.length === 0 ? [] : [{ text: segments.length === 1 ? segments[0]!.text : segments.map((s) => s.text).join("\n\n"), index: 0 }];
  const out: JudgedText[] = [];
  for (let i = 0; i < segments.length; i++) if (segments[i]!.judged) out.push({ text: segments[i]!.text, index: i, window: segments[i]!.window === true });
  return out;
}

/** The stage's outcome: the runs in list order, and the first enforcing one as the block. */
export function finishStage(entries: readonly CompiledEntry[], started: StartedStage): { runs: GuardrailRun[]; block: Block | null } {
  const runs = started.runs.filter((r): r is GuardrailRun => r !== undefined);
  const blocking = runs.find((r) => r.enforced);
  return { runs, block: blocking ? toBlock(entries, blocking) : null };
}

function toBlock(entries: readonly CompiledEntry[], run: GuardrailRun): Block {
  return blockFor(entries.find((e) => e.name === run.name), run);
}

/** The block an enforcing run stands for, its message from the guardrail's labels only. */
export function blockFor(entry: CompiledEntry | undefined, run: GuardrailRun): Block {
  if (run.error !== undefined) {
    return { guardrail: run.name, stage: run.stage, cause: "unavailable", message: `${run.name} guardrail could not run (${run.error})` };
  }
  const reason = entry ? entry.definition.describe(run.labels, run.info) : "triggered";
  return { guardrail: run.name, stage: run.stage, cause: "enforced", message: `${run.name} guardrail triggered: ${reason}` };
}
