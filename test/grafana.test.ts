/** deploy/grafana/guardrail-proxy.json (DECISIONS §14): valid for file provisioning, and every metric it uses is one the server exports. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { policy, tempPolicyDir, type TempDir } from "./helpers/policies.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";

const dashboard = JSON.parse(readFileSync(join(import.meta.dir, "..", "deploy", "grafana", "guardrail-proxy.json"), "utf8")) as {
  title: string;
  uid: string;
  templating: { list: { name: string; type: string; query: string }[] };
  panels: { type: string; title: string; datasource?: { uid: string }; targets?: { expr: string }[] }[];
};

let dir: TempDir;
let server: TestServer;
beforeAll(async () => {
  dir = tempPolicyDir({ "p.json": policy({ pre_flight: [{ name: "PII" }] }) });
  server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, SVC_GUARDRAILS_DEFAULT_CONFIG_ID: "p" });
});
afterAll(async () => {
  await server.stop();
  dir.remove();
});

/** The metric names an expression uses (a histogram's _bucket, _sum and _count are its name). */
function metricsOf(expr: string): string[] {
  return [...expr.matchAll(/\b(guardrail_proxy_[a-z_]+)/g)].map((m) => m[1]!.replace(/_(bucket|sum|count)$/, ""));
}

describe("the Grafana dashboard", () => {
  test("provisionable: a title, a uid, a Prometheus datasource variable every panel uses", () => {
    expect([dashboard.title, dashboard.uid]).toEqual(["guardrail-proxy", "guardrail-proxy"]);
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: "datasource", type: "datasource", query: "prometheus" }));
    for (const p of dashboard.panels.filter((p) => p.type !== "row")) expect([p.title, p.datasource?.uid]).toEqual([p.title, "${datasource}"]);
  });

  test("every metric it uses is exported by a live server (its scrape's HELP lines)", async () => {
    await server.post("/v1/guard/input", { text: "mail ann@corp.example" });
    const scrape = await (await fetch(`${server.url}/metrics`)).text();
    const exported = new Set([...scrape.matchAll(/^# HELP (\S+)/gm)].map((m) => m[1]!));
    const used = new Set(dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => metricsOf(t.expr))));
    expect(used.size).toBeGreaterThan(8);
    expect([...used].filter((m) => !exported.has(m))).toEqual([]);
    // Masks and each guardrail's time are counted per policy and stage.
    expect(scrape).toContain('guardrail_proxy_guardrail_outcomes_total{guardrail="PII",stage="pre_flight",policy="p",outcome="masked"} 1');
    expect(scrape).toMatch(/guardrail_proxy_guardrail_duration_seconds_count\{guardrail="PII",stage="pre_flight"\} 1/);
    // The check sees a name the server does not export.
    expect(exported.has("guardrail_proxy_no_such_metric")).toBe(false);
  });

  test("the dashboard file is the script's output", () => {
    const script = readFileSync(join(import.meta.dir, "..", "scripts", "write-dashboard.ts"), "utf8");
    for (const p of dashboard.panels) expect(script).toContain(JSON.stringify(p.title));
  });
});
