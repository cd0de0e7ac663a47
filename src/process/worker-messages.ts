/** What the supervising process and its workers say to each other over Bun's IPC channel. */
import type { MetricsSnapshot } from "../metrics/metrics.ts";

/** Worker -> supervisor. */
export type WorkerMessage =
  | { readonly type: "ready" }
  /** A worker answering `GET /metrics` asks for every worker's counts. */
  | { readonly type: "metrics-request"; readonly id: number }
  | { readonly type: "metrics-snapshot"; readonly id: number; readonly snapshot: MetricsSnapshot };

/** Supervisor -> worker. */
export type SupervisorMessage =
  | { readonly type: "metrics-collect"; readonly id: number }
  | { readonly type: "metrics-result"; readonly id: number; readonly snapshot: MetricsSnapshot };
