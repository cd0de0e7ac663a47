/**
 * CPU time per request of the proxy process, pinned, so the figure does not depend on how the
 * load generator and the upstream share the cores. The mock upstream and the server measured run
 * on CPU 0, this load generator on CPU 1 (`taskset`). Against the same mock, in paired rounds (the
 * targets take turns, the order rotating each round): a minimal Bun pass-through proxy
 * (bench/baselines/pass-through.ts, the floor for one hop), the compiled guardrail-proxy with a
 * policy without guardrails (the hop alone), with a PII policy (every type masked in
 * `pre_flight`), and with the shipped default policy (what a pod is sized for). Each request carries a fresh 1 KB text with personal data, so no cache answers.
 *
 * The load comes from wrk (one thread, a Lua script that writes each request's body), which
 * saturates a server from one core where a JavaScript client cannot: a server waiting for work
 * spends more per request on wake-ups, which would be measured instead of the request.
 *
 * Per target, the median over rounds of the server process's CPU time (user + system, every
 * thread) per request, its requests per second at concurrency 32, its RSS as each of its rounds
 * ends (median and largest) and 2 s after the last round;
 * per round, the ratio of each product target to the pass-through, and their median.
 *
 *   bun bench/cpu.ts            (needs wrk: apt-get install wrk; BENCH_SECONDS=4 BENCH_ROUNDS=7
 *                                BENCH_CONCURRENCY=32; SVC_GUARDRAILS_* and MIMALLOC_* variables
 *                                are passed on to the product's servers; BENCH_COMPARE="NAME=value"
 *                                adds the PII server with those settings to the same rounds;
 *                                BENCH_OTHER_BINARY=path adds the PII server of another build,
 *                                e.g. the previous commit's, to the same rounds (BENCH_OTHER_POLICY=
 *                                default, or a list none,pii,default: those policies' servers instead);
 *                                BENCH_PORT=19400 the first port (two runs at once need others); BENCH_TRACING=1
 *                                adds it with tracing on, exporting to a sink on the load CPU)
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./lib/load.ts";
import { ensureBinary, ROOT, rssKb, spawnServer, type Proc } from "./lib/processes.ts";
import { supportMessage1k } from "./lib/texts.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SERVER_CPU = "0";
const LOAD_CPU = "1";
/** The first of the ports the benchmark listens on (BENCH_PORT, default 19400): two runs at once need different ones. */
const PORT = Number(process.env.BENCH_PORT ?? 19400);

if (Bun.spawnSync(["which", "wrk"]).exitCode !== 0) {
  console.error("bench/cpu.ts needs wrk (apt-get install wrk)");
  process.exit(2);
}

const binary = ensureBinary();
const dir = mkdtempSync(join(tmpdir(), "gp-bench-cpu-"));
writeFileSync(join(dir, "pii.json"), JSON.stringify({ version: 1, pre_flight: { version: 1, guardrails: [{ name: "PII" }] } }));
writeFileSync(join(dir, "none.json"), JSON.stringify({ version: 1 }));
copyFileSync(join(ROOT, "policies", "default.yaml"), join(dir, "default.yaml"));

const env = { SVC_KEY: "bench", SVC_GUARDRAILS_OFFLINE: "true" };
const pinned = (cmd: string[]) => ["taskset", "-c", SERVER_CPU, ...cmd];
const mock = await spawnServer(pinned([process.execPath, join(ROOT, "bench", "baselines", "mock-llm.ts"), String(PORT + 0)]), PORT + 0, env);
// SVC_GUARDRAILS_* and MIMALLOC_* set for the benchmark reach the product's servers: the way to
// measure a setting (SVC_GUARDRAILS_PII_CACHE=0 bun bench/cpu.ts).
const passedOn = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && /^(SVC_GUARDRAILS_|MIMALLOC_)/.test(k))) as Record<string, string>;
const proxyEnv = { ...env, COMPAT_BASE_URL: `${mock.url}/v1`, COMPAT_API_KEY: "sk-bench", SVC_GUARDRAILS_UPSTREAM_MAX_RETRIES: "0", ...passedOn };
const proxy = (port: number, policy: string, extraEnv: Record<string, string> = {}, executable = binary) =>
  spawnServer(pinned([executable, "--host", "127.0.0.1", "--port", String(port), "--policy-dir", dir, "--default-config", policy, "--log-level", "warning"]), port, { ...proxyEnv, ...extraEnv });
