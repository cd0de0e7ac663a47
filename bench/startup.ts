/**
 * Start-up benchmark of the compiled binary: time from spawn to the first 200 on /health,
 * resident memory when idle after start, and after one guard request that loads the PII
 * lexicon and tagger. Median of BENCH_RUNS (default 9) starts.
 *
 *   bun bench/startup.ts
 */
import { join } from "node:path";
import { median } from "./lib/load.ts";
import { ensureBinary, ROOT, rssKb, spawnServer } from "./lib/processes.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const binary = ensureBinary();
const times: number[] = [];
const idle: number[] = [];
const rss: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const port = 19200 + i;
  const t0 = performance.now();
  const p = await spawnServer([binary, "--host", "127.0.0.1", "--port", String(port), "--policy-dir", join(ROOT, "policies")], port, { SVC_KEY: "bench", SVC_GUARDRAILS_OFFLINE: "true" });
  times.push(performance.now() - t0);
  await Bun.sleep(300);
  idle.push(rssKb(p.pid) / 1024);
  const res = await fetch(`${p.url}/v1/guard/input`, { method: "POST", body: JSON.stringify({ text: "mail a@b.co", config_id: "default" }) });
  await res.text();
  await Bun.sleep(300);
  rss.push(rssKb(p.pid) / 1024);
  await p.stop();
}
console.log(`compiled binary, ${RUNS} starts (the 1 ms readiness poll is included)`);
console.log(`first /health after spawn: median ${median(times).toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`);
console.log(`idle RSS after start: median ${median(idle).toFixed(1)} MB (max ${Math.max(...idle).toFixed(1)})`);
console.log(`RSS after one guard request with every PII type (lexicon and tagger loaded): median ${median(rss).toFixed(1)} MB (max ${Math.max(...rss).toFixed(1)})`);
