/**
 * Counters and a latency histogram in the Prometheus text format, for `GET /metrics`. Label
 * values are route patterns, status codes, guardrail and stage names: never request content.
 *
 * With `--workers`, each process counts its own requests; `/metrics` then sums the snapshots of
 * all of them (process/worker-channel.ts), so a scrape sees the service, whichever worker answers.
 */

const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const HELP: Readonly<Record<string, string>> = {
  guardrail_proxy_requests_total: "HTTP requests by route pattern and status.",
  guardrail_proxy_request_duration_seconds: "HTTP request duration by route pattern.",
  guardrail_proxy_guardrail_outcomes_total: "Guardrail outcomes by guardrail, stage, policy and outcome (enforced, alert, masked, error).",
  guardrail_proxy_guardrail_duration_seconds: "Time each guardrail took, by guardrail and stage.",
  guardrail_proxy_upstream_errors_total: "Upstream calls that failed, by route pattern and kind (an HTTP status, upstream_unreachable, upstream_timeout, upstream_answer_too_large, mid_stream).",
  guardrail_proxy_mcp_messages_total: "MCP messages judged, by server, method, direction and outcome.",
  guardrail_proxy_mcp_tool_changes_total: "MCP tools listed with a definition other than the one pinned, by server.",
  guardrail_proxy_state_errors_total: "Operations of the shared state store that failed or timed out, by operation.",
  guardrail_proxy_engine_duration_seconds: "Calls of network engines (judge models, classifier endpoints, webhooks, moderations) by guardrail and engine, failed ones included.",
  guardrail_proxy_shadow_total: "Requests whose policy has a shadow, by policy, shadow and what the shadow would have done (would_block, differs, would_pass, error).",
  guardrail_proxy_upstream_in_flight: "Upstream requests not yet finished, streams included.",
  guardrail_proxy_streams_total: "Proxied streams by route pattern and how they ended.",
  guardrail_proxy_unscanned_parts_total: "Request parts no guardrail could read (images, audio, binary files), by route pattern and kind.",
  guardrail_proxy_playground_checks_total: "Checks made in the playground page, by stage and outcome (blocked, masked, passed); never counted in the traffic metrics.",
  guardrail_proxy_policy_invalid: "1 while a policy file is invalid or unreadable and its last valid version is served, by policy id; 0 once it is valid again.",
};

/** Each metric's type: a scrape lists every one (HELP and TYPE), with its series when it has any. */
const TYPES: Readonly<Record<string, "counter" | "gauge" | "histogram">> = {
  guardrail_proxy_requests_total: "counter",
  guardrail_proxy_request_duration_seconds: "histogram",
  guardrail_proxy_guardrail_outcomes_total: "counter",
  guardrail_proxy_guardrail_duration_seconds: "histogram",
  guardrail_proxy_upstream_errors_total: "counter",
  guardrail_proxy_mcp_messages_total: "counter",
  guardrail_proxy_mcp_tool_changes_total: "counter",
  guardrail_proxy_state_errors_total: "counter",
  guardrail_proxy_engine_duration_seconds: "histogram",
  guardrail_proxy_shadow_total: "counter",
  guardrail_proxy_upstream_in_flight: "gauge",
  guardrail_proxy_streams_total: "counter",
  guardrail_proxy_unscanned_parts_total: "counter",
  guardrail_proxy_policy_invalid: "gauge",
  guardrail_proxy_playground_checks_total: "counter",
};

type Labels = Readonly<Record<string, string>>;

interface Histogram {
  readonly counts: number[];
  sum: number;
  count: number;
}

/** Every series as plain data (structured-clone safe): what workers send one another. */
export interface MetricsSnapshot {
  /** name -> label key -> value */
  readonly counters: Record<string, Record<string, number>>;
  readonly gauges: Record<string, number>;
  /** Labelled gauges that hold a state (0 or 1): name -> label key -> value; processes merge by maximum. */
  readonly states: Record<string, Record<string, number>>;
  readonly histograms: Record<string, Record<string, { readonly counts: readonly number[]; readonly sum: number; readonly count: number }>>;
}