const targets: Record<string, Proc> = {
  "bare Bun pass-through": await spawnServer(pinned([process.execPath, join(ROOT, "bench", "baselines", "pass-through.ts"), String(PORT + 1), mock.url]), PORT + 1, env),
  "guardrail-proxy, no guardrails": await proxy(PORT + 2, "none"),
  "guardrail-proxy, PII masking": await proxy(PORT + 3, "pii"),
  // The shipped default policy: PII and secrets masked, three local detectors, output checks.
  "guardrail-proxy, shipped default policy": await proxy(PORT + 6, "default"),
};
// BENCH_COMPARE="NAME=value ..." adds the PII server with those variables, in the same rounds.
if (process.env.BENCH_COMPARE) {
  const extra = Object.fromEntries(process.env.BENCH_COMPARE.split(/\s+/).map((kv) => kv.split("=", 2) as [string, string]));
  targets[`guardrail-proxy, PII masking, ${process.env.BENCH_COMPARE}`] = await proxy(PORT + 4, "pii", extra);
}
// BENCH_TRACING=1 adds the PII server with tracing on, exporting to a sink collector on the
// load generator's CPU (what the collector spends is not the server's).
const collectors: Proc[] = [];
if (process.env.BENCH_TRACING === "1") {
  const sink = `Bun.serve({ hostname: "127.0.0.1", port: ${PORT + 7}, fetch: async (r) => (await r.arrayBuffer(), r.method === "GET" ? Response.json({ status: "ok" }) : Response.json({})) });`;
  collectors.push(await spawnServer(["taskset", "-c", LOAD_CPU, process.execPath, "-e", sink], PORT + 7, env, "/"));
  targets["guardrail-proxy, PII masking, tracing on"] = await proxy(PORT + 8, "pii", { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${PORT + 7}` });
}
if (process.env.BENCH_OTHER_BINARY) {
  // BENCH_OTHER_POLICY=default compares the builds on the shipped default policy instead;
  // a list (none,pii,default) adds the other build's server for each.
  const policies = (process.env.BENCH_OTHER_POLICY ?? "pii").split(",");
  for (const [i, policy] of policies.entries()) {
    targets[`guardrail-proxy, ${policy === "pii" ? "PII masking" : `${policy} policy`}, other build`] = await proxy(PORT + 10 + i, policy, {}, process.env.BENCH_OTHER_BINARY);
  }
}
const names = Object.keys(targets);
const BASELINE = names[0]!;

/** CPU time of a process and all its threads (live and exited), in microseconds. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / 100;
}

/**
 * The wrk script: a POST of a chat request whose 1 KB user message (bench/lib/texts.ts) carries
 * a new order number each time, so no text repeats and no scan cache answers.
 */
const [messageHead, messageTail] = supportMessage1k().split(/\d{5}/, 2) as [string, string];
const body = JSON.stringify({ model: "bench-model", messages: [{ role: "user", content: `${messageHead}\u0000${messageTail}` }] });
const [bodyHead, bodyTail] = body.split("\\u0000") as [string, string];
const luaString = (s: string) => `"${s.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
const script = join(dir, "fresh-bodies.lua");
writeFileSync(
  script,
  `wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer sk-bench"
-- Each run starts its numbers where no earlier run went (the argument after --).
local n = 0
init = function(args) n = tonumber(args[1]) end
local head = ${luaString(bodyHead)}
local tail = ${luaString(bodyTail)}
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, head .. n .. tail)
end
response = function(status, headers, body)
  if status ~= 200 then error("status " .. status) end
end
`,
);

let firstNumber = 1_000_000;

/** Runs wrk against a target; returns the requests it completed and their rate. */
function load(target: Proc): { requests: number; rps: number } {
  firstNumber += 10_000_000;
  const r = Bun.spawnSync(["taskset", "-c", LOAD_CPU, "wrk", "-t1", `-c${CONCURRENCY}`, `-d${SECONDS}s`, "-s", script, `${target.url}/v1/chat/completions`, "--", String(firstNumber)], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = r.stdout.toString();
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  if (!(requests > 0) || /Non-2xx|error/i.test(out)) throw new Error(`wrk failed against ${target.url}:\n${out}${r.stderr.toString()}`);
  return { requests, rps: rate };
}

// Warm-up: JIT, connection pools, the PII lexicon and tagger.
for (const name of names) load(targets[name]!);

const perRequest = new Map<string, number[]>(names.map((n) => [n, []]));
const rps = new Map<string, number[]>(names.map((n) => [n, []]));
const ratios = new Map<string, number[]>(names.map((n) => [n, []]));
/** RSS read as each of a server's rounds ends: what the load holds, before the allocator's purge delay returns any of it. */
const rssAtEnd = new Map<string, number[]>(names.map((n) => [n, []]));
for (let round = 0; round < ROUNDS; round++) {
  const order = names.map((_, i) => names[(i + round) % names.length]!);
  const thisRound = new Map<string, number>();
  for (const name of order) {
    const target = targets[name]!;
    const before = cpuMicros(target.pid);
    const result = load(target);
    const cpu = (cpuMicros(target.pid) - before) / result.requests;
    rssAtEnd.get(name)!.push(rssKb(target.pid) / 1024);
    thisRound.set(name, cpu);
    perRequest.get(name)!.push(cpu);
    rps.get(name)!.push(result.rps);
  }
  for (const name of names) ratios.get(name)!.push(thisRound.get(name)! / thisRound.get(BASELINE)!);
}

console.log(`## CPU per request, pinned (servers on CPU ${SERVER_CPU}, load on CPU ${LOAD_CPU}), ${ROUNDS} paired rounds of ${SECONDS} s at concurrency ${CONCURRENCY}\n`);
await Bun.sleep(2000);
console.log("| server | CPU µs per request (median; range) | vs the pass-through (median of rounds) | req/s | RSS at the end of a round (median; max) | RSS 2 s later |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const name of names) {
  const cpu = perRequest.get(name)!;
  const rss = rssAtEnd.get(name)!;
  console.log(
    `| ${name} | ${median(cpu).toFixed(1)} (${Math.min(...cpu).toFixed(1)}-${Math.max(...cpu).toFixed(1)}) | ${median(ratios.get(name)!).toFixed(2)}x | ${median(rps.get(name)!).toFixed(0)} | ${median(rss).toFixed(0)} MB (${Math.max(...rss).toFixed(0)}) | ${(rssKb(targets[name]!.pid) / 1024).toFixed(0)} MB |`,
  );
}

for (const target of [...Object.values(targets), mock, ...collectors]) await target.stop();
