/**
 * What a shadow policy costs (DECISIONS §14): chat requests sent one at a time to the proxy with
 * a PII policy, without and with `shadow:` naming a candidate policy (PII, SecretKeys and the
 * local PromptInjection and Jailbreak classifiers on input and output), in paired rounds whose
 * order alternates. Per target: the median latency of a round's requests and the proxy
 * process's CPU time per request (user + system, from /proc). The spec's bound: the median
 * latency within 10% + 1 ms of the policy without a shadow.
 *
 *   npx bun bench/shadow.ts          (BENCH_ROUNDS=7, BENCH_REQUESTS=300)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockUpstream } from "../test/helpers/mock-upstream.ts";
import { median } from "./lib/load.ts";
import { ROOT, spawnServer } from "./lib/processes.ts";
import { supportMessage1k } from "./lib/texts.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

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

const text = supportMessage1k();
const send = async (configId: string, i: number) => {
  const res = await fetch(`${proxy.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: "m", messages: [{ role: "user", content: `${text} #${i}` }], guardrails: { config_id: configId } }) });
  await res.text();
};
for (let i = 0; i < 200; i++) {
  await send("plain", i);
  await send("shadowed", i);
}
const latency: Record<string, number[]> = { plain: [], shadowed: [] };
const cpu: Record<string, number[]> = { plain: [], shadowed: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const target of round % 2 === 0 ? ["plain", "shadowed"] : ["shadowed", "plain"]) {
    // The shadow's work ends after the answer: a pause lets it finish inside its own round.
    await Bun.sleep(200);
    const c0 = cpuMs(proxy.pid);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      await send(target, round * REQUESTS + i);
      times.push(performance.now() - t0);
    }
    await Bun.sleep(200);
    cpu[target]!.push(((cpuMs(proxy.pid) - c0) * 1000) / REQUESTS);
    latency[target]!.push(median(times));
  }
}
const fmt = (xs: number[], unit: string, digits: number) => `${median(xs).toFixed(digits)} ${unit} (rounds ${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
console.log(`## A shadow policy, ${ROUNDS} paired rounds of ${REQUESTS} sequential 1 KB chat requests\n`);
console.log("| policy | median latency | proxy CPU per request |");
console.log("|---|---:|---:|");
console.log(`| PII, no shadow | ${fmt(latency.plain!, "ms", 3)} | ${fmt(cpu.plain!, "µs", 0)} |`);
console.log(`| PII, shadow: PII + SecretKeys + PromptInjection + Jailbreak | ${fmt(latency.shadowed!, "ms", 3)} | ${fmt(cpu.shadowed!, "µs", 0)} |`);
const bound = median(latency.plain!) * 1.1 + 1;
console.log(`\nbound (10% + 1 ms over no shadow): ${bound.toFixed(3)} ms; shadow median ${median(latency.shadowed!).toFixed(3)} ms: ${median(latency.shadowed!) <= bound ? "within" : "OVER"}`);
await proxy.stop();
await mock.stop();
rmSync(dir, { recursive: true, force: true });
