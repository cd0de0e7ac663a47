/**
 * Scans of large texts off the event loop (DECISIONS §7: one caller cannot stall the others).
 * A stage over a large text hands its local guardrails' work to a pool of worker threads; the
 * event loop meanwhile answers `/health`, small requests and streams. A 9.5 MB text of the PII
 * engine's slowest pattern takes seconds to scan: in the main thread that was seconds without
 * any answer for anybody.
 *
 * Workers start on the first large text, not with the server (an idle server stays small and
 * starts fast), and stop after a while without work, which gives their memory back.
 */
import { dirname, join } from "node:path";
import type { GuardrailRecipe } from "../guardrails/registry.ts";
import { GuardrailUnavailableError } from "../guardrails/types.ts";
import { WORKER_READY, type DetectOutcome, type JobOutcome, type JobReply, type JobRequest, type MaskOutcomes, type ScanJob, type VaultState, type WireOutcome, type WorkerMessage } from "./scan-messages.ts";
import { packTexts, unpackTexts } from "./wire-texts.ts";

/** From this many characters in a stage, its local guardrails run in a worker. */
export const OFFLOAD_MIN_CHARS = 16 * 1024;

/** A worker with nothing to do for this long stops (a new one starts in about 100 ms). */
const IDLE_STOP_MS = 10_000;

interface Pending {
  readonly request: JobRequest;
  /** The request's text buffers, moved to the worker rather than copied. */
  readonly transfer: ArrayBuffer[];
  readonly resolve: (outcome: JobOutcome) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  readonly worker: Worker;
  /**
   * The worker has loaded its modules. Jobs wait for it: a message posted to a worker still
   * starting cost the event loop 40-50 ms for a 9.5 MB text, against 7-15 ms once it is ready.
   */
  ready: boolean;
  job: Pending | null;
  idle: ReturnType<typeof setTimeout> | null;
}

export class ScanPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(
    readonly size: number,
    private readonly idleStopMs = IDLE_STOP_MS,
    /** The worker's module; tests give one that fails. */
    private readonly workerUrl = scanWorkerUrl(),
  ) {}

  /** Every masker of a stage in order over the texts; one outcome per masker. */
  async mask(recipes: readonly GuardrailRecipe[], texts: readonly string[], resent: boolean, vault?: VaultState): Promise<MaskOutcomes> {
    return (await this.run({ kind: "mask", recipes, texts, resent, vault })) as MaskOutcomes;
  }

  /** One local detector on each text. Rejects with `GuardrailUnavailableError` when it could not run. */
  async detect(recipe: GuardrailRecipe, texts: readonly string[]): Promise<readonly DetectOutcome[]> {
    return (await this.run({ kind: "detect", recipe, texts })) as readonly DetectOutcome[];
  }

  /** Workers running now. */
  get running(): number {
    return this.slots.length;
  }

  /** Stops every worker; jobs still waiting fail. */
  stop(): void {
    for (const slot of this.slots.splice(0)) this.retire(slot, new GuardrailUnavailableError("the scan pool stopped"));
    for (const pending of this.queue.splice(0)) pending.reject(new GuardrailUnavailableError("the scan pool stopped"));
  }

  private run(job: ScanJob): Promise<JobOutcome> {
    return new Promise((resolve, reject) => {
      const transfer: ArrayBuffer[] = [];
      const request: JobRequest = { id: this.nextId++, job: { ...job, texts: packTexts(job.texts, transfer) } };
      this.queue.push({ request, transfer, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.ready && s.job === null);
      if (!slot) {
        // Enough workers starting for the jobs waiting, within the pool's size.
        const starting = this.slots.filter((s) => !s.ready).length;
        if (this.slots.length < this.size && starting < this.queue.length) {
          this.spawn();
          continue;
        }
        return;
      }
      const pending = this.queue.shift()!;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      slot.job = pending;
      slot.worker.ref();
      slot.worker.postMessage(pending.request, pending.transfer);
    }
  }

  private spawn(): void {
    const worker = new Worker(this.workerUrl);
    const slot: Slot = { worker, ready: false, job: null, idle: null };
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      if (event.data !== WORKER_READY) return this.settle(slot, event.data);
      slot.ready = true;
      this.dispatch();
    };
    worker.onerror = () => this.crashed(slot);
    this.slots.push(slot);
  }

  private settle(slot: Slot, reply: JobReply): void {
    const pending = slot.job;
    slot.job = null;
    if (pending && pending.request.id === reply.id) {
      if (reply.ok) pending.resolve(unpackOutcome(reply.outcome));
      else pending.reject(new GuardrailUnavailableError(reply.error));
    }
    if (this.queue.length > 0) return this.dispatch();
    // An idle worker must not keep the process alive.
    slot.worker.unref();
    slot.idle = setTimeout(() => this.retireIdle(slot), this.idleStopMs);
    slot.idle.unref?.();
  }

  /**
   * A worker that died (out of memory, a bug) fails its job; the next job gets a new one. One
   * that died before it was ready cannot start at all: the jobs waiting fail too, rather than
   * wait for workers that would die the same way.
   */
  private crashed(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    this.retire(slot, new GuardrailUnavailableError("the scan worker stopped"));
    if (!slot.ready) {
      for (const pending of this.queue.splice(0)) pending.reject(new GuardrailUnavailableError("the scan worker could not start"));
    }
    this.dispatch();
  }

  private retireIdle(slot: Slot): void {
    if (slot.job !== null) return;
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    this.retire(slot, null);
  }

  private retire(slot: Slot, error: Error | null): void {
    if (slot.idle) clearTimeout(slot.idle);
    if (slot.job && error) slot.job.reject(error);
    slot.job = null;
    slot.worker.terminate();
  }
}

function unpackOutcome(outcome: WireOutcome): JobOutcome {
  if (Array.isArray(outcome)) return outcome as readonly DetectOutcome[];
  const { steps, vault } = outcome as Exclude<WireOutcome, readonly DetectOutcome[]>;
  const unpacked = steps.map((step) => ("error" in step ? step : { ...step, texts: unpackTexts(step.texts) }));
  return vault ? { steps: unpacked, vault } : { steps: unpacked };
}

/**
 * The worker's module. From source it sits beside this one; in the compiled binary `build.ts`
 * embeds it as a second entry point, at its path under `src/` beside the program's own entry.
 */
function scanWorkerUrl(): string {
  return Bun.isStandaloneExecutable ? join(dirname(Bun.main), "pipeline", "scan-worker.js") : new URL("./scan-worker.ts", import.meta.url).href;
}

/** The process's pool, set when the server starts; null: every scan runs in this thread. */
let active: ScanPool | null = null;
/**
 * A second pool, of the same size, for work nobody waits for (a shadow policy's stages): a live
 * request's scan never queues behind it. Its workers start with its first job, like the other's.
 */
let background: ScanPool | null = null;

/**
 * From this many characters in a stage, background work runs in the background pool; below, it
 * runs in the event loop after the answer (a worker's round trip costs more than such a scan).
 */
export const BACKGROUND_MIN_CHARS = 4 * 1024;

/** Sets the pools' size (0: none); a pool of another size stops. */
export function configureScanPool(size: number): void {
  if (active?.size === size) return;
  active?.stop();
  background?.stop();
  active = size > 0 ? new ScanPool(size) : null;
  background = size > 0 ? new ScanPool(size) : null;
}

export function scanPool(): ScanPool | null {
  return active;
}

export function backgroundScanPool(): ScanPool | null {
  return background;
}
