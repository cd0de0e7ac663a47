/**
 * Shadow policies (DECISIONS §14): a policy's `shadow: <config_id>` runs that policy too, on the
 * same request and answer texts as they arrived, off the critical path, and never changes a byte
 * forwarded or returned. Its verdict goes into the request's log line (`shadow: {config_id,
 * outcome, would_block, masked}`, no text) and `guardrail_proxy_shadow_total{policy, shadow,
 * outcome}`, once per request; the line waits for it (RequestAudit.waitFor).
 *
 * The outcome compares the shadow with the live policy's result, never with the raw text:
 * `would_block` when the shadow would block; else `differs` when the texts it would forward are
 * not those the live policy forwards (it masks what the live policy keeps, keeps what it masks,
 * or forwards what it blocks); else `would_pass`. Placeholders are compared by type
 * (`<EMAIL_ADDRESS_1>` and `<EMAIL_ADDRESS>` mask the same value the same way). A missing or
 * invalid shadow policy is `error`, the line's `error` its code.
 *
 * Off the critical path: the shadow's stages start only once the live answer is on its way
 * (`settle()`, after the current turn), and a text of 4 K characters or more runs in the
 * background scan pool's workers rather than in the event loop, never ahead of a live scan. An MCP stream open for hours judges each message
 * as it comes (`eager`) and keeps no list of them.
 */
import type { RequestAudit } from "../audit/request-audit.ts";
import { runInputStages, runOutputStage } from "../pipeline/pipeline.ts";
import type { Segment } from "../pipeline/types.ts";
import type { CompiledPolicy } from "../policy/compile.ts";
import { PolicyError } from "../policy/errors.ts";
import type { ProxyDeps } from "./deps.ts";

/** What the live policy did with the texts the shadow also reads. */
export interface LiveResult {
  /** The texts the live policy forwards, in the order the shadow got them; null: it blocked. */
  readonly forwarded: readonly string[] | null;
}

/** The live policy's result for texts handed to the shadow, given once it is known. */
export interface ShadowSeen {
  /** The live policy forwards these texts (masked or not). */
  forwarded(texts: readonly string[]): void;
  /** The live policy blocked them. */
  blocked(): void;
}

interface Observation {
  readonly stage: "input" | "output";
  readonly segments: readonly Segment[];
  /** Undefined: the live policy's result never came (it failed before judging these texts). */
  live?: LiveResult;
  /** An assembled stream's answer: the live policy's output stage is run on it here, off the path. */
  rerunLive?: boolean;
  done: boolean;
}

interface ShadowVerdict {
  readonly blockedBy: string | null;
  readonly masked: readonly string[];
  readonly differs: boolean;
}

const NOT_SEEN: ShadowSeen = { forwarded: () => undefined, blocked: () => undefined };

export class Shadow {
  // The verdicts so far, folded as each arrives: a stream open for hours keeps no list of them.
  private blockedBy: string | null = null;
  private readonly masked = new Set<string>();
  private differs = false;
  private failed = false;
  private inFlight = 0;
  private whenIdle: (() => void) | null = null;
  private settled = false;
  /** Observations not judged yet: they wait for the live answer to be sent (settle). */
  private readonly waiting = new Set<Observation>();

  private constructor(
    private readonly deps: ProxyDeps,
    private readonly live: CompiledPolicy,
    private readonly policy: CompiledPolicy | null,
    private readonly audit: RequestAudit,
    /** Why the shadow policy could not be had: a policy error's code, for the log line. */
    private readonly unavailable: string | null,
    /** Judge each observation as soon as the live result is known (a long MCP stream). */
    private readonly eager: boolean,
  ) {}

  /** The shadow of the live policy, when it names one. */
  static of(deps: ProxyDeps, live: CompiledPolicy, audit: RequestAudit, options: { eager?: boolean } = {}): Shadow | null {
    if (!live.shadow) return null;
    const eager = options.eager ?? false;
    try {
      return new Shadow(deps, live, deps.policies.resolve(live.shadow), audit, null, eager);
    } catch (e) {
      // Missing or invalid: counted as `error`, never failing the request.
      return new Shadow(deps, live, null, audit, e instanceof PolicyError ? e.code : "internal_error", eager);
    }
  }

  /** The request's texts as they arrived: the shadow's `pre_flight` and `input`. */
  request(segments: readonly Segment[]): ShadowSeen {
    return this.observe("input", segments);
  }

  /** The answer's texts as the upstream sent them: the shadow's `output`. */
  answer(texts: readonly string[]): ShadowSeen {
    return this.observe("output", texts.map(answerSegment));
  }

  /**
   * A stream's assembled answer. The live policy judged it piece by piece while it streamed; what
   * it forwards is its output stage on the whole answer, run here beside the shadow's, off the path.
   */
  streamedAnswer(texts: readonly string[], liveBlocked: boolean): void {
    const seen = this.observe("output", texts.map(answerSegment), !liveBlocked);
    if (liveBlocked) seen.blocked();
  }

