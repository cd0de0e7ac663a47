/**
 * Writes deploy/grafana/guardrail-proxy.json: a Grafana dashboard over the proxy's /metrics
 * (DECISIONS §14), ready for file provisioning, its Prometheus datasource a variable.
 * test/grafana.test.ts checks every metric it uses against a live scrape.
 *
 *   npx bun scripts/write-dashboard.ts
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const DS = { type: "prometheus", uid: "${datasource}" };
let id = 0;
const row = (title: string, y: number) => ({ id: ++id, type: "row", title, collapsed: false, gridPos: { h: 1, w: 24, x: 0, y }, panels: [] });
const panel = (title: string, y: number, x: number, w: number, unit: string, targets: [string, string][], description: string, type = "timeseries") => ({
  id: ++id,
  type,
  title,
  description,
  datasource: DS,
  gridPos: { h: 8, w, x, y },
  fieldConfig: { defaults: { unit }, overrides: [] },
  options: type === "stat" ? { reduceOptions: { calcs: ["lastNotNull"], fields: "", values: false } } : { legend: { displayMode: "list", placement: "bottom" }, tooltip: { mode: "multi" } },
  targets: targets.map(([expr, legendFormat], i) => ({ refId: String.fromCharCode(65 + i), datasource: DS, expr, legendFormat })),
});
const rate = (metric: string, by: string, filter = "") => `sum by (${by}) (rate(${metric}${filter ? `{${filter}}` : ""}[$__rate_interval]))`;
const p95 = (metric: string, by: string) => `histogram_quantile(0.95, sum by (le, ${by}) (rate(${metric}_bucket[$__rate_interval])))`;

const panels = [
  row("Traffic", 0),
  panel("Requests per second by route", 1, 0, 12, "reqps", [[rate("guardrail_proxy_requests_total", "route"), "{{route}}"]], "Every request, by route pattern."),
  panel("Responses by status", 1, 12, 12, "reqps", [[rate("guardrail_proxy_requests_total", "status"), "{{status}}"]], "4xx include guardrail blocks (400) and policy errors (422)."),
  panel("Request latency p95 by route", 9, 0, 12, "s", [[p95("guardrail_proxy_request_duration_seconds", "route"), "{{route}}"]], "From the request's arrival to its answer (a stream: to its end)."),
  panel("Upstream requests in flight", 9, 12, 12, "short", [["sum(guardrail_proxy_upstream_in_flight)", "in flight"]], "Upstream calls not finished, streams included."),
  row("Guardrails", 17),
  panel("Blocks per guardrail and policy", 18, 0, 12, "reqps", [[rate("guardrail_proxy_guardrail_outcomes_total", "guardrail, policy", 'outcome="enforced"'), "{{guardrail}} ({{policy}})"]], "Trips that stopped a request or an answer."),
  panel("Masks per guardrail and policy", 18, 12, 12, "reqps", [[rate("guardrail_proxy_guardrail_outcomes_total", "guardrail, policy", 'outcome="masked"'), "{{guardrail}} ({{policy}})"]], "Texts a masking guardrail rewrote."),
  panel("Alerts and errors per guardrail", 26, 0, 12, "reqps", [[rate("guardrail_proxy_guardrail_outcomes_total", "guardrail, outcome", 'outcome=~"alert|error"'), "{{guardrail}} {{outcome}}"]], "Alert: a trip not enforced (alert mode, suppressed). Error: the check could not run; its on_error decided."),
  panel("Guardrail latency p95 by guardrail and stage", 26, 12, 12, "s", [[p95("guardrail_proxy_guardrail_duration_seconds", "guardrail, stage"), "{{guardrail}} {{stage}}"]], "Time each guardrail took."),
  panel("Network engines: call latency p95", 34, 0, 12, "s", [[p95("guardrail_proxy_engine_duration_seconds", "guardrail, engine"), "{{guardrail}} {{engine}}"]], "Judge models, classifier endpoints, webhooks, moderations."),
  panel("Parts no guardrail could read", 34, 12, 12, "reqps", [[rate("guardrail_proxy_unscanned_parts_total", "kind"), "{{kind}}"]], "Images, audio and binary files, counted (or refused under unreadable_content: block)."),
  row("Upstreams and streams", 42),
  panel("Upstream errors by route and kind", 43, 0, 12, "reqps", [[rate("guardrail_proxy_upstream_errors_total", "route, kind"), "{{route}} {{kind}}"]], "An HTTP status relayed, unreachable, timed out, too large, or cut mid-stream."),
  panel("Streams by outcome", 43, 12, 12, "reqps", [[rate("guardrail_proxy_streams_total", "outcome"), "{{outcome}}"]], "completed, blocked, client_closed, upstream_failed."),
  row("Rollout", 51),
  panel("Shadow policies: what the candidate would have done", 52, 0, 12, "reqps", [[rate("guardrail_proxy_shadow_total", "policy, shadow, outcome"), "{{policy}} -> {{shadow}}: {{outcome}}"]], "would_block and differs are what switching the candidate to block would change."),
  panel("MCP messages by server and outcome", 52, 12, 12, "reqps", [[rate("guardrail_proxy_mcp_messages_total", "server, from, outcome"), "{{server}} {{from}} {{outcome}}"]], "Messages of agents' MCP traffic judged."),
  panel(
    "Policies served from their last valid version",
    60,
    0,
    24,
    "short",
    [["max by (config_id) (guardrail_proxy_policy_invalid)", "{{config_id}}"]],
    "1: the policy's file is invalid or unreadable, and the proxy serves the version it last read valid (the error log line names the file, field and reason). 0: valid again.",
  ),
];

const dashboard = {
  __inputs: [{ name: "DS_PROMETHEUS", label: "Prometheus", type: "datasource", pluginId: "prometheus", pluginName: "Prometheus" }],
  title: "guardrail-proxy",
  uid: "guardrail-proxy",
  description: "Traffic, blocks and masks per guardrail and policy, latency per stage and guardrail, upstream errors, shadow outcomes (guardrail-proxy /metrics).",
  tags: ["guardrail-proxy"],
  timezone: "browser",
  schemaVersion: 39,
  version: 1,
  editable: true,
  refresh: "30s",
  time: { from: "now-6h", to: "now" },
  templating: { list: [{ name: "datasource", label: "Prometheus", type: "datasource", query: "prometheus", current: {}, hide: 0 }] },
  panels,
};

const path = join(import.meta.dir, "..", "deploy", "grafana", "guardrail-proxy.json");
writeFileSync(path, `${JSON.stringify(dashboard, null, 2)}\n`);
console.log(`wrote ${path}: ${panels.filter((p) => p.type !== "row").length} panels`);
