/**
 * Guard-endpoint benchmark (issue 2). In one run: the compiled guardrail-proxy answering
 * POST /v1/guard/input on a 1 KB message with PII and SecretKeys in pre_flight and Keywords in
 * input, and a minimal Bun JSON endpoint as the floor. Reports requests per second at
 * concurrency 32 and p50/p99 latency at concurrency 1, medians over rounds.
 *
 *   bun bench/guard.ts            (BENCH_SECONDS=4 BENCH_ROUNDS=3 by default)
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, percentile, runLoad, sequential, type RequestSpec } from "./lib/load.ts";
import { ensureBinary, ROOT, spawnServer } from "./lib/processes.ts";
import { supportMessage1k } from "./lib/texts.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 3000);

const binary = ensureBinary();
const dir = mkdtempSync(join(tmpdir(), "gp-bench-"));
writeFileSync(
  join(dir, "bench.json"),
  JSON.stringify({
    version: 1,
    pre_flight: { version: 1, guardrails: [{ name: "PII" }, { name: "SecretKeys" }] },
    input: { version: 1, guardrails: [{ name: "Keywords", config: { keywords: ["ignore previous instructions", "system prompt", "jailbreak"] } }] },
  }),
);

const proxy = await spawnServer([binary, "--host", "127.0.0.1", "--port", "19101", "--policy-dir", dir, "--log-level", "warning"], 19101, { SVC_KEY: "bench", SVC_GUARDRAILS_OFFLINE: "true" });
const floor = await spawnServer([process.execPath, join(ROOT, "bench", "baselines", "json-endpoint.ts"), "19100"], 19100);

const guardSpec: RequestSpec = {
  url: `${proxy.url}/v1/guard/input`,
  headers: { "content-type": "application/json" },
  body: () => JSON.stringify({ text: supportMessage1k(), config_id: "bench" }),
  check: (status, body) => {
    if (status !== 200 || !body.includes("<EMAIL_ADDRESS>")) throw new Error(`unexpected answer ${status}: ${body.slice(0, 200)}`);
  },
};
const floorSpec: RequestSpec = { url: `${floor.url}/`, headers: { "content-type": "application/json" }, body: () => JSON.stringify({ text: supportMessage1k(), config_id: "bench" }) };

// Warm both up (JIT, connection pool).
await runLoad(guardSpec, 32, 1000);
await runLoad(floorSpec, 32, 1000);

const rps = { guard: [] as number[], floor: [] as number[] };
for (let r = 0; r < ROUNDS; r++) {
  rps.floor.push((await runLoad(floorSpec, 32, SECONDS * 1000)).rps);
  rps.guard.push((await runLoad(guardSpec, 32, SECONDS * 1000)).rps);
}
const lat = { guard: await sequential(guardSpec, SEQUENTIAL), floor: await sequential(floorSpec, SEQUENTIAL) };

await proxy.stop();
await floor.stop();

const fmt = (n: number, d = 0) => n.toFixed(d);
const guardRps = median(rps.guard);
const floorRps = median(rps.floor);
console.log(`guard endpoint benchmark: 1 KB text, PII (all types) + SecretKeys in pre_flight, Keywords in input`);
console.log(`${ROUNDS} rounds x ${SECONDS} s at concurrency 32; ${SEQUENTIAL} sequential requests for latency\n`);
console.log("| server | req/s @32 (median) | p50 ms @1 | p99 ms @1 |");
console.log("|---|---:|---:|---:|");
console.log(`| minimal Bun JSON endpoint (floor) | ${fmt(floorRps)} | ${fmt(percentile(lat.floor, 50), 3)} | ${fmt(percentile(lat.floor, 99), 3)} |`);
console.log(`| guardrail-proxy /v1/guard/input | ${fmt(guardRps)} | ${fmt(percentile(lat.guard, 50), 3)} | ${fmt(percentile(lat.guard, 99), 3)} |`);
console.log(`\nguard/floor throughput ratio: ${fmt(guardRps / floorRps, 2)}; added p50 latency: ${fmt((percentile(lat.guard, 50) - percentile(lat.floor, 50)) * 1000)} µs`);
console.log(`rounds req/s guard: ${rps.guard.map((x) => fmt(x)).join(", ")}; floor: ${rps.floor.map((x) => fmt(x)).join(", ")}`);
