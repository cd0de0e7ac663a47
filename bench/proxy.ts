/**
 * Proxy benchmark (issue 4). In one run, against the same mock upstream:
 *   - the mock called directly,
 *   - a minimal Bun pass-through proxy (bench/baselines/pass-through.ts, the floor for one hop),
 *   - the compiled guardrail-proxy with a PII policy (every PII type masked in pre_flight,
 *     PII blocking in output) on a 1 KB support message.
 * Reports requests per second at concurrency 32, p50 latency at concurrency 1, streaming time
 * to first byte, the per-chunk cost of output checks (every 10 chunks) on 1,000- and
 * 10,000-chunk streams, and time to first byte when 500 streams open at once.
 *
 *   bun bench/proxy.ts      (BENCH_SECONDS=4 BENCH_ROUNDS=3 BENCH_SEQUENTIAL=1500 by default)
 *   BENCH_POLICY=none bun bench/proxy.ts   (the same with a policy without guardrails: the hop alone)
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, percentile, runLoad, type RequestSpec } from "./lib/load.ts";
import { ensureBinary, ROOT, spawnServer, type Proc } from "./lib/processes.ts";
import { supportMessage1k } from "./lib/texts.ts";

// The load generator opens 500 streams at once: Bun's fetch needs this before the process starts.
if (!process.env.BUN_CONFIG_MAX_HTTP_REQUESTS) {
  const execve = (process as unknown as { execve: (f: string, a: string[], e: Record<string, string | undefined>) => never }).execve;
  execve(process.execPath, [process.execPath, ...process.argv.slice(1)], { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "4096" });
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 1500);
const STREAMS_AT_ONCE = 500;
const POLICY = process.env.BENCH_POLICY === "none" ? "none" : "pii";

const binary = ensureBinary();
const dir = mkdtempSync(join(tmpdir(), "gp-bench-proxy-"));
writeFileSync(
  join(dir, "pii.json"),
  JSON.stringify({
    version: 1,
    pre_flight: { version: 1, guardrails: [{ name: "PII" }] },
    output: { version: 1, guardrails: [{ name: "PII", suppress_enforcement: false, config: { block: true } }] },
  }),
);
writeFileSync(join(dir, "none.json"), JSON.stringify({ version: 1 }));

const env = { SVC_KEY: "bench", SVC_GUARDRAILS_OFFLINE: "true", BUN_CONFIG_MAX_HTTP_REQUESTS: "4096" };
const mock = await spawnServer([process.execPath, join(ROOT, "bench", "baselines", "mock-llm.ts"), "19300"], 19300, env);
const passThrough = await spawnServer([process.execPath, join(ROOT, "bench", "baselines", "pass-through.ts"), "19301", mock.url], 19301, env);
const spawnProxy = (port: number, extraEnv: Record<string, string> = {}, extraArgs: string[] = []) =>
  spawnServer(
    [binary, "--host", "127.0.0.1", "--port", String(port), "--policy-dir", dir, "--default-config", POLICY, "--log-level", "warning", ...extraArgs],
    port,
    { ...env, COMPAT_BASE_URL: `${mock.url}/v1`, COMPAT_API_KEY: "sk-bench", SVC_GUARDRAILS_UPSTREAM_MAX_RETRIES: "0", ...extraEnv },
  );
const proxy = await spawnProxy(19302);
// The same proxy without the scan cache, for the conversation measurement (6).
const uncached = await spawnProxy(19303, { SVC_GUARDRAILS_PII_CACHE: "0" });
// The same proxy as two worker processes on one port (--workers 2), for throughput (1).
const twoWorkers = await spawnProxy(19304, {}, ["--workers", "2"]);

const targets: Record<"direct" | "pass-through" | "guardrail-proxy", Proc> = { direct: mock, "pass-through": passThrough, "guardrail-proxy": proxy };
type Target = keyof typeof targets;
const TARGETS = Object.keys(targets) as Target[];

const headers = { "content-type": "application/json", authorization: "Bearer sk-bench" };
const chatBody = (extra: object = {}) => JSON.stringify({ model: "bench-model", messages: [{ role: "user", content: supportMessage1k() }], ...extra });
// The proxy reuses the scans of texts it has seen: every request must carry a new one.
if (supportMessage1k() === supportMessage1k()) throw new Error("benchmark messages repeat: the proxy's scan cache would be measured");

/**
 * A conversation in its tenth turn: nine earlier messages (the same in every request, as a chat
 * client resends them) and a new 1 KB user message.
 */
const history = Array.from({ length: 9 }, (_, i) => ({ role: i % 2 === 0 ? "user" : "assistant", content: supportMessage1k() }));
const conversationBody = () => JSON.stringify({ model: "bench-model", messages: [...history, { role: "user", content: supportMessage1k() }] });

