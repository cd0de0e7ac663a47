/**
 * What the shared store costs per MCP `tools/call` (DECISIONS §15): the same proxy twice, one
 * keeping sessions in the process (the default) and one in a real `redis-server` on loopback
 * (SVC_GUARDRAILS_STATE_URL; persistence off), each value sealed with AES-256-GCM. An SDK client
 * per proxy calls a tool of the same MCP server (official SDK, JSON answers) whose result
 * carries an e-mail address: each call reads the session and its placeholders from the store,
 * and writes the new placeholder back before the answer goes out. Paired rounds, the order
 * alternating; per store the median latency of a round's calls, and the proxy process's CPU
 * time per call (user + system, from /proc).
 *
 *   npx bun bench/mcp-state.ts          (BENCH_ROUNDS=7, BENCH_CALLS=300; needs redis-server)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startMcpServer } from "../test/helpers/mcp-server.ts";
import { startRedis } from "../test/helpers/redis.ts";
import { median } from "./lib/load.ts";
import { ROOT, spawnServer } from "./lib/processes.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);

const redis = await startRedis();
const upstream = startMcpServer({ json: true });
const dir = mkdtempSync(join(tmpdir(), "gp-bench-mcp-state-"));
writeFileSync(
  join(dir, "agents.json"),
  JSON.stringify({
    version: 1,
    pre_flight: { version: 1, guardrails: [{ name: "PII" }] },
    output: { version: 1, guardrails: [{ name: "PII", config: { reversible: true } }, { name: "PromptInjection" }] },
  }),
);
writeFileSync(join(dir, "mcp.json"), JSON.stringify([{ name: "tools", url: upstream.url, policy: "agents" }]));
const env = { SVC_KEY: "bench", SVC_GUARDRAILS_OFFLINE: "true" };
const spawn = (port: number, extra: Record<string, string>) =>
  spawnServer([process.execPath, join(ROOT, "src", "main.ts"), "--host", "127.0.0.1", "--port", String(port), "--policy-dir", dir, "--mcp-config", join(dir, "mcp.json"), "--log-level", "warning"], port, { ...env, ...extra });
const inProcess = await spawn(19510, {});
const shared = await spawn(19511, { SVC_GUARDRAILS_STATE_URL: redis.url, SVC_GUARDRAILS_STATE_KEY: Buffer.alloc(32, 1).toString("base64") });

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const targets = {
  "in-process": { client: await connect(`${inProcess.url}/mcp/tools`), pid: inProcess.pid },
  redis: { client: await connect(`${shared.url}/mcp/tools`), pid: shared.pid },
} as const;
type Target = keyof typeof targets;
// Each result carries the same e-mail: every call reads the session and its placeholder, and restores nothing new.
const call = (client: Client, i: number) => client.callTool({ name: "lookup_customer", arguments: { id: `c-${i}`, note: "reach me at sam@corp.example" } });

const latency: Record<Target, number[]> = { "in-process": [], redis: [] };
const cpu: Record<Target, number[]> = { "in-process": [], redis: [] };
for (let i = 0; i < 100; i++) for (const t of Object.values(targets)) await call(t.client, i);
for (let round = 0; round < ROUNDS; round++) {
  for (const name of (round % 2 === 0 ? ["in-process", "redis"] : ["redis", "in-process"]) as Target[]) {
    const { client, pid } = targets[name];
    const times: number[] = [];
    const cpu0 = cpuMs(pid);
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      await call(client, i);
      times.push(performance.now() - t0);
    }
    cpu[name].push(((cpuMs(pid) - cpu0) * 1000) / CALLS);
    latency[name].push(median(times));
  }
}
const fmt = (xs: number[], unit: string, digits: number) => `${median(xs).toFixed(digits)} ${unit} (rounds ${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
console.log(`## MCP tools/call by session store, ${ROUNDS} paired rounds of ${CALLS} sequential calls (SDK client, JSON answers)\n`);
console.log(`| session store | median latency per call | proxy CPU per call |`);
console.log(`|---|---:|---:|`);
for (const name of Object.keys(targets) as Target[]) console.log(`| ${name === "redis" ? "redis-server on loopback (SVC_GUARDRAILS_STATE_URL)" : "in the process (default)"} | ${fmt(latency[name], "ms", 3)} | ${fmt(cpu[name], "µs", 0)} |`);
const added = latency.redis.map((r, i) => r - latency["in-process"][i]!);
const ratio = latency.redis.map((r, i) => r / latency["in-process"][i]!);
console.log(`\nthe store adds per call: median ${median(added).toFixed(3)} ms (ratio ${median(ratio).toFixed(2)}); /proc ticks are 10 ms, so a round's CPU figure is ±${(10_000 / CALLS).toFixed(0)} µs`);

for (const t of Object.values(targets)) await t.client.close();
await inProcess.stop();
await shared.stop();
await upstream.stop();
await redis.stop();
rmSync(dir, { recursive: true, force: true });
