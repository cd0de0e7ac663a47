/**
 * Shadow policies (DECISIONS §14): a policy's `shadow: <config_id>` runs that policy too, on the
 * same request and answer texts as they arrived, off the critical path (started after the
 * current turn, never awaited by the answer), and never changes a byte forwarded or returned.
 * Its verdict goes into the request's log line (`shadow: {config_id, would_block, masked}`, no
 * text) and `guardrail_proxy_shadow_total{policy, shadow, outcome}`, once per request; the line
 * waits for it (RequestAudit.waitFor). A missing or invalid shadow policy is the outcome `error`,
 * the line's `error` its code (`policy_not_found`, `invalid_policy`).
 */
import type { RequestAudit } from "../audit/request-audit.ts";
import { runInputStages, runOutputStage } from "../pipeline/pipeline.ts";
import type { Segment } from "../pipeline/types.ts";
import type { CompiledPolicy } from "../policy/compile.ts";
import { PolicyError } from "../policy/errors.ts";
import type { ProxyDeps } from "./deps.ts";

interface ShadowVerdict {
  readonly blockedBy: string | null;
  readonly masked: readonly string[];
}

export class Shadow {
  // The verdicts so far, folded as each arrives: a stream open for hours keeps no list of them.
  private blockedBy: string | null = null;
  private readonly masked = new Set<string>();
  private failed = false;
  private inFlight = 0;
  private whenIdle: (() => void) | null = null;
  private settled = false;

  private constructor(
    private readonly deps: ProxyDeps,
    private readonly live: CompiledPolicy,
    private readonly policy: CompiledPolicy | null,
    private readonly audit: RequestAudit,
    /** Why the shadow policy could not be had: a policy error's code, for the log line. */
    private readonly unavailable: string | null,
  ) {}

  /** The shadow of the live policy, when it names one. */
  static of(deps: ProxyDeps, live: CompiledPolicy, audit: RequestAudit): Shadow | null {
    if (!live.shadow) return null;
    try {
      return new Shadow(deps, live, deps.policies.resolve(live.shadow), audit, null);
    } catch (e) {
      // Missing or invalid: counted as `error`, never failing the request.
      return new Shadow(deps, live, null, audit, e instanceof PolicyError ? e.code : "internal_error");
    }
  }

  /** The request's texts as they arrived: the shadow's `pre_flight` and `input`. */
  request(segments: readonly Segment[]): void {
    const policy = this.policy;
    if (!policy || segments.length === 0) return;
    this.track(
      later(async () => {
        const verdict = await runInputStages(policy, segments);
        return { blockedBy: verdict.block?.guardrail ?? null, masked: maskedTypes(segments.map((s) => s.text), verdict.segments.map((s) => s.text)) };
      }),
    );
  }

  /** The answer's texts as the upstream sent them (a stream's assembled): the shadow's `output`. */
  answer(texts: readonly string[]): void {
    const policy = this.policy;
    if (!policy || texts.length === 0) return;
    this.track(
      later(async () => {
        const verdict = await runOutputStage(policy, texts);
        return { blockedBy: verdict.block?.guardrail ?? null, masked: maskedTypes(texts, verdict.texts ?? texts) };
      }),
    );
  }

  /** The request is done: its log line waits for the shadow's verdict, counted once. */
  settle(): void {
    if (this.settled) return;
    this.settled = true;
    const shadowId = this.live.shadow!;
    const idle = this.inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (this.whenIdle = resolve));
    this.audit.waitFor = idle.then(() => {
      // A throw in the shadow's stages is a bug (guardrail errors are runs, by their on_error).
      const error = this.unavailable ?? (this.failed ? "internal_error" : null);
      const masked = [...this.masked].sort();
      const outcome = error ? "error" : this.blockedBy ? "would_block" : masked.length > 0 ? "differs" : "would_pass";
      this.deps.metrics.inc("guardrail_proxy_shadow_total", { policy: this.live.id, shadow: shadowId, outcome });
      const verdict = { config_id: shadowId, outcome, would_block: this.blockedBy, masked, ...(error ? { error } : {}) };
      this.audit.logFields = { ...this.audit.logFields, shadow: verdict };
    });
  }

  private track(verdict: Promise<ShadowVerdict | null>): void {
    this.inFlight++;
    void verdict.then((v) => {
      if (v === null) this.failed = true;
      else {
        this.blockedBy ??= v.blockedBy;
        for (const type of v.masked) this.masked.add(type);
      }
      if (--this.inFlight === 0) this.whenIdle?.();
    });
  }
}

/** Runs after the current turn, so the live request's own work goes first; a failure is null. */
function later<T>(work: () => Promise<T>): Promise<T | null> {
  return new Promise((resolve) => setImmediate(() => work().then(resolve, () => resolve(null))));
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
