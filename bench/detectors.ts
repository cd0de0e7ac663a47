/**
 * Latency of the local detectors (PromptInjection, Jailbreak, HarmfulContent), in process, one
 * detector judging a text it has not seen (the classifier keeps its answers for the last text,
 * so every call gets a new one): normalisation, features, the whole text and its windows.
 *
 * Texts: an ordinary 1 KB support message, 10 KB of mixed prose and code, and 10 KB without a
 * space (one long "word": the window cutter and the n-gram features must stay linear on it).
 * The baseline, measured in the same run on the same texts: the normalisation alone, which every
 * stage pays once for all its detectors. Reports the median over rounds of p50 and p99 per call,
 * p99 per KB (the target: under 1 ms per KB), and the ratio to the baseline.
 *
 *   bun bench/detectors.ts            (BENCH_ROUNDS=7 BENCH_CALLS=400)
 */
import { classify, type ClassifierName } from "../src/guardrails/classifier/classifier.ts";
import { prepare } from "../src/guardrails/classifier/features.ts";
import { median, percentile } from "./lib/load.ts";
import { supportMessage1k } from "./lib/texts.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CALLS = Number(process.env.BENCH_CALLS ?? 400);
const DETECTORS: readonly ClassifierName[] = ["injection", "jailbreak", "harmful"];

const PROSE =
  "Please summarise the attached quarterly report for the board. Revenue grew in every region except the north, " +
  "where two large customers delayed their renewals. The engineering team shipped the new billing system in March. " +
  "function total(items) { return items.reduce((sum, item) => sum + item.price * item.quantity, 0); } ";

/** Texts of about `bytes` characters; call `n` differs from every other in its first word. */
const KINDS: readonly { name: string; text: (n: number) => string }[] = [
  { name: "1 KB support message", text: () => supportMessage1k() },
  { name: "10 KB prose and code", text: (n) => `Ticket ${n}. ${PROSE.repeat(40)}`.slice(0, 10_240) },
  { name: "10 KB without a space", text: (n) => `${n}${"Zq9".repeat(3414)}`.slice(0, 10_240) },
];

interface Figures {
  p50: number;
  p99: number;
}

/** Per-call times in µs of `work` over CALLS new texts of a kind. */
function timeCalls(kind: (typeof KINDS)[number], work: (text: string) => void, offset: number): Figures {
  const texts = Array.from({ length: CALLS }, (_, i) => kind.text(offset + i));
  const times = new Float64Array(CALLS);
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    work(texts[i]!);
    times[i] = (performance.now() - t0) * 1000;
  }
  times.sort();
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

// Load the models and warm the JIT before measuring.
for (const kind of KINDS) for (const d of DETECTORS) timeCalls(kind, (t) => classify(d, t), -CALLS);

let offset = 0;
console.log(`## Local detectors: µs per call, median over ${ROUNDS} rounds of ${CALLS} new texts\n`);
console.log("| text | detector | p50 µs | p99 µs | p99 µs per KB | p99 vs normalisation alone |");
console.log("|---|---|---:|---:|---:|---:|");
for (const kind of KINDS) {
  const kb = kind.text(0).length / 1024;
  const rounds = new Map<string, Figures[]>();
  for (let r = 0; r < ROUNDS; r++) {
    // Interleaved: the baseline and every detector in each round, so drift hits all alike.
    for (const name of ["normalisation", ...DETECTORS]) {
      const work = name === "normalisation" ? (t: string) => void prepare(t) : (t: string) => void classify(name as ClassifierName, t);
      const list = rounds.get(name) ?? [];
      list.push(timeCalls(kind, work, (offset += CALLS)));
      rounds.set(name, list);
    }
  }
  const summary = (name: string) => {
    const list = rounds.get(name)!;
    return { p50: median(list.map((f) => f.p50)), p99: median(list.map((f) => f.p99)) };
  };
  const base = summary("normalisation");
  console.log(`| ${kind.name} | normalisation (baseline) | ${base.p50.toFixed(0)} | ${base.p99.toFixed(0)} | ${(base.p99 / kb).toFixed(0)} | 1.00 |`);
  for (const d of DETECTORS) {
    const f = summary(d);
    console.log(`| ${kind.name} | ${d} | ${f.p50.toFixed(0)} | ${f.p99.toFixed(0)} | ${(f.p99 / kb).toFixed(0)} | ${(f.p99 / base.p99).toFixed(2)} |`);
  }
}
