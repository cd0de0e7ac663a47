/**
 * Polls `GET /health` every few milliseconds in a thread of its own, so what it measures is the
 * server's answer time, not this process's own event loop (which builds and reads megabyte
 * bodies). Not back to back: on a small machine a poller that never rests takes a core from
 * the server it measures. Messages: `{ url }` starts polling; `"stop"` ends it, and the
 * latencies (ms) are posted back.
 */
declare const self: Worker;

const PAUSE_MS = 5;

let running = false;

self.onmessage = async (event: MessageEvent<{ url: string } | "stop">) => {
  if (event.data === "stop") {
    running = false;
    return;
  }
  running = true;
  const latencies: number[] = [];
  while (running) {
    const t0 = performance.now();
    await (await fetch(`${event.data.url}/health`)).text();
    latencies.push(performance.now() - t0);
    await Bun.sleep(PAUSE_MS);
  }
  self.postMessage(latencies);
};
