/**
 * The output guardrails that recognise values by their shape (DECISIONS §9): the masking
 * guardrails (PII, SecretKeys, URLFilter) and Keywords. A stream asks them about a short window
 * before any of it goes out, so a value they block never reaches the client and a value they
 * mask reaches it masked. Classifiers and judge models are not here: they judge texts, not
 * values, every N chunks and at the end (relay.ts).
 */
import type { Detector, FoundSpan, Masker } from "../guardrails/types.ts";
import type { CompiledEntry, CompiledPolicy } from "../policy/compile.ts";
import { blockFor } from "../pipeline/stage-runs.ts";
import type { Block, GuardrailRun } from "../pipeline/types.ts";

export interface ValueFinding {
  readonly start: number;
  readonly end: number;
  /** What the client gets instead (a masking guardrail); absent when the value blocks. */
  readonly replacement?: string;
  /** The stream ends here: the run and the block to report. */
  readonly block?: { readonly run: GuardrailRun; readonly block: Block };
  /** A masked value in signed text, which cannot be rewritten: the block it becomes there. */
  readonly unmaskable?: { readonly run: GuardrailRun; readonly block: Block };
}

export interface ValueChecks {
  /** Findings in `window`, sorted by start, masking ones not overlapping each other. */
  find(window: string): ValueFinding[];
  /** Where a tail of text could still become a keyword, if a Keywords guardrail watches. */
  readonly openPrefix: ((tail: string) => number) | null;
}

const built = new WeakMap<CompiledPolicy, ValueChecks | null>();

/** The value checks of a policy's output stage; null when it has none. Built once per policy. */
export function valueChecks(policy: CompiledPolicy): ValueChecks | null {
  let checks = built.get(policy);
  if (checks === undefined) built.set(policy, (checks = buildValueChecks(policy)));
  return checks;
}

function buildValueChecks(policy: CompiledPolicy): ValueChecks | null {
  // Only entries that can change what the client gets: maskers that mask (`block: false`), and
  // checks that enforce. A trip that only alerts changes nothing, so the stream is not even
  // held back for it (SPEC pipeline rule 5: in alert mode the stream proceeds normally).
  const entries = policy.stages.output.filter((e) => (e.guardrail.kind === "masker" && !blocksOnly(e)) || ((e.guardrail.kind === "masker" || (e.guardrail.kind === "detector" && e.guardrail.openPrefix !== undefined)) && enforces(policy, e)));
  if (entries.length === 0) return null;
  const prefixes = entries.flatMap((e) => (e.guardrail.openPrefix ? [e.guardrail as (Detector | Masker) & { openPrefix: (t: string) => number }] : []));
  return {
    find: (window) => findValues(policy, entries, window),
    openPrefix:
      prefixes.length === 0
        ? null
        : (tail) => {
            let start = -1;
            for (const p of prefixes) {
              const at = p.openPrefix(tail);
              if (at >= 0 && (start === -1 || at < start)) start = at;
            }
            return start;
          },
  };
}

/** A masking guardrail configured to trip (`block: true`) rather than mask. */
function blocksOnly(entry: CompiledEntry): boolean {
  return (entry.recipe?.config as { block?: unknown } | undefined)?.block === true;
}

function enforces(policy: CompiledPolicy, entry: CompiledEntry): boolean {
  return policy.mode === "block" && !entry.suppressEnforcement;
}

function findValues(policy: CompiledPolicy, entries: readonly CompiledEntry[], window: string): ValueFinding[] {
  const blocks: ValueFinding[] = [];
  const masks: ValueFinding[] = [];
  for (const entry of entries) {
    const guardrail = entry.guardrail;
    let tripped: boolean;
    let labels: readonly string[];
    let spans: readonly FoundSpan[];
    if (guardrail.kind === "masker") {
      const outcome = (guardrail as Masker).mask(window);
      ({ tripped, labels } = outcome);
      spans = outcome.spans ?? [];
    } else {
      // Keywords judges synchronously; a detector of values that did not would not be here.
      const d = (guardrail as Detector).detect(window, { history: [] });
      if (d instanceof Promise) continue;
      ({ tripped, labels } = d);
      spans = d.spans ?? [];
    }
    if (spans.length === 0) continue;
    if (tripped) {
      // A trip that only alerts lets the value through: it is reported by the final check.
      if (!enforces(policy, entry)) continue;
      const run: GuardrailRun = { name: entry.name, stage: "output", tripped: true, enforced: true, labels, info: {} };
      const block = { run, block: blockFor(entry, run) };
      for (const s of spans) blocks.push({ start: s.start, end: s.end, block });
    } else if (guardrail.kind === "masker") {
      const run: GuardrailRun = { name: entry.name, stage: "output", tripped: true, enforced: true, labels, info: {} };
      const unmaskable = { run, block: signedBlock(entry.name) };
      for (const s of spans) masks.push({ start: s.start, end: s.end, replacement: s.replacement ?? "", unmaskable });
    }
  }
  return [...blocks, ...firstOfOverlaps(masks)].sort((a, b) => a.start - b.start);
}

/** Masks from different guardrails may overlap: the earliest, then the longest, wins. */
function firstOfOverlaps(masks: ValueFinding[]): ValueFinding[] {
  if (masks.length <= 1) return masks;
  masks.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: ValueFinding[] = [];
  let end = -1;
  for (const m of masks) {
    if (m.start < end) continue;
    out.push(m);
    end = m.end;
  }
  return out;
}

/**
 * What masking a signed text (thinking, a part carrying a thought signature) becomes: a block,
 * since the rewrite would break the signature and the value must not go out (DECISIONS §8).
 */
export function signedBlock(guardrail: string, stage: Block["stage"] = "output"): Block {
  return { guardrail, stage, cause: "enforced", message: `${guardrail} guardrail triggered: a signed part holds a value it masks, and a signed part cannot be rewritten` };
}
