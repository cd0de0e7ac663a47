/**
 * A scan worker (scan-pool.ts): a thread that runs local guardrails on large texts, so the
 * event loop keeps answering while they run. Guardrails are built from their recipes once and
 * kept; each job is answered with what the same guardrails would have said in the main thread.
 *
 * Replies never carry an exception's message, which could quote the text; only a check's own
 * "could not run" reason, which is written to be shown.
 */
import { buildGuardrail, type GuardrailRecipe } from "../guardrails/registry.ts";
import { GuardrailUnavailableError, type Guardrail } from "../guardrails/types.ts";
import { PlaceholderVault } from "../guardrails/text/vault.ts";
import { maskSegments } from "./mask-segments.ts";
import { WORKER_READY, type DetectJob, type DetectOutcome, type JobOutcome, type JobReply, type JobRequest, type MaskJob, type MaskOutcomes, type MaskStep, type ScanJob, type WireOutcome } from "./scan-messages.ts";
import { packTexts, unpackJobTexts } from "./wire-texts.ts";

declare const self: Worker;

/** No scan cache here: the texts sent are large and seldom seen twice. */
const SERVICES = { piiCacheTexts: 0 };

const built = new Map<string, Guardrail>();

/** Runs' details stay here (pipeline/types.ts `GuardrailRun.info`). */
const NO_DETAILS = {};

function guardrailOf(recipe: GuardrailRecipe): Guardrail {
  let guardrail = built.get(recipe.key);
  if (!guardrail) {
    guardrail = buildGuardrail(recipe, SERVICES);
    built.set(recipe.key, guardrail);
  }
  return guardrail;
}

/** A check's own "could not run" reason is written to be shown; anything else is not. */
function shownReason(e: unknown): string {
  return e instanceof GuardrailUnavailableError ? e.message : "internal error";
}

function runMasks(job: MaskJob): MaskOutcomes {
  let vault: PlaceholderVault | undefined;
  if (job.vault) {
    vault = new PlaceholderVault(job.vault.forced);
    vault.adopt(job.vault.entries);
  }
  const context = vault ? { resent: job.resent, vault } : job.resent ? { resent: true } : undefined;
  let texts = job.texts;
  const steps = job.recipes.map((recipe): MaskStep => {
    const masker = guardrailOf(recipe);
    if (masker.kind !== "masker") return { error: "internal error" };
    try {
      const masked = maskSegments(masker, texts, context);
      texts = texts.map((t, i) => masked.texts[i] ?? t);
      return { ...masked, info: NO_DETAILS };
    } catch (e) {
      return { error: shownReason(e) };
    }
  });
  return vault ? { steps, vault: vault.entries() } : { steps };
}

async function runDetect(job: DetectJob): Promise<DetectOutcome[]> {
  const detector = guardrailOf(job.recipe);
  if (detector.kind !== "detector") throw new Error("not a detector");
  const out: DetectOutcome[] = [];
  for (const text of job.texts) {
    const d = await detector.detect(text, { history: [] });
    out.push({ tripped: d.tripped, confidence: d.confidence, labels: d.labels, info: NO_DETAILS });
  }
  return out;
}

/**
 * A scan of megabytes leaves hundreds of megabytes of garbage (token arrays, spans) that the
 * collector would keep until the next allocations ask for it; collected at once, the allocator
 * hands the pages back to the system a second later (MIMALLOC_PURGE_DELAY).
 */
const COLLECT_AFTER_CHARS = 1024 * 1024;

function charsOf(job: ScanJob): number {
  return job.texts.reduce((n, t) => n + t.length, 0);
}

/** Masked texts go back as bytes to move, as they came. */
function packOutcome(outcome: JobOutcome, transfer: ArrayBuffer[]): WireOutcome {
  if (Array.isArray(outcome)) return outcome as readonly DetectOutcome[];
  const { steps, vault } = outcome as MaskOutcomes;
  const packed = steps.map((step) => ("error" in step ? step : { ...step, texts: packTexts(step.texts, transfer) }));
  return vault ? { steps: packed, vault } : { steps: packed };
}

self.onmessage = async (event: MessageEvent<JobRequest>) => {
  const { id, job: wire } = event.data;
  const job = { ...wire, texts: unpackJobTexts(wire.texts) } as ScanJob;
  let reply: JobReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const outcome: JobOutcome = job.kind === "mask" ? runMasks(job) : await runDetect(job);
    reply = { id, ok: true, outcome: packOutcome(outcome, transfer) };
  } catch (e) {
    reply = { id, ok: false, error: shownReason(e) };
  }
  self.postMessage(reply, transfer);
  if (charsOf(job) >= COLLECT_AFTER_CHARS) Bun.gc(true);
};

self.postMessage(WORKER_READY);
