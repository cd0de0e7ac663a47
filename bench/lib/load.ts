/**
 * A closed-loop HTTP load generator: `concurrency` workers each send a request as soon as the
 * previous one is answered. Used by every benchmark, so baselines and guardrail-proxy are
 * measured by the same client in the same run.
 */

export interface RequestSpec {
  readonly url: string;
  readonly method?: string;
  readonly headers?: Record<string, string>;
  /** The body, or a function that gives each request its own. */
  readonly body?: string | (() => string);
  /** Throws when an answer is wrong, so a benchmark never times error responses. */
  readonly check?: (status: number, body: string) => void;
}

export interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly rps: number;
  /** Sorted latencies in milliseconds. */
  readonly latencies: Float64Array;
}

async function once(spec: RequestSpec): Promise<number> {
  const t0 = performance.now();
  const body = typeof spec.body === "function" ? spec.body() : spec.body;
  const res = await fetch(spec.url, { method: spec.method ?? (body ? "POST" : "GET"), headers: spec.headers, body });
  const text = await res.text();
  const ms = performance.now() - t0;
  spec.check?.(res.status, text);
  return ms;
}

export async function runLoad(spec: RequestSpec, concurrency: number, durationMs: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const start = performance.now();
  const deadline = start + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) latencies.push(await once(spec));
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { requests: latencies.length, seconds, rps: latencies.length / seconds, latencies: Float64Array.from(latencies).sort() };
}

/** Concurrency 1 for a fixed number of requests. */
export async function sequential(spec: RequestSpec, count: number): Promise<Float64Array> {
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = await once(spec);
  return out.sort();
}

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
