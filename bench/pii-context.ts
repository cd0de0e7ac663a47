/**
 * What deciding personal context costs (src/guardrails/pii/personal-context.ts): the PII engine
 * scanning 60 English texts of 1 KB with 2-6 personal values each, with every name, place, date
 * and URL masked (`quasi_identifiers: all`, the baseline) and with the default
 * `personal` scopes, interleaved in the same run. Reports the median over rounds of the time per
 * text and the ratio, and the context rules alone (personal-context.ts on each text's detections,
 * precomputed): the quantity the scans' difference estimates, without their noise.
 *
 *   bun bench/pii-context.ts            (BENCH_ROUNDS=15 BENCH_PASSES=20)
 */
import { PiiEngine } from "../src/guardrails/pii/engine.ts";
import { ALL_ENTITY_TYPES } from "../src/guardrails/pii/entities.ts";
import { personalSpans } from "../src/guardrails/pii/personal-context.ts";
import { median } from "./lib/load.ts";
import { piiTexts } from "./lib/pii-texts.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const PASSES = Number(process.env.BENCH_PASSES ?? 20);
const texts = piiTexts(60);
const engines = {
  all: new PiiEngine({ entities: ALL_ENTITY_TYPES, allowList: [], detectEncoded: false, quasiIdentifiers: "all", urlScope: "all" }),
  personal: new PiiEngine({ entities: ALL_ENTITY_TYPES, allowList: [], detectEncoded: false, quasiIdentifiers: "personal", urlScope: "personal" }),
};
const perText: Record<keyof typeof engines, number[]> = { all: [], personal: [] };
for (const e of Object.values(engines)) for (const t of texts) e.scan(t); // warm up
for (let r = 0; r < ROUNDS; r++) {
  // Alternating which goes first, so neither always inherits the other's garbage.
  for (const name of r % 2 === 0 ? (["all", "personal"] as const) : (["personal", "all"] as const)) {
    const t0 = performance.now();
    for (let p = 0; p < PASSES; p++) for (const t of texts) engines[name].scan(t);
    perText[name].push(((performance.now() - t0) * 1000) / (PASSES * texts.length));
  }
}
const detections = texts.map((t) => ({ text: t, spans: engines.all.scan(t).detections.map((d) => ({ start: d.start, end: d.end, entity: d.entity })) }));
const rulesAlone: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const t0 = performance.now();
  for (let p = 0; p < PASSES; p++) for (const d of detections) personalSpans(d.text, d.spans, { quasi: "personal", urls: "personal" });
  rulesAlone.push(((performance.now() - t0) * 1000) / (PASSES * texts.length));
}
const all = median(perText.all);
const personal = median(perText.personal);
console.log(`PII scan of a 1 KB text, median of ${ROUNDS} rounds: every match masked ${all.toFixed(1)} µs, personal context ${personal.toFixed(1)} µs, ratio ${(personal / all).toFixed(2)}; the context rules alone ${median(rulesAlone).toFixed(2)} µs (${(detections.reduce((n, d) => n + d.spans.length, 0) / texts.length).toFixed(1)} detections per text)`);