const UNSAFE_IN_LABEL = /["\\\n]/g;

/** `k="v",...`, each value's quotes, backslashes and line breaks replaced (rare: a test first). */
function labelKey(labels: Labels): string {
  let key = "";
  for (const k in labels) {
    const value = labels[k]!;
    UNSAFE_IN_LABEL.lastIndex = 0;
    key += `${key === "" ? "" : ","}${k}="${UNSAFE_IN_LABEL.test(value) ? value.replace(UNSAFE_IN_LABEL, "_") : value}"`;
  }
  return key;
}

export class Metrics {
  private readonly counters = new Map<string, Map<string, number>>();
  private readonly histograms = new Map<string, Map<string, Histogram>>();
  private readonly gauges = new Map<string, number>([["guardrail_proxy_upstream_in_flight", 0]]);
  private readonly states = new Map<string, Map<string, number>>();

  /** Sets a labelled state gauge (`guardrail_proxy_policy_invalid{config_id}`). */
  setState(name: string, labels: Labels, value: number): void {
    let series = this.states.get(name);
    if (!series) this.states.set(name, (series = new Map()));
    series.set(labelKey(labels), value);
  }

  /** Moves an unlabelled gauge. */
  add(name: string, delta: number): void {
    this.gauges.set(name, (this.gauges.get(name) ?? 0) + delta);
  }

  gauge(name: string): number {
    return this.gauges.get(name) ?? 0;
  }

  inc(name: string, labels: Labels, by = 1): void {
    let series = this.counters.get(name);
    if (!series) this.counters.set(name, (series = new Map()));
    const key = labelKey(labels);
    series.set(key, (series.get(key) ?? 0) + by);
  }

  observe(name: string, labels: Labels, seconds: number): void {
    let series = this.histograms.get(name);
    if (!series) this.histograms.set(name, (series = new Map()));
    const key = labelKey(labels);
    let h = series.get(key);
    if (!h) series.set(key, (h = { counts: new Array(DURATION_BUCKETS.length).fill(0), sum: 0, count: 0 }));
    for (let i = 0; i < DURATION_BUCKETS.length; i++) if (seconds <= DURATION_BUCKETS[i]!) h.counts[i]!++;
    h.sum += seconds;
    h.count++;
  }

  snapshot(): MetricsSnapshot {
    const counters: MetricsSnapshot["counters"] = {};
    for (const [name, series] of this.counters) counters[name] = Object.fromEntries(series);
    const histograms: Record<string, Record<string, Histogram>> = {};
    for (const [name, series] of this.histograms) {
      histograms[name] = {};
      for (const [key, h] of series) histograms[name][key] = { counts: [...h.counts], sum: h.sum, count: h.count };
    }
    const states: MetricsSnapshot["states"] = {};
    for (const [name, series] of this.states) states[name] = Object.fromEntries(series);
    return { counters, gauges: Object.fromEntries(this.gauges), states, histograms };
  }

  render(): string {
    return renderMetrics(this.snapshot());
  }
}

/** The sum of several processes' snapshots: counters, gauges and histogram buckets add up. */
export function mergeSnapshots(snapshots: readonly MetricsSnapshot[]): MetricsSnapshot {
  const counters: Record<string, Record<string, number>> = {};
  const gauges: Record<string, number> = {};
  const states: Record<string, Record<string, number>> = {};
  const histograms: Record<string, Record<string, Histogram>> = {};
  for (const s of snapshots) {
    // Every process reads the same policy files: a state is the highest any of them reports.
    for (const name in s.states) {
      const into = (states[name] ??= {});
      for (const key in s.states[name]) into[key] = Math.max(into[key] ?? 0, s.states[name]![key]!);
    }
    for (const name in s.counters) {
      const into = (counters[name] ??= {});
      for (const key in s.counters[name]) into[key] = (into[key] ?? 0) + s.counters[name]![key]!;
    }
    for (const name in s.gauges) gauges[name] = (gauges[name] ?? 0) + s.gauges[name]!;
    for (const name in s.histograms) {
      const into = (histograms[name] ??= {});
      for (const key in s.histograms[name]) {
        const h = s.histograms[name]![key]!;
        const sum = (into[key] ??= { counts: new Array(DURATION_BUCKETS.length).fill(0), sum: 0, count: 0 });
        h.counts.forEach((c, i) => (sum.counts[i]! += c));
        sum.sum += h.sum;
        sum.count += h.count;
      }
    }
  }
  return { counters, gauges, states, histograms };
}

export function renderMetrics(snapshot: MetricsSnapshot): string {
  const out: string[] = [];
  const header = (name: string, type: string) => out.push(`# HELP ${name} ${HELP[name] ?? name}`, `# TYPE ${name} ${type}`);
  for (const name in snapshot.counters) {
    header(name, "counter");
    for (const key in snapshot.counters[name]) out.push(`${name}{${key}} ${snapshot.counters[name]![key]}`);
  }
  for (const name in snapshot.gauges) {
    header(name, "gauge");
    out.push(`${name} ${snapshot.gauges[name]}`);
  }
  for (const name in snapshot.states) {
    header(name, "gauge");
    for (const key in snapshot.states[name]) out.push(`${name}{${key}} ${snapshot.states[name]![key]}`);
  }
  for (const name in snapshot.histograms) {
    header(name, "histogram");
    for (const key in snapshot.histograms[name]) {
      const h = snapshot.histograms[name]![key]!;
      const sep = key ? "," : "";
      DURATION_BUCKETS.forEach((le, i) => out.push(`${name}_bucket{${key}${sep}le="${le}"} ${h.counts[i]}`));
      out.push(`${name}_bucket{${key}${sep}le="+Inf"} ${h.count}`, `${name}_sum{${key}} ${h.sum}`, `${name}_count{${key}} ${h.count}`);
    }
  }
  // Metrics without a series yet are listed too, so a dashboard can rely on every name.
  for (const name in TYPES) {
    if (name in snapshot.counters || name in snapshot.gauges || name in snapshot.states || name in snapshot.histograms) continue;
    header(name, TYPES[name]!);
  }
  return out.join("\n") + "\n";
}
