/**
 * What a shadow policy costs (DECISIONS §14): chat requests sent one at a time to the proxy with
 * a PII policy, without and with `shadow:` naming a candidate policy (PII, SecretKeys and the
 * local PromptInjection and Jailbreak classifiers on input and output), in paired rounds whose
 * order alternates, for texts of 1, 12 and 64 KB (a fresh one for every request). Per size and
 * target: the median latency of a round's requests and the proxy process's CPU time per
 * request (user + system, from /proc). The spec's bound: the median latency within 10% + 1 ms
 * of the policy without a shadow.
 *
 *   npx bun bench/shadow.ts   (BENCH_ROUNDS=7, BENCH_REQUESTS=300, BENCH_SIZES=1,12,64, BENCH_PAUSE_MS=5)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockUpstream } from "../test/helpers/mock-upstream.ts";
import { median } from "./lib/load.ts";
import { ROOT, spawnServer } from "./lib/processes.ts";
import { supportMessage1k } from "./lib/texts.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** Requests per round for 1 KB texts; a size of N KB sends a N-th of them (at least 20). */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
/** Text sizes in KB. */
const SIZES = (process.env.BENCH_SIZES ?? "1,12,64").split(",").map(Number);
/** Milliseconds between requests: one at a time, as a quiet client sends them. */
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 5);

const mock = startMockUpstream();
const dir = mkdtempSync(join(tmpdir(), "gp-bench-shadow-"));
const live = { version: 1, pre_flight: { version: 1, guardrails: [{ name: "PII" }] } };
const candidate = {
  version: 1,
  pre_flight: { version: 1, guardrails: [{ name: "PII" }, { name: "SecretKeys" }] },
  input: { version: 1, guardrails: [{ name: "PromptInjection" }, { name: "Jailbreak", config: { engine: "local" } }] },
  output: { version: 1, guardrails: [{ name: "PII" }, { name: "PromptInjection" }] },
};
writeFileSync(join(dir, "plain.json"), JSON.stringify(live));
writeFileSync(join(dir, "shadowed.json"), JSON.stringify({ ...live, shadow: "candidate" }));
writeFileSync(join(dir, "candidate.json"), JSON.stringify(candidate));
const port = 19600;
const proxy = await spawnServer([process.execPath, join(ROOT, "src", "main.ts"), "--host", "127.0.0.1", "--port", String(port), "--policy-dir", dir, "--log-level", "warning"], port, {
  SVC_KEY: "bench",
  SVC_GUARDRAILS_OFFLINE: "true",
  COMPAT_BASE_URL: mock.compatBaseUrl,
  COMPAT_API_KEY: "k",
});

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** A fresh text of `kb` KB for each request: the proxy reuses scans of texts it has seen. */
const textOf = (kb: number) => Array.from({ length: kb }, () => supportMessage1k()).join("");
const send = async (configId: string, text: string) => {
  const res = await fetch(`${proxy.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: "m", messages: [{ role: "user", content: text }], guardrails: { config_id: configId } }) });
  await res.text();
};
for (let i = 0; i < 100; i++) {
  await send("plain", textOf(1));
  await send("shadowed", textOf(1));
}
const fmt = (xs: number[], unit: string, digits: number) => `${median(xs).toFixed(digits)} ${unit} (rounds ${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
console.log(`## A shadow policy, ${ROUNDS} paired rounds of sequential chat requests (a fresh text each, ${PAUSE_MS} ms between requests)\n`);
console.log("| text | policy | requests per round | median latency | proxy CPU per request | bound (10% + 1 ms) |");
console.log("|---|---|---:|---:|---:|---|");
let over = false;
for (const kb of SIZES) {
  const requests = Math.max(20, Math.round(REQUESTS / kb));
  const latency: Record<string, number[]> = { plain: [], shadowed: [] };
  const cpu: Record<string, number[]> = { plain: [], shadowed: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of round % 2 === 0 ? ["plain", "shadowed"] : ["shadowed", "plain"]) {
      // The shadow's work ends after the answer: a pause lets it finish inside its own round.
      await Bun.sleep(200);
      const texts = Array.from({ length: requests }, () => textOf(kb));
      const c0 = cpuMs(proxy.pid);
      const times: number[] = [];
      for (const text of texts) {
        const t0 = performance.now();
        await send(target, text);
        times.push(performance.now() - t0);
        if (PAUSE_MS > 0) await Bun.sleep(PAUSE_MS);
      }
      await Bun.sleep(200);
      cpu[target]!.push(((cpuMs(proxy.pid) - c0) * 1000) / requests);
      latency[target]!.push(median(times));
    }
  }
  const bound = median(latency.plain!) * 1.1 + 1;
  const within = median(latency.shadowed!) <= bound;
  over ||= !within;
  console.log(`| ${kb} KB | PII, no shadow | ${requests} | ${fmt(latency.plain!, "ms", 3)} | ${fmt(cpu.plain!, "µs", 0)} | |`);
  console.log(`| ${kb} KB | PII, shadow: PII + SecretKeys + PromptInjection + Jailbreak | ${requests} | ${fmt(latency.shadowed!, "ms", 3)} | ${fmt(cpu.shadowed!, "µs", 0)} | ${bound.toFixed(3)} ms: ${within ? "within" : "OVER"} |`);
}
console.log(`\n${over ? "OVER the bound for some size" : "within the bound for every size"}`);
await proxy.stop();
await mock.stop();
rmSync(dir, { recursive: true, force: true });
