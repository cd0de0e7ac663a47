/**
 * Hostile input benchmark (DECISIONS §7): what one hostile request costs the compiled binary,
 * and what the other callers feel meanwhile. For each case: the request's own time and status,
 * the server process's peak resident memory during it, its memory 1.5 s after (the allocator
 * gives freed pages back after a second) and 12 s after (scan workers stop after 10 s idle),
 * and the latency of `GET /health` polled every 5 ms, from a thread of its own, for as long as
 * the request runs (its median and worst).
 *
 * Cases: deeply nested JSON; the PII engine's slowest texts found so far at 10 KB, 1 MB and
 * 9.5 MB on the shipped `default` policy; an upstream answer of 50 MB, whole and streamed,
 * against the 32 MiB answer cap.
 *
 *   bun bench/hostile.ts            (BENCH_LARGE=0 skips the 9.5 MB texts;
 *                                    BENCH_ONLY=streamed runs the cases whose name holds it)
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { percentile } from "./lib/load.ts";
import { ensureBinary, ROOT, rssKb, spawnServer } from "./lib/processes.ts";

const LARGE = process.env.BENCH_LARGE !== "0";
const ONLY = process.env.BENCH_ONLY;
const binary = ensureBinary();
const env = { SVC_KEY: "bench", SVC_GUARDRAILS_OFFLINE: "true" };
const mock = await spawnServer([process.execPath, join(ROOT, "bench", "baselines", "mock-llm.ts"), "19400"], 19400, env);
const dir = mkdtempSync(join(tmpdir(), "gp-bench-hostile-"));
for (const file of ["default.yaml"]) writeFileSync(join(dir, file), readFileSync(join(ROOT, "policies", file)));
writeFileSync(join(dir, "none.json"), JSON.stringify({ version: 1 }));
const proxy = await spawnServer([binary, "--host", "127.0.0.1", "--port", "19401", "--policy-dir", dir, "--default-config", "default", "--log-level", "warning"], 19401, {
  ...env,
  COMPAT_BASE_URL: `${mock.url}/v1`,
  COMPAT_API_KEY: "sk-bench",
  SVC_GUARDRAILS_UPSTREAM_MAX_RETRIES: "0",
});

interface Row {
  readonly name: string;
  readonly status: string;
  readonly ms: number;
  readonly peakMb: number;
  readonly afterMb: number;
  readonly settledMb: number;
  readonly healthP50: number;
  readonly healthMax: number;
  readonly polls: number;
}

async function measure(name: string, send: () => Promise<Response>): Promise<void> {
  if (ONLY && !name.includes(ONLY)) return;
  // Engines warm and memory settled first: neither is what is measured.
  await (await fetch(`${proxy.url}/v1/guard/input`, { method: "POST", body: JSON.stringify({ text: "warm up a@b.co" }) })).text();
  const poller = new Worker(new URL("./lib/health-poller.ts", import.meta.url));
  const polled = new Promise<number[]>((resolve) => (poller.onmessage = (e: MessageEvent<number[]>) => resolve(e.data)));
  poller.postMessage({ url: proxy.url });
  await Bun.sleep(20);
  let peak = rssKb(proxy.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(proxy.pid))), 10);
  const started = performance.now();
  const request = send().then(async (res) => {
    const body = await res.text();
    poller.postMessage("stop");
    return res.status === 200 && body.includes("upstream_answer_too_large") ? "200, cut" : String(res.status);
  });
  const status = await request;
  const ms = performance.now() - started;
  clearInterval(sampler);
  const health = await polled;
  poller.terminate();
  await Bun.sleep(1500);
  const afterMb = rssKb(proxy.pid) / 1024;
  await Bun.sleep(10_500);
  health.sort((a, b) => a - b);
  const row = { name, status, ms, peakMb: peak / 1024, afterMb, settledMb: rssKb(proxy.pid) / 1024, healthP50: percentile(health, 50), healthMax: health.at(-1) ?? NaN, polls: health.length };
  print(row);
}

function post(path: string, body: string): Promise<Response> {
  return fetch(proxy.url + path, { method: "POST", headers: { "content-type": "application/json" }, body });
}

function print(r: Row): void {
  const mb = (v: number) => `${v.toFixed(0)} MB`.padStart(8);
  const cells = [r.name.padEnd(44), r.status.padStart(8), `${r.ms.toFixed(0)} ms`.padStart(10), mb(r.peakMb), mb(r.afterMb), mb(r.settledMb)];
  cells.push(`${r.healthP50.toFixed(1)} / ${r.healthMax.toFixed(1)} ms (${r.polls})`.padStart(24));
  console.log(cells.join(" "));
}

function fill(unit: string, chars: number): string {
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
}

console.log(`compiled binary, default policy, ${new Date().toISOString()}`);
console.log(`idle after start: ${(rssKb(proxy.pid) / 1024).toFixed(0)} MB`);
const header = ["case".padEnd(44), "status".padStart(8), "time".padStart(10), "peak".padStart(8), "+1.5 s".padStart(8), "+12 s".padStart(8), "/health p50 / max (polls)".padStart(24)];
console.log(header.join(" "));

await measure("50,000 nested arrays, /v1/guard/input", () => post("/v1/guard/input", "[".repeat(50_000) + "]".repeat(50_000)));
await measure("100,000 levels in a chat body", () =>
  post("/v1/chat/completions", `{"model":"m","messages":[{"role":"user","content":"hi"}],"metadata":${"[".repeat(100_000)}${"]".repeat(100_000)}}`),
);

/** The slowest texts of a survey of repeated units (1 MB each, in ms: 'a.co ' 752, '4111 ' 478, '%41' 252, 'Ab ' 244; prose 36). */
const PATTERNS: [string, string][] = [
  ["'a.co ' (domains)", "a.co "],
  ["'4111 ' (digit groups)", "4111 "],
  ["'%41' (percent-encoding)", "%41"],
  ["'Ab ' (capitalised words)", "Ab "],
];
const sizes: [string, number][] = [
  ["10 KB", 10 * 1024],
  ["1 MB", 1024 * 1024],
];
for (const [label, unit] of PATTERNS) {
  for (const [size, chars] of sizes) await measure(`${label} ${size}`, () => post("/v1/guard/input", JSON.stringify({ text: fill(unit, chars) })));
}
if (LARGE) {
  for (const [label, unit] of PATTERNS.slice(0, 2)) await measure(`${label} 9.5 MB`, () => post("/v1/guard/input", JSON.stringify({ text: fill(unit, 9.5 * 1024 * 1024) })));
}

const chat = (extra: object, policy = "default") => JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }], guardrails: { config_id: policy }, ...extra });
await measure("50 MB whole answer", () => post("/v1/chat/completions", chat({ mock_answer_bytes: 50 * 1024 * 1024 })));
await measure("50 MB streamed answer, output guardrails", () => post("/v1/chat/completions", chat({ stream: true, mock_chunks: 270_000 })));
await measure("50 MB streamed answer, no guardrails", () => post("/v1/chat/completions", chat({ stream: true, mock_chunks: 270_000 }, "none")));

await proxy.stop();
await mock.stop();
