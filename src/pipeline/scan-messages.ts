/** What the scan pool and its workers say to each other (scan-pool.ts, scan-worker.ts). */
import type { GuardrailRecipe } from "../guardrails/registry.ts";
import type { VaultEntry } from "../guardrails/text/vault.ts";
import type { GuardrailInfo } from "../guardrails/types.ts";
import type { MaskedSegments } from "./mask-segments.ts";
import type { WireText } from "./wire-texts.ts";

/** Every masker of a stage, in list order, over every segment: each reads the last one's output. */
export interface MaskJob {
  readonly kind: "mask";
  readonly recipes: readonly GuardrailRecipe[];
  readonly texts: readonly string[];
  readonly resent: boolean;
  /** The request's vault so far, when a masker may be reversible. */
  readonly vault?: VaultState;
}

export interface VaultState {
  readonly forced: boolean;
  readonly entries: readonly VaultEntry[];
}

/** The maskers' steps, and the vault's entries after them. */
export interface MaskOutcomes {
  readonly steps: readonly MaskStep[];
  readonly vault?: readonly VaultEntry[];
}

/** One local detector on each of the texts. */
export interface DetectJob {
  readonly kind: "detect";
  readonly recipe: GuardrailRecipe;
  readonly texts: readonly string[];
}

export type ScanJob = MaskJob | DetectJob;

/**
 * A masker's outcome, details left out (`info` is empty), or why it failed (a failed masker
 * masked nothing: the next one reads its input).
 */
export type MaskStep = MaskedSegments | { readonly error: string };

export interface DetectOutcome {
  readonly tripped: boolean;
  readonly confidence?: number;
  readonly labels: readonly string[];
  readonly info: GuardrailInfo;
}

export type JobOutcome = MaskOutcomes | readonly DetectOutcome[];

/** A job as it crosses to the worker: its texts as bytes to move (wire-texts.ts). */
export type WireJob = (Omit<MaskJob, "texts"> | Omit<DetectJob, "texts">) & { readonly texts: readonly WireText[] };

/** A masker's outcome as it crosses back. */
export type WireMaskStep = (Omit<MaskedSegments, "texts"> & { readonly texts: readonly WireText[] }) | { readonly error: string };

export type WireOutcome = { readonly steps: readonly WireMaskStep[]; readonly vault?: readonly VaultEntry[] } | readonly DetectOutcome[];

export interface JobRequest {
  readonly id: number;
  readonly job: WireJob;
}

export type JobReply = { readonly id: number; readonly ok: true; readonly outcome: WireOutcome } | { readonly id: number; readonly ok: false; readonly error: string };

/** What a worker posts once its modules are loaded, before any reply. */
export const WORKER_READY = "ready";

export type WorkerMessage = JobReply | typeof WORKER_READY;
