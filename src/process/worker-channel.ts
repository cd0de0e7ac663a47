/**
 * A worker's side of `--workers` (process/workers.ts): it tells the supervisor when it listens,
 * hands over its metrics when asked, and for `GET /metrics` asks for the sum over all workers.
 */
import { renderMetrics, type Metrics, type MetricsSnapshot } from "../metrics/metrics.ts";
import type { SupervisorMessage, WorkerMessage } from "./worker-messages.ts";

/** How long `/metrics` waits for the other workers before answering with this one's counts. */
const COLLECT_TIMEOUT_MS = 2000;

export interface WorkerChannel {
  ready(): void;
  /** The Prometheus text of every worker's counts together. */
  metricsText(): Promise<string>;
}

export function workerChannel(metrics: Metrics): WorkerChannel {
  const send = (message: WorkerMessage) => process.send?.(message);
  const pending = new Map<number, (snapshot: MetricsSnapshot) => void>();
  let nextId = 0;
  // The supervisor gone (killed outright, so it could not pass a signal on), the channel
  // closes: the worker stops as on SIGTERM rather than serve on unsupervised.
  process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
  process.on("message", (raw: unknown) => {
    const message = raw as SupervisorMessage;
    if (message.type === "metrics-collect") send({ type: "metrics-snapshot", id: message.id, snapshot: metrics.snapshot() });
    else if (message.type === "metrics-result") pending.get(message.id)?.(message.snapshot);
  });
  return {
    ready: () => send({ type: "ready" }),
    metricsText() {
      const id = nextId++;
      return new Promise<string>((resolve) => {
        const timer = setTimeout(() => answer(metrics.snapshot()), COLLECT_TIMEOUT_MS);
        const answer = (snapshot: MetricsSnapshot) => {
          clearTimeout(timer);
          pending.delete(id);
          resolve(renderMetrics(snapshot));
        };
        pending.set(id, answer);
        send({ type: "metrics-request", id });
      });
    },
  };
}
