/**
 * deploy/grafana/guardrail-proxy.json (DECISIONS §14): valid for file provisioning, every metric
 * it uses one the server exports, and every panel's query answered by a real Prometheus (Debian's
 * `prometheus`, which .ci/run installs) scraping a live server.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigMap } from "kubernetes-models/v1";
import { parse as parseYaml } from "yaml";
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
  dir = tempPolicyDir({
    "p.json": { ...policy({ pre_flight: [{ name: "PII" }] }), shadow: "candidate" },
    "candidate.json": policy({ input: [{ name: "Keywords", config: { keywords: ["launch codes"] } }] }),
    "edited.json": policy({ pre_flight: [{ name: "PII" }] }),
  });
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

  test("ready to provision: a dashboard provider for files, and a ConfigMap for Grafana's sidecar on Kubernetes", () => {
    const GRAFANA = join(import.meta.dir, "..", "deploy", "grafana");
    const provider = parseYaml(readFileSync(join(GRAFANA, "provisioning", "guardrail-proxy.yaml"), "utf8")) as { apiVersion: number; providers: { type: string; options: { path: string } }[] };
    expect(provider.apiVersion).toBe(1);
    expect(provider.providers).toEqual([expect.objectContaining({ type: "file", options: { path: "/var/lib/grafana/dashboards/guardrail-proxy" } })]);
    const kustomization = parseYaml(readFileSync(join(GRAFANA, "kustomization.yaml"), "utf8")) as { configMapGenerator: { name: string; files: string[]; options: { labels: Record<string, string> } }[] };
    const [generator] = kustomization.configMapGenerator;
    expect(generator!.options.labels.grafana_dashboard).toBe("1");
    const data = Object.fromEntries(generator!.files.map((f) => [f, readFileSync(join(GRAFANA, f), "utf8")]));
    expect(Object.keys(data)).toEqual(["guardrail-proxy.json"]);
    expect(() => new ConfigMap({ metadata: { name: generator!.name, labels: generator!.options.labels }, data }).validate()).not.toThrow();
    // A ConfigMap holds at most 1 MiB.
    expect(Buffer.byteLength(data["guardrail-proxy.json"]!)).toBeLessThan(1024 * 1024);
  });

  test("the dashboard file is the script's output", () => {
    const script = readFileSync(join(import.meta.dir, "..", "scripts", "write-dashboard.ts"), "utf8");
    for (const p of dashboard.panels) expect(script).toContain(JSON.stringify(p.title));
  });
});

/** A free loopback port. */
async function freePort(): Promise<number> {
  return await new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

describe("the dashboard's queries in a real Prometheus", () => {
  const PROMETHEUS = process.env.PROMETHEUS_PATH ?? "/usr/bin/prometheus";
  let prometheus: ChildProcess;
  let work: string;
  let api: string;

  const query = async (expr: string) =>
    (await (await fetch(`${api}/api/v1/query?query=${encodeURIComponent(expr)}`)).json()) as { status: string; error?: string; data?: { result: unknown[] } };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "gp-prometheus-"));
    const target = new URL(server.url).host;
    writeFileSync(join(work, "prometheus.yml"), `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: guardrail-proxy\n    static_configs:\n      - targets: ["${target}"]\n`);
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    prometheus = spawn(PROMETHEUS, [`--config.file=${join(work, "prometheus.yml")}`, `--storage.tsdb.path=${join(work, "data")}`, `--web.listen-address=127.0.0.1:${port}`, "--log.level=warn"], { stdio: "ignore" });
    for (let i = 0; i < 150; i++) {
      const up = await query('up{job="guardrail-proxy"}').catch(() => null);
      if (up?.data?.result.length) break;
      await Bun.sleep(100);
    }
    // A policy served, then saved invalid: its last valid version goes on, the gauge says so.
    await server.post("/v1/guard/input", { text: "hello", config_id: "edited" });
    dir.write("edited.json", "{ not json");
    await server.post("/v1/guard/input", { text: "hello", config_id: "edited" });
    // Traffic between scrapes, so that each rate has two samples: masks, a shadow verdict, a 404.
    for (let round = 0; round < 4; round++) {
      await server.post("/v1/guard/input", { text: "where are the launch codes? mail ann@corp.example" });
      await fetch(`${server.url}/no/such/route`);
      await Bun.sleep(1_100);
    }
  }, 30_000);

  afterAll(() => {
    prometheus?.kill();
    rmSync(work, { recursive: true, force: true });
  });

  test("every panel's query parses and runs; the ones the traffic feeds have series", async () => {
    const targets = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ title: p.title, expr: t.expr.replaceAll("$__rate_interval", "1m") })));
    expect(targets.length).toBeGreaterThan(10);
    const answers = await Promise.all(targets.map(async (t) => ({ ...t, answer: await query(t.expr) })));
    expect(answers.filter((a) => a.answer.status !== "success").map((a) => [a.title, a.answer.error])).toEqual([]);
    const fed = answers.filter((a) => (a.answer.data?.result.length ?? 0) > 0).map((a) => a.title);
    for (const title of ["Requests per second by route", "Responses by status", "Masks per guardrail and policy", "Guardrail latency p95 by guardrail and stage", "Shadow policies: what the candidate would have done", "Policies served from their last valid version"]) {
      expect(fed).toContain(title);
    }
    // Prometheus rejects a query that is not PromQL: the check can fail.
    expect((await query("sum by (route (rate(guardrail_proxy_requests_total[1m]))")).status).toBe("error");
  }, 30_000);
});