function spec(target: Target): RequestSpec {
  return {
    url: `${targets[target].url}/v1/chat/completions`,
    headers,
    body: () => chatBody(),
    check: (status, body) => {
      if (status !== 200 || !body.includes("chat.completion")) throw new Error(`${target}: unexpected answer ${status}: ${body.slice(0, 200)}`);
    },
  };
}

interface StreamTiming {
  readonly ttfb: number;
  readonly total: number;
}

/** One streamed request: time to the first body bytes and to the end; fails unless it ends in [DONE] after a stop. */
async function stream(target: Target, chunks: number, gapMs = 0): Promise<StreamTiming> {
  const t0 = performance.now();
  const res = await fetch(`${targets[target].url}/v1/chat/completions`, { method: "POST", headers, body: chatBody({ stream: true, mock_chunks: chunks, mock_gap_ms: gapMs }) });
  if (res.status !== 200) throw new Error(`${target}: stream answered ${res.status}: ${await res.text()}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let first = await reader.read();
  const ttfb = performance.now() - t0;
  let tail = "";
  while (!first.done) {
    tail = (tail + decoder.decode(first.value, { stream: true })).slice(-400);
    first = await reader.read();
  }
  if (!tail.includes('"finish_reason":"stop"') || !tail.includes("data: [DONE]")) throw new Error(`${target}: stream did not finish normally: ${tail}`);
  return { ttfb, total: performance.now() - t0 };
}

/** Sequential samples, targets taking turns in blocks, so a slow minute of the VM hits all of them. */
async function interleaved(sample: (t: Target) => Promise<number>, count: number, block = 50): Promise<Record<Target, number[]>> {
  const out = { direct: [], "pass-through": [], "guardrail-proxy": [] } as Record<Target, number[]>;
  for (let done = 0; done < count; done += block) {
    for (const t of TARGETS) for (let i = 0; i < block; i++) out[t].push(await sample(t));
  }
  return out;
}

async function oneRequest(t: Target): Promise<number> {
  const s = spec(t);
  const t0 = performance.now();
  const res = await fetch(s.url, { method: "POST", headers: s.headers, body: (s.body as () => string)() });
  s.check!(res.status, await res.text());
  return performance.now() - t0;
}

// Warm-up: JIT, connection pools, the proxy's first-request client construction.
for (const t of TARGETS) {
  await runLoad(spec(t), 32, 1000);
  await stream(t, 100);
}

// 1. Throughput at concurrency 32.
const rps = { direct: [], "pass-through": [], "guardrail-proxy": [] } as Record<Target, number[]>;
const workersSpec: RequestSpec = { ...spec("guardrail-proxy"), url: `${twoWorkers.url}/v1/chat/completions` };
await runLoad(workersSpec, 32, 1000);
const rpsTwoWorkers: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  for (const t of TARGETS) rps[t].push((await runLoad(spec(t), 32, SECONDS * 1000)).rps);
  rpsTwoWorkers.push((await runLoad(workersSpec, 32, SECONDS * 1000)).rps);
}

// 2. Latency at concurrency 1.
const latency = await interleaved(oneRequest, SEQUENTIAL);

// 3. Streaming time to first byte at concurrency 1 (20-chunk answers).
const ttfb = await interleaved(async (t) => (await stream(t, 20)).ttfb, 600);

// 4. Output checks every 10 chunks: per-chunk cost on 1,000- and 10,000-chunk streams.
const perChunk: Record<string, number[]> = {};
for (let r = 0; r < 7; r++) {
  for (const chunks of [1_000, 10_000]) {
    for (const t of ["pass-through", "guardrail-proxy"] as const) {
      const key = `${t} ${chunks}`;
      (perChunk[key] ??= []).push(((await stream(t, chunks)).total * 1000) / chunks);
    }
  }
}

// 5. 500 streams opened at once (50 chunks 20 ms apart, about a second each).
async function burst(t: Target): Promise<Float64Array> {
  const timings = await Promise.all(Array.from({ length: STREAMS_AT_ONCE }, () => stream(t, 50, 20)));
  return Float64Array.from(timings.map((x) => x.ttfb)).sort();
}
const bursts: Partial<Record<Target, Float64Array[]>> = {};
for (let r = 0; r < 3; r++) for (const t of ["pass-through", "guardrail-proxy"] as const) (bursts[t] ??= []).push(await burst(t));

// 6. A ten-message conversation, one new message per request, at concurrency 1: with the scan
// cache (the default) and without it (SVC_GUARDRAILS_PII_CACHE=0).
const conversationTargets = { "pass-through": passThrough.url, "guardrail-proxy": proxy.url, "guardrail-proxy, no cache": uncached.url };
type ConversationTarget = keyof typeof conversationTargets;
const conversation: Record<ConversationTarget, number[]> = { "pass-through": [], "guardrail-proxy": [], "guardrail-proxy, no cache": [] };
for (let done = 0; done < 600; done += 50) {
  for (const [t, url] of Object.entries(conversationTargets) as [ConversationTarget, string][]) {
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      const res = await fetch(`${url}/v1/chat/completions`, { method: "POST", headers, body: conversationBody() });
      await res.text();
      if (res.status !== 200) throw new Error(`${t}: conversation answered ${res.status}`);
      conversation[t].push(performance.now() - t0);
    }
  }
}

await proxy.stop();
await uncached.stop();
await twoWorkers.stop();
await passThrough.stop();
await mock.stop();

// Report.
const f = (n: number, d = 0) => n.toFixed(d);
const p50 = (xs: number[]) => percentile(Float64Array.from(xs).sort(), 50);
const rpsOf = (t: Target) => median(rps[t]);
console.log("proxy benchmark: POST /v1/chat/completions, 1 KB user message with PII");
console.log(
  POLICY === "pii"
    ? "guardrail-proxy policy: PII (all types) masking in pre_flight, PII blocking in output; mock upstream on loopback\n"
    : "guardrail-proxy policy: none (version 1, no guardrails): the proxy hop alone; mock upstream on loopback\n",
);
console.log(`| path | req/s @32 (median of ${ROUNDS}) | p50 ms @1 | stream TTFB p50 ms @1 |`);
console.log("|---|---:|---:|---:|");
for (const t of TARGETS) console.log(`| ${t} | ${f(rpsOf(t))} | ${f(p50(latency[t]), 3)} | ${f(p50(ttfb[t]), 3)} |`);
console.log("");
const addedP50 = p50(latency["guardrail-proxy"]) - p50(latency["pass-through"]);
const addedTtfb = p50(ttfb["guardrail-proxy"]) - p50(ttfb["pass-through"]);
console.log(`throughput vs pass-through: ${f((100 * rpsOf("guardrail-proxy")) / rpsOf("pass-through"))}% (target >= 60%)`);
console.log(
  `throughput with --workers 2 (two processes on one port): ${f(median(rpsTwoWorkers))} req/s, ${f((100 * median(rpsTwoWorkers)) / rpsOf("pass-through"))}% of the pass-through (rounds ${rpsTwoWorkers.map((x) => f(x)).join("/")})`,
);
console.log(`added p50 latency vs pass-through: ${f(addedP50 * 1000)} µs (target <= 500 µs)`);
console.log(`added streaming TTFB vs pass-through: ${f(addedTtfb * 1000)} µs (target <= 1000 µs)`);
const c1k = median(perChunk["guardrail-proxy 1000"]!);
const c10k = median(perChunk["guardrail-proxy 10000"]!);
console.log(
  `per-chunk stream cost, ${POLICY === "pii" ? "output checks every 10 chunks" : "no output checks"}: ${f(c1k, 2)} µs at 1,000 chunks, ${f(c10k, 2)} µs at 10,000 (ratio ${f(c10k / c1k, 2)}, target <= 2); ` +
    `pass-through ${f(median(perChunk["pass-through 1000"]!), 2)} / ${f(median(perChunk["pass-through 10000"]!), 2)} µs`,
);
for (const t of ["pass-through", "guardrail-proxy"] as const) {
  const runs = bursts[t]!;
  const p99s = runs.map((b) => percentile(b, 99));
  console.log(
    `${STREAMS_AT_ONCE} streams at once through ${t}: TTFB p50 ${f(median(runs.map((b) => percentile(b, 50))), 1)} ms, p99 ${f(median(p99s), 1)} ms (median of 3 bursts; p99s ${p99s.map((x) => f(x, 1)).join(", ")}; target p99 < 100 ms)`,
  );
}
const conversationP50 = (t: ConversationTarget) => p50(conversation[t]);
console.log(
  `10-message conversation (9 resent, 1 new, 10 KB), p50 at concurrency 1: pass-through ${f(conversationP50("pass-through"), 3)} ms; ` +
    `added by guardrail-proxy ${f((conversationP50("guardrail-proxy") - conversationP50("pass-through")) * 1000)} µs, ` +
    `without its scan cache ${f((conversationP50("guardrail-proxy, no cache") - conversationP50("pass-through")) * 1000)} µs`,
);
console.log(`\nrounds req/s: ${TARGETS.map((t) => `${t} ${rps[t].map((x) => f(x)).join("/")}`).join("; ")}`);
