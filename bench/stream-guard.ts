/**
 * Streaming output checks benchmark (DECISIONS §9). One compiled guardrail-proxy, one mock
 * upstream that writes a model's stream (a role chunk, then one word per chunk with its space
 * before it), two policies in the same run:
 *   - "plain": PII masking in pre_flight, no output checks;
 *   - "leak-free": the same, and PII (every type) blocking in the output stage, checked on
 *     every chunk before it goes out (the stream guard).
 * Reports
 *   1. time to first byte at concurrency 1 (interleaved, medians), and to the first text when
 *      chunks come 20 ms apart;
 *   2. per-chunk delay on clean 200-chunk streams, chunks 20 ms apart: from the upstream writing
 *      a chunk to the client holding all of its text (the upstream keeps its write times);
 *   3. CPU time of the proxy process per chunk on 1,000- and 10,000-chunk streams (the same
 *      number of chunks in both: ten streams of 1,000, one of 10,000), from /proc schedstat.
 *
 *   bun bench/stream-guard.ts      (BENCH_ROUNDS=6 BENCH_TTFB=300 by default)
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, percentile } from "./lib/load.ts";
import { ensureBinary, ROOT, spawnServer } from "./lib/processes.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const TTFB_SAMPLES = Number(process.env.BENCH_TTFB ?? 300);
const POLICIES = ["plain", "leak-free"] as const;
type PolicyName = (typeof POLICIES)[number];

const dir = mkdtempSync(join(tmpdir(), "gp-bench-stream-"));
const preFlight = { version: 1, guardrails: [{ name: "PII" }] };
writeFileSync(join(dir, "plain.json"), JSON.stringify({ version: 1, pre_flight: preFlight }));
writeFileSync(
  join(dir, "leak-free.json"),
  JSON.stringify({ version: 1, pre_flight: preFlight, output: { version: 1, guardrails: [{ name: "PII", suppress_enforcement: false, config: { block: true } }] } }),
);

const binary = ensureBinary();
const env = { SVC_KEY: "bench", SVC_GUARDRAILS_OFFLINE: "true" };
const mock = await spawnServer([process.execPath, join(ROOT, "bench", "baselines", "mock-llm.ts"), "19310"], 19310, env);
const proxy = await spawnServer(
  [binary, "--host", "127.0.0.1", "--port", "19311", "--policy-dir", dir, "--default-config", "plain", "--log-level", "warning"],
  19311,
  { ...env, COMPAT_BASE_URL: `${mock.url}/v1`, COMPAT_API_KEY: "sk-bench", SVC_GUARDRAILS_UPSTREAM_MAX_RETRIES: "0" },
);

const now = () => performance.timeOrigin + performance.now();
let streamCount = 0;

interface StreamRun {
  /** Request sent to first body bytes, ms. */
  readonly ttfb: number;
  /** Request sent to the first text of the answer, ms. */
  readonly firstText: number;
  /** Arrival time of each read, and how much text the client held after it. */
  readonly arrivals: { readonly at: number; readonly textLength: number }[];
  readonly text: string;
  readonly id: string;
}

