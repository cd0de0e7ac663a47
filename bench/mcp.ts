/**
 * What the MCP proxy adds per `tools/call` (DECISIONS §12): an MCP server built with the official
 * SDK on loopback, and an SDK client calling one of its tools (a result of about 300 bytes with an
 * e-mail address) directly and through the proxy, with a PII + PromptInjection policy (PII
 * masking the arguments in pre_flight and the result reversibly in output, PromptInjection
 * judging the result). Paired rounds, the order alternating; per target the median latency of
 * a round's calls, and the proxy process's CPU time per call (user + system, from /proc).
 *
 *   npx bun bench/mcp.ts          (BENCH_ROUNDS=7, BENCH_CALLS=300)
 *
 * BENCH_BASE=<a checkout of another version, its node_modules in place> adds that version's
 * proxy as a third target in the same rounds (before/after a change, on the same machine state).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startMcpServer } from "../test/helpers/mcp-server.ts";
import { median } from "./lib/load.ts";
import { ROOT, spawnServer } from "./lib/processes.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);

const upstream = startMcpServer({ json: true });
const dir = mkdtempSync(join(tmpdir(), "gp-bench-mcp-"));
writeFileSync(
  join(dir, "agents.json"),
  JSON.stringify({
    version: 1,
    pre_flight: { version: 1, guardrails: [{ name: "PII" }] },
    output: { version: 1, guardrails: [{ name: "PII", config: { reversible: true } }, { name: "PromptInjection" }] },
  }),
);
writeFileSync(join(dir, "mcp.json"), JSON.stringify([{ name: "tools", url: upstream.url, policy: "agents" }]));
const port = 19500;
const proxy = await spawnServer([process.execPath, join(ROOT, "src", "main.ts"), "--host", "127.0.0.1", "--port", String(port), "--policy-dir", dir, "--mcp-config", join(dir, "mcp.json"), "--log-level", "warning"], port, {
  SVC_KEY: "bench",
  SVC_GUARDRAILS_OFFLINE: "true",
});

const BASE = process.env.BENCH_BASE;
const baseProxy = BASE
  ? await spawnServer([process.execPath, join(BASE, "src", "main.ts"), "--host", "127.0.0.1", "--port", String(port + 1), "--policy-dir", dir, "--mcp-config", join(dir, "mcp.json"), "--log-level", "warning"], port + 1, { SVC_KEY: "bench", SVC_GUARDRAILS_OFFLINE: "true" })
  : null;

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime, in clock ticks (100 per second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const direct = await connect(upstream.url);
const proxied = await connect(`${proxy.url}/mcp/tools`);
const based = baseProxy ? await connect(`${baseProxy.url}/mcp/tools`) : null;
const call = (client: Client, i: number) => client.callTool({ name: "lookup_customer", arguments: { id: `c-${i}`, note: "reach me at sam@corp.example" } });

const latency: Record<string, number[]> = { direct: [], proxied: [], base: [] };
const cpuPerCall: number[] = [];
const baseCpuPerCall: number[] = [];
// Warm both paths.
for (let i = 0; i < 100; i++) {
  await call(direct, i);
  await call(proxied, i);
  if (based) await call(based, i);
}
for (let round = 0; round < ROUNDS; round++) {
  const order = based ? ["direct", "proxied", "base"] : ["direct", "proxied"];
  for (const target of round % 2 === 0 ? order : order.toReversed()) {
    const client = target === "direct" ? direct : target === "base" ? based! : proxied;
    const times: number[] = [];
    const pid = target === "base" ? baseProxy!.pid : proxy.pid;
    const cpu0 = cpuMs(pid);
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      await call(client, i);
      times.push(performance.now() - t0);
    }
    if (target === "proxied") cpuPerCall.push(((cpuMs(pid) - cpu0) * 1000) / CALLS);
    if (target === "base") baseCpuPerCall.push(((cpuMs(pid) - cpu0) * 1000) / CALLS);
    latency[target]!.push(median(times));
  }
}
const fmt = (xs: number[]) => `${median(xs).toFixed(3)} ms (rounds ${Math.min(...xs).toFixed(3)}-${Math.max(...xs).toFixed(3)})`;
console.log(`## MCP tools/call, ${ROUNDS} paired rounds of ${CALLS} sequential calls (SDK client, JSON answers)\n`);
console.log(`| path | median latency per call |`);
console.log(`|---|---:|`);
console.log(`| direct to the MCP server | ${fmt(latency.direct!)} |`);
console.log(`| through guardrail-proxy (PII + PromptInjection) | ${fmt(latency.proxied!)} |`);
if (based) console.log(`| through the version in BENCH_BASE | ${fmt(latency.base!)} |`);
const added = latency.proxied!.map((p, i) => p - latency.direct![i]!);
console.log(`\nadded latency per call: median ${median(added).toFixed(3)} ms; proxy CPU per call: median ${median(cpuPerCall).toFixed(0)} µs (rounds ${Math.min(...cpuPerCall).toFixed(0)}-${Math.max(...cpuPerCall).toFixed(0)}; /proc ticks are 10 ms, so a round's figure is ±${(10_000 / CALLS).toFixed(0)} µs)`);

if (based) {
  const ratio = latency.proxied!.map((p, i) => p / latency.base![i]!);
  console.log(`BENCH_BASE: proxy CPU per call median ${median(baseCpuPerCall).toFixed(0)} µs (rounds ${Math.min(...baseCpuPerCall).toFixed(0)}-${Math.max(...baseCpuPerCall).toFixed(0)}); latency this/base per round: median ${median(ratio).toFixed(2)}`);
  await based.close();
  await baseProxy!.stop();
}
await direct.close();
await proxied.close();
await proxy.stop();
await upstream.stop();
rmSync(dir, { recursive: true, force: true });