  private observe(stage: Observation["stage"], segments: readonly Segment[], rerunLive = false): ShadowSeen {
    if (!this.policy || segments.length === 0 || this.settled) return NOT_SEEN;
    const observation: Observation = { stage, segments, done: false, ...(rerunLive ? { rerunLive } : {}) };
    this.waiting.add(observation);
    const give = (live: LiveResult) => {
      if (observation.done || observation.live) return;
      observation.live = live;
      if (this.eager && !rerunLive) this.judge(observation);
    };
    return { forwarded: (texts) => give({ forwarded: texts }), blocked: () => give({ forwarded: null }) };
  }

  /** The request is done: its log line waits for the shadow's verdict, counted once. */
  settle(): void {
    if (this.settled) return;
    this.settled = true;
    const shadowId = this.live.shadow!;
    // The live answer goes first: the shadow's work starts after this turn.
    const waiting = [...this.waiting];
    this.waiting.clear();
    const idle = new Promise<void>((resolve) =>
      setImmediate(() => {
        for (const observation of waiting) this.judge(observation);
        if (this.inFlight === 0) resolve();
        else this.whenIdle = resolve;
      }),
    );
    this.audit.waitFor = idle.then(() => {
      // A throw in the shadow's stages is a bug (guardrail errors are runs, by their on_error).
      const error = this.unavailable ?? (this.failed ? "internal_error" : null);
      const masked = [...this.masked].sort();
      const outcome = error ? "error" : this.blockedBy ? "would_block" : this.differs ? "differs" : "would_pass";
      this.deps.metrics.inc("guardrail_proxy_shadow_total", { policy: this.live.id, shadow: shadowId, outcome });
      const verdict = { config_id: shadowId, outcome, would_block: this.blockedBy, masked, ...(error ? { error } : {}), ...(this.audit.requestId ? { request_id: this.audit.requestId } : {}) };
      this.audit.logFields = { ...this.audit.logFields, shadow: verdict };
    });
  }

  private judge(observation: Observation): void {
    if (observation.done) return;
    observation.done = true;
    this.waiting.delete(observation);
    const policy = this.policy!;
    this.inFlight++;
    void verdictOf(this.live, policy, observation).then(
      (v) => {
        this.blockedBy ??= v.blockedBy;
        for (const type of v.masked) this.masked.add(type);
        if (v.differs) this.differs = true;
      },
      () => (this.failed = true),
    ).finally(() => {
      if (--this.inFlight === 0) this.whenIdle?.();
    });
  }
}

async function verdictOf(live: CompiledPolicy, shadow: CompiledPolicy, observation: Observation): Promise<ShadowVerdict> {
  const raw = observation.segments.map((s) => s.text);
  // Off the event loop from 4 K characters, in workers of their own (scan-pool.ts).
  const options = { background: true };
  let blockedBy: string | null;
  let out: readonly string[];
  if (observation.stage === "input") {
    const verdict = await runInputStages(shadow, observation.segments, options);
    blockedBy = verdict.block?.guardrail ?? null;
    out = verdict.segments.slice(0, raw.length).map((s) => s.text);
  } else {
    const verdict = await runOutputStage(shadow, raw, options);
    blockedBy = verdict.block?.guardrail ?? null;
    out = verdict.texts ?? raw;
  }
  let liveResult = observation.live;
  if (observation.rerunLive && liveResult === undefined) {
    const verdict = await runOutputStage(live, raw, options);
    liveResult = { forwarded: verdict.block ? null : (verdict.texts ?? raw) };
  }
  const differs = blockedBy === null && liveResult !== undefined && (liveResult.forwarded === null || !sameForwarded(liveResult.forwarded, out));
  return { blockedBy, masked: maskedTypes(raw, out), differs };
}

function answerSegment(text: string): Segment {
  return { role: "assistant", text, masked: true, judged: true };
}

/** The live policy's texts and the shadow's, placeholders compared by type. */
function sameForwarded(live: readonly string[], shadow: readonly string[]): boolean {
  if (live.length !== shadow.length) return false;
  return live.every((text, i) => text === shadow[i] || byType(text) === byType(shadow[i]!));
}

/** `<EMAIL_ADDRESS_2>` as `<EMAIL_ADDRESS>`: reversible masking numbers what plain masking does not. */
function byType(text: string): string {
  return text.replace(/<([A-Z][A-Z0-9_]*?)_\d+>/g, "<$1>");
}

/** The placeholder types masking put into `after` that `before` did not hold. */
export function maskedTypes(before: readonly string[], after: readonly string[]): string[] {
  const types = (texts: readonly string[]) => {
    const out = new Set<string>();
    for (const text of texts) for (const m of text.matchAll(/<([A-Z][A-Z0-9_]*?)(?:_\d+)?>/g)) out.add(m[1]!);
    return out;
  };
  const already = types(before);
  return [...types(after)].filter((t) => !already.has(t)).sort();
}