/** One streamed chat completion through the proxy, read as the SDKs read it (SSE events, delta.content). */
async function stream(policy: PolicyName, chunks: number, gapMs: number): Promise<StreamRun> {
  const id = `s${streamCount++}`;
  const body = {
    model: "bench-model",
    stream: true,
    messages: [{ role: "user", content: "Where is my order?" }],
    guardrails: { config_id: policy },
    mock_chunks: chunks,
    mock_gap_ms: gapMs,
    mock_tokens: true,
    // The upstream keeps write times only for the streams whose chunk delays are measured.
    ...(gapMs > 0 ? { mock_stream_id: id } : {}),
  };
  const t0 = now();
  const res = await fetch(`${proxy.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer sk-bench" }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${policy}: stream answered ${res.status}: ${await res.text()}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const arrivals: { at: number; textLength: number }[] = [];
  let ttfb = -1;
  let firstText = -1;
  let pending = "";
  let text = "";
  let finished = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const at = now();
    if (ttfb < 0) ttfb = at - t0;
    pending += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = pending.indexOf("\n\n")) >= 0) {
      const event = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const data = event.startsWith("data: ") ? event.slice(6) : "";
      if (data === "" || data === "[DONE]") continue;
      const parsed = JSON.parse(data) as { choices?: { delta?: { content?: string }; finish_reason?: string | null }[] };
      text += parsed.choices?.[0]?.delta?.content ?? "";
      if (parsed.choices?.[0]?.finish_reason === "stop") finished = true;
    }
    if (firstText < 0 && text.length > 0) firstText = at - t0;
    arrivals.push({ at, textLength: text.length });
  }
  if (!finished) throw new Error(`${policy}: the stream did not finish normally`);
  return { ttfb, firstText, arrivals, text, id };
}

async function sentTimes(id: string): Promise<number[]> {
  return (await (await fetch(`${mock.url}/sent/${id}`)).json()) as number[];
}

/** Delay of each upstream chunk: from its write to the first read after which the client held all of its text. */
async function chunkDelays(run: StreamRun): Promise<number[]> {
  const sent = await sentTimes(run.id);
  // The mock's words, as the text the client assembled: chunk i ends where its word does.
  const ends: number[] = [];
  let at = 0;
  for (const word of run.text.split(" ")) {
    at += (ends.length === 0 ? 0 : 1) + word.length;
    ends.push(at);
  }
  if (ends.length !== sent.length) throw new Error(`the client assembled ${ends.length} words, the upstream wrote ${sent.length}`);
  const delays: number[] = [];
  let read = 0;
  for (let i = 0; i < ends.length; i++) {
    while (run.arrivals[read]!.textLength < ends[i]!) read++;
    delays.push(run.arrivals[read]!.at - sent[i]!);
  }
  return delays;
}

/** CPU time of every thread of the proxy process, ns (schedstat: time spent on the CPU). */
function cpuNs(pid: number): number {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
  }
  return total;
}

const ttfb: Record<PolicyName, number[]> = { plain: [], "leak-free": [] };
const delays: Record<PolicyName, number[]> = { plain: [], "leak-free": [] };
const slowFirstText: Record<PolicyName, number[]> = { plain: [], "leak-free": [] };
const cpuPerChunk: Record<string, number[]> = {};
try {
  // Warm-up: JIT, the upstream client, the policies' first use.
  for (let i = 0; i < 20; i++) for (const p of POLICIES) await stream(p, 200, 0);

  // 1. Time to first byte, one stream at a time, policies taking turns.
  for (let i = 0; i < TTFB_SAMPLES; i++) {
    for (const p of POLICIES) {
      ttfb[p].push((await stream(p, 5, 0)).ttfb);
    }
  }

  // 2. Clean 200-chunk streams, 20 ms apart; the two policies side by side in each round.
  for (let r = 0; r < ROUNDS; r++) {
    const runs = await Promise.all(POLICIES.map((p) => stream(p, 200, 20)));
    for (const [i, p] of POLICIES.entries()) {
      delays[p].push(...(await chunkDelays(runs[i]!)));
      slowFirstText[p].push(runs[i]!.firstText);
    }
  }

  // 3. CPU per chunk, 1,000- and 10,000-chunk streams, as fast as the socket takes them.
  for (let r = 0; r < 5; r++) {
    for (const p of POLICIES) {
      for (const [chunks, streams] of [
        [1_000, 10],
        [10_000, 1],
      ] as const) {
        const before = cpuNs(proxy.pid);
        for (let s = 0; s < streams; s++) await stream(p, chunks, 0);
        (cpuPerChunk[`${p} ${chunks}`] ??= []).push((cpuNs(proxy.pid) - before) / 1000 / (chunks * streams));
      }
    }
  }
} finally {
  await proxy.stop();
  await mock.stop();
}

const f = (n: number, d = 1) => n.toFixed(d);
const sorted = (xs: number[]) => Float64Array.from(xs).sort();
console.log("stream guard benchmark: chat completions stream, one word per chunk, mock upstream on loopback");
console.log('policies: "plain" = PII masking in pre_flight; "leak-free" = the same + PII (every type) blocking in output, every chunk checked before it goes out\n');
console.log(`| measure | plain | leak-free | difference |`);
console.log("|---|---:|---:|---:|");
const row = (label: string, a: number, b: number, unit: string, d = 2) => console.log(`| ${label} | ${f(a, d)} ${unit} | ${f(b, d)} ${unit} | ${b - a >= 0 ? "+" : ""}${f(b - a, d)} ${unit} |`);
row(`TTFB p50, ${TTFB_SAMPLES} streams @1`, median(ttfb.plain), median(ttfb["leak-free"]), "ms", 3);
row("first text p50, 20 ms chunks", median(slowFirstText.plain), median(slowFirstText["leak-free"]), "ms");
for (const q of [50, 90, 99]) row(`chunk delay p${q}, 200 chunks 20 ms apart`, percentile(sorted(delays.plain), q), percentile(sorted(delays["leak-free"]), q), "ms");
const within = (xs: number[]) => (100 * xs.filter((x) => x <= 50).length) / xs.length;
console.log(`| chunks within 50 ms (${delays.plain.length} each) | ${f(within(delays.plain))}% | ${f(within(delays["leak-free"]))}% | |`);
for (const chunks of [1_000, 10_000]) row(`CPU per chunk, ${chunks.toLocaleString("en")}-chunk streams (median of 5)`, median(cpuPerChunk[`plain ${chunks}`]!), median(cpuPerChunk[`leak-free ${chunks}`]!), "µs");
const ratio = median(cpuPerChunk["leak-free 10000"]!) / median(cpuPerChunk["leak-free 1000"]!);
console.log(`\nleak-free CPU per chunk, 10,000 against 1,000 chunks: ratio ${f(ratio, 2)} (constant work per chunk: about 1)`);
console.log(`CPU per chunk rounds (µs): ${Object.entries(cpuPerChunk).map(([k, xs]) => `${k}: ${xs.map((x) => f(x)).join("/")}`).join("; ")}`);
