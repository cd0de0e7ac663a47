/**
 * Counters and a latency histogram in the Prometheus text format, for `GET /metrics`. Label
 * values are route patterns, status codes, guardrail and stage names: never request content.
 */

const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Labels = Readonly<Record<string, string>>;

interface Histogram {
  readonly counts: number[];
  sum: number;
  count: number;
}

function labelKey(labels: Labels): string {
  const parts: string[] = [];
  for (const k in labels) parts.push(`${k}="${labels[k]!.replace(/["\\\n]/g, "_")}"`);
  return parts.join(",");
}

export class Metrics {
  private readonly counters = new Map<string, Map<string, number>>();
  private readonly histograms = new Map<string, Map<string, Histogram>>();
  private readonly gauges = new Map<string, number>();
  private readonly help = new Map<string, string>();

  constructor() {
    this.help.set("guardrail_proxy_requests_total", "HTTP requests by route pattern and status.");
    this.help.set("guardrail_proxy_request_duration_seconds", "HTTP request duration by route pattern.");
    this.help.set("guardrail_proxy_guardrail_outcomes_total", "Guardrail trips by guardrail, stage and outcome (enforced, alert, error).");
    this.help.set("guardrail_proxy_upstream_in_flight", "Upstream requests not yet finished, streams included.");
    this.help.set("guardrail_proxy_streams_total", "Proxied streams by route pattern and how they ended.");
    this.gauges.set("guardrail_proxy_upstream_in_flight", 0);
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

  render(): string {
    const out: string[] = [];
    for (const [name, series] of this.counters) {
      out.push(`# HELP ${name} ${this.help.get(name) ?? name}`, `# TYPE ${name} counter`);
      for (const [key, value] of series) out.push(`${name}{${key}} ${value}`);
    }
    for (const [name, value] of this.gauges) out.push(`# HELP ${name} ${this.help.get(name) ?? name}`, `# TYPE ${name} gauge`, `${name} ${value}`);
    for (const [name, series] of this.histograms) {
      out.push(`# HELP ${name} ${this.help.get(name) ?? name}`, `# TYPE ${name} histogram`);
      for (const [key, h] of series) {
        const sep = key ? "," : "";
        DURATION_BUCKETS.forEach((le, i) => out.push(`${name}_bucket{${key}${sep}le="${le}"} ${h.counts[i]}`));
        out.push(`${name}_bucket{${key}${sep}le="+Inf"} ${h.count}`, `${name}_sum{${key}} ${h.sum}`, `${name}_count{${key}} ${h.count}`);
      }
    }
    return out.join("\n") + "\n";
  }
}
