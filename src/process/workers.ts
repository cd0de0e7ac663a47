/**
 * `--workers N`: one Bun process serves from one thread, so on a machine with more cores the
 * proxy starts N copies of itself, each listening on the same port (`reusePort`: Linux's
 * SO_REUSEPORT spreads new connections across them). This process supervises: it starts the
 * workers with its own arguments, passes signals on, starts a worker again if one dies, and
 * sums their metrics for whichever worker answers `GET /metrics` (worker-channel.ts).
 *
 * A worker that exits before it listens (a broken models file, say) stops the start-up: the
 * others are stopped and the supervisor exits with that worker's status.
 *
 * Workers' log lines come through the supervisor, whole: processes writing to one shared pipe
 * interleave once it fills (measured: 2 of 16 000 lines broken, 183 with a slow reader), and a
 * JSON-lines log must not break mid-line. The supervisor is the only writer to its stdout.
 */
import type { Subprocess } from "bun";
import type { LineSink, Logger } from "../log/logger.ts";
import { mergeSnapshots, type MetricsSnapshot } from "../metrics/metrics.ts";
import type { Environment } from "../settings.ts";
import { selfCommand } from "./self-command.ts";
import type { SupervisorMessage, WorkerMessage } from "./worker-messages.ts";

/** Pause before a worker that died is started again, so a crash loop does not spin. */
const RESTART_DELAY_MS = 1000;
/** A worker that has not answered a metrics collection by then is left out of it. */
const COLLECT_TIMEOUT_MS = 1500;

interface Collection {
  readonly requester: Subprocess;
  /** The requesting worker's own id for its request. */
  readonly requestId: number;
  readonly waitingFor: Set<number>;
  readonly snapshots: MetricsSnapshot[];
  readonly timer: ReturnType<typeof setTimeout>;
}

/** `out` is where the supervisor's own log lines go too: one writer, so lines stay whole. */
export async function superviseWorkers(count: number, argv: readonly string[], env: Environment, log: Logger, out: LineSink): Promise<number> {
  const workers: (Subprocess | null)[] = new Array(count).fill(null);
  /** Workers that listen: the ones a metrics collection asks (one still starting has no counts, nor a channel). */
  const listening = new Set<number>();
  const collections = new Map<number, Collection>();
  let nextCollection = 0;
  let stopping = false;
  let started = false;
  let startupFailed: (status: number) => void = () => {};
  let allReady: () => void = () => {};
  const startup = new Promise<number>((resolve) => {
    allReady = () => resolve(0);
    startupFailed = resolve;
  });
  let stopRequested: (signal: NodeJS.Signals) => void = () => {};
  const stop = new Promise<NodeJS.Signals>((resolve) => (stopRequested = resolve));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const w of workers) w?.kill(signal);
      stopRequested(signal);
    });
  }

  const send = (worker: Subprocess, message: SupervisorMessage) => {
    try {
      worker.send(message);
    } catch {
      // The worker is gone; its exit is handled by onExit.
    }
  };

  const finish = (id: number) => {
    const c = collections.get(id);
    if (!c) return;
    clearTimeout(c.timer);
    collections.delete(id);
    send(c.requester, { type: "metrics-result", id: c.requestId, snapshot: mergeSnapshots(c.snapshots) });
  };

  const onMessage = (index: number, message: WorkerMessage, worker: Subprocess) => {
    if (message.type === "ready") {
      listening.add(index);
      if (!started && listening.size === count) allReady();
    } else if (message.type === "metrics-request") {
      const id = nextCollection++;
      const live = [...listening];
      collections.set(id, { requester: worker, requestId: message.id, waitingFor: new Set(live), snapshots: [], timer: setTimeout(() => finish(id), COLLECT_TIMEOUT_MS) });
      for (const i of live) send(workers[i]!, { type: "metrics-collect", id });
    } else if (message.type === "metrics-snapshot") {
      const c = collections.get(message.id);
      if (!c || !c.waitingFor.delete(index)) return;
      c.snapshots.push(message.snapshot);
      if (c.waitingFor.size === 0) finish(message.id);
    }
  };

  const onExit = (index: number, worker: Subprocess, status: number | null, signal: number | NodeJS.Signals | null) => {
    if (workers[index] !== worker) return;
    workers[index] = null;
    listening.delete(index);
    for (const [id, c] of collections) if (c.waitingFor.delete(index) && c.waitingFor.size === 0) finish(id);
    if (stopping) return;
    if (!started) return startupFailed(status || 1);
    log.error("worker exited; starting another", { worker: index, status, signal });
    setTimeout(() => {
      if (!stopping) start(index);
    }, RESTART_DELAY_MS);
  };

  /** Relays of workers' output still running: one per live worker, and a dead one's until its pipe is drained. */
  const relays = new Set<Promise<void>>();

  const start = (index: number) => {
    const worker = Bun.spawn(selfCommand(argv), {
      env: { ...env, SVC_GUARDRAILS_WORKER_INDEX: String(index) },
      stdio: ["ignore", "pipe", "inherit"],
      ipc: (message, w) => onMessage(index, message as WorkerMessage, w),
      onExit: (w, status, signal) => onExit(index, w, status, signal),
    });
    workers[index] = worker;
    const relay = relayLines(worker.stdout, out);
    relays.add(relay);
    const forget = () => void relays.delete(relay);
    relay.then(forget, forget);
  };

  for (let i = 0; i < count; i++) start(i);
  const status = await Promise.race([startup, stop.then(() => 0)]);
  if (status !== 0 || stopping) {
    stopping = true;
    for (const w of workers) w?.kill("SIGTERM");
    await Promise.all([...workers.map((w) => w?.exited), ...relays]);
    return status;
  }
  started = true;
  log.info("workers started", { workers: count, pids: workers.map((w) => w?.pid) });
  const signal = await stop;
  log.info("shutting down", { signal, workers: count });
  await Promise.all([...workers.map((w) => w?.exited), ...relays]);
  log.flush();
  return 0;
}

/** Copies a worker's output to `out` in whole lines (a last line without its newline at the end). */
async function relayLines(from: ReadableStream<Uint8Array>, out: LineSink): Promise<void> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of from) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const cut = text.lastIndexOf("\n");
    if (cut < 0) {
      rest = text;
      continue;
    }
    out.write(text.slice(0, cut + 1));
    rest = text.slice(cut + 1);
  }
  rest += decoder.decode();
  if (rest) out.write(rest);
}
