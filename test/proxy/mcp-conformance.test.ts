/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, every server scenario:
 * active and pending) against a server built with the official SDK (helpers/conformance-server.ts):
 * directly, through the proxy with an open policy, and through the proxy under the shipped
 * `mcp-agents` policy. Every scenario must pass directly, and every scenario that passes directly
 * must pass through the proxy, the DNS-rebinding one included (the proxy refuses a rebound
 * `Host` itself: the MCP server behind it never sees the caller's `Host` or `Origin`).
 *
 * Each run is one process of the suite's command line (`conformance server --suite all`), its
 * checks read from the files it writes (`-o`). A scenario passes when none of its checks is a
 * FAILURE; its warnings are compared too, so a proxy that loses what a check only recommends
 * (a stream's priming event, its `retry`, a resumed stream) shows.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startConformanceServer, type ConformanceServer } from "../helpers/conformance-server.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const ROOT = join(import.meta.dir, "..", "..");
const CONFORMANCE = join(ROOT, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");

interface Check {
  readonly id: string;
  readonly status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  readonly errorMessage?: string;
}

interface ScenarioOutcome {
  readonly failures: readonly string[];
  readonly warnings: readonly string[];
  readonly successes: number;
}

type Run = ReadonlyMap<string, ScenarioOutcome>;

let server: ConformanceServer;
let proxy: TestServer;
let dir: string;

beforeAll(async () => {
  server = startConformanceServer();
  dir = mkdtempSync(join(tmpdir(), "gp-conformance-"));
  const config = join(dir, "mcp.yaml");
  writeFileSync(config, [`- name: open`, `  url: ${server.url}`, `  policy: open`, `- name: agents`, `  url: ${server.url}`, `  policy: mcp-agents`].join("\n"));
  const policies = join(dir, "policies");
  // The shipped policy as it is, beside an open one.
  mkdirSync(policies);
  copyFileSync(join(ROOT, "policies", "mcp-agents.yaml"), join(policies, "mcp-agents.yaml"));
  writeFileSync(join(policies, "open.json"), JSON.stringify({ version: 1 }));
  proxy = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: policies, SVC_GUARDRAILS_MCP_CONFIG: config, SVC_GUARDRAILS_LOG_LEVEL: "warning" });
});

afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every server scenario (`--suite all`) in one process of the suite; its checks per scenario. */
async function runSuite(url: string, name: string): Promise<Run> {
  const out = join(dir, `results-${name}`);
  const child = Bun.spawn([process.execPath, CONFORMANCE, "server", "--url", url, "--suite", "all", "-o", out], { stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  await child.exited;
  const outcomes = new Map<string, ScenarioOutcome>();
  for (const entry of readdirSync(out)) {
    // `server-{scenario}-{ISO time}`
    const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(entry)?.[1];
    if (!scenario) continue;
    const checks = JSON.parse(readFileSync(join(out, entry, "checks.json"), "utf8")) as Check[];
    outcomes.set(scenario, {
      failures: checks.filter((c) => c.status === "FAILURE").map((c) => `${c.id}: ${c.errorMessage ?? ""}`),
      warnings: checks.filter((c) => c.status === "WARNING").map((c) => c.id),
      successes: checks.filter((c) => c.status === "SUCCESS").length,
    });
  }
  if (outcomes.size === 0) throw new Error(`the suite wrote no results:\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`);
  return outcomes;
}

/** The scenarios the suite lists, so a scenario that wrote no result counts as failed. */
async function listedScenarios(): Promise<string[]> {
  const child = Bun.spawn([process.execPath, CONFORMANCE, "list", "--server"], { stdout: "pipe" });
  const text = await new Response(child.stdout).text();
  return [...text.matchAll(/^\s+- ([a-z0-9-]+) \[/gm)].map((m) => m[1]!);
}

const passed = (run: Run, scenario: string) => run.get(scenario)?.failures.length === 0;

describe("the MCP conformance suite", () => {
  test(
    "every server scenario passes directly, and through the proxy with an open policy and with mcp-agents",
    async () => {
      const scenarios = await listedScenarios();
      expect(scenarios.length).toBeGreaterThanOrEqual(32);
      const started = performance.now();
      const direct = await runSuite(server.url, "direct");
      const open = await runSuite(`${proxy.url}/mcp/open`, "open");
      const agents = await runSuite(`${proxy.url}/mcp/agents`, "agents");
      const seconds = (performance.now() - started) / 1000;

      const cell = (run: Run, s: string) => (passed(run, s) ? `pass (${run.get(s)!.successes})${run.get(s)!.warnings.length ? ` ${run.get(s)!.warnings.length} warn` : ""}` : "FAIL");
      const table = ["| scenario | direct | open policy | mcp-agents |", "|---|---|---|---|", ...scenarios.map((s) => `| ${s} | ${cell(direct, s)} | ${cell(open, s)} | ${cell(agents, s)} |`)];
      console.log(`${table.join("\n")}\n(three runs of the suite: ${seconds.toFixed(1)} s)`);

      // The server implements every scenario.
      expect(scenarios.filter((s) => !passed(direct, s)).map((s) => [s, direct.get(s)?.failures])).toEqual([]);
      for (const [name, run] of [["open", open], ["mcp-agents", agents]] as const) {
        const lost = scenarios.filter((s) => passed(direct, s) && !passed(run, s)).map((s) => [name, s, run.get(s)?.failures ?? "no result"]);
        expect(lost).toEqual([]);
        // What a check only recommends is kept as well.
        const warned = scenarios.filter((s) => (run.get(s)?.warnings.length ?? 0) > (direct.get(s)?.warnings.length ?? 0)).map((s) => [name, s, run.get(s)!.warnings]);
        expect(warned).toEqual([]);
      }
      // Rebinding was refused by the proxy, not passed on: its checks succeeded through it.
      expect(open.get("dns-rebinding-protection")?.successes).toBe(2);
    },
    120_000,
  );
});
