/**
 * `bun run eval:pii`: per-type token-level precision, recall and F1 of our PII engine and of
 * `@openai/guardrails`'s `pii` check, run on the same rows in the same run, on
 *   1. ../shared/data/pii/dev.jsonl (presidio-research synthetic sentences), and
 *   2. a synthetic set generated here from the published formats and check-digit algorithms,
 *      with valid values in sentences and near misses (wrong check digits) that must not match.
 */
import { ALL_ENTITY_TYPES } from "../src/guardrails/pii/entities.ts";
import { loadDev, type LabelledText } from "./lib/dev-data.ts";
import { OPENAI_TYPES, openaiEngine, ourEngine, type Engine } from "./lib/engines.ts";
import { syntheticSet } from "./lib/pii-synthetic.ts";
import { addTokenCounts, prf, sumCounts, type Counts } from "./lib/token-metrics.ts";

export const NER_TYPES = ["PERSON", "LOCATION", "NRP", "DATE_TIME"] as const;

async function evaluate(rows: readonly LabelledText[], engine: Engine): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  for (const row of rows) addTokenCounts(counts, row.text, row.spans, await engine(row.text));
  return counts;
}

const fmt = (x: number) => (Number.isNaN(x) ? "  -  " : x.toFixed(3));

function report(title: string, rows: readonly LabelledText[], ours: Map<string, Counts>, theirs: Map<string, Counts>): void {
  const types = new Set<string>();
  for (const r of rows) for (const s of r.spans) types.add(s.type);
  for (const t of [...ours.keys(), ...theirs.keys()]) types.add(t);
  console.log(`\n## ${title} (${rows.length} texts)\n`);
  console.log("| type | support | ours P | ours R | ours F1 | openai P | openai R | openai F1 |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const t of [...types].sort()) {
    const a = prf(ours.get(t));
    const b = prf(theirs.get(t));
    const covered = OPENAI_TYPES.has(t);
    console.log(`| ${t} | ${a.support || b.support} | ${fmt(a.p)} | ${fmt(a.r)} | ${fmt(a.f1)} | ${covered ? fmt(b.p) : "n/a"} | ${covered ? fmt(b.r) : "n/a"} | ${covered ? fmt(b.f1) : "n/a"} |`);
  }
  const labelled = [...new Set(rows.flatMap((r) => r.spans.map((s) => s.type)))];
  const formatTypes = labelled.filter((t) => !(NER_TYPES as readonly string[]).includes(t));
  const nerTypes = labelled.filter((t) => (NER_TYPES as readonly string[]).includes(t));
  for (const [name, group] of [
    ["format types", formatTypes],
    ["PERSON+LOCATION+NRP+DATE_TIME", nerTypes],
  ] as const) {
    if (group.length === 0) continue;
    const a = prf(sumCounts(ours, group));
    const b = prf(sumCounts(theirs, group));
    console.log(`| **${name}** (micro) | ${a.support} | ${fmt(a.p)} | ${fmt(a.r)} | **${fmt(a.f1)}** | ${fmt(b.p)} | ${fmt(b.r)} | **${fmt(b.f1)}** |`);
  }
}

/** `--errors TYPE`: list this type's false positives and negatives (ours) instead of the tables. */
async function listErrors(rows: readonly LabelledText[], engine: Engine, type: string): Promise<void> {
  for (const row of rows) {
    const predicted = (await engine(row.text)).filter((s) => s.type === type);
    const gold = row.spans.filter((s) => s.type === type);
    const show = (s: { start: number; end: number; type: string }) => JSON.stringify(row.text.slice(s.start, s.end));
    const fp = predicted.filter((p) => !gold.some((g) => p.start < g.end && g.start < p.end));
    const fn = gold.filter((g) => !predicted.some((p) => p.start < g.end && g.start < p.end));
    const other = (p: { start: number; end: number }) => row.spans.find((g) => p.start < g.end && g.start < p.end)?.type ?? "O";
    for (const f of fp) console.log(`FP ${row.id}: ${show(f)} (gold ${other(f)}) in ${JSON.stringify(row.text.slice(Math.max(0, f.start - 40), f.end + 20))}`);
    for (const f of fn) console.log(`FN ${row.id}: ${show(f)} in ${JSON.stringify(row.text.slice(Math.max(0, f.start - 40), f.end + 20))}`);
  }
}

const errorsFor = process.argv.indexOf("--errors");
if (errorsFor !== -1) {
  const type = process.argv[errorsFor + 1]!;
  const which = process.argv.includes("--synthetic") ? syntheticSet() : loadDev();
  await listErrors(which, ourEngine(ALL_ENTITY_TYPES, process.argv.includes("--personal") ? "personal" : "all"), type);
  process.exit(0);
}

const ours = ourEngine(ALL_ENTITY_TYPES);
const theirs = openaiEngine();
const dev = loadDev();
report("dev.jsonl", dev, await evaluate(dev, ours), await evaluate(dev, theirs));
const synthetic = syntheticSet();
report("synthetic formats", synthetic, await evaluate(synthetic, ours), await evaluate(synthetic, theirs));

// The tables above measure recognition: every name, place, date, group and URL the sets label.
// The PII guardrail masks those five types by default only where they point at a person; on
// dev.jsonl, whose sentences mix private people with film credits, song writers, fictional
// dialogue and general questions, that leaves some of them, by design (bun run eval:utility
// measures the other side: ordinary prompts left intact).
const personal = await evaluate(dev, ourEngine(ALL_ENTITY_TYPES, "personal"));
console.log("\n## dev.jsonl with the default scope (quasi_identifiers and url_scope: personal)\n");
console.log("| types | support | P | R | F1 |");
console.log("|---|---:|---:|---:|---:|");
const devTypes = [...new Set(dev.flatMap((r) => r.spans.map((s) => s.type)))];
for (const [name, group] of [
  ["format types", devTypes.filter((t) => !(NER_TYPES as readonly string[]).includes(t))],
  ...NER_TYPES.map((t) => [t, [t]] as const),
  ["PERSON+LOCATION+NRP+DATE_TIME", devTypes.filter((t) => (NER_TYPES as readonly string[]).includes(t))],
] as const) {
  const m = prf(sumCounts(personal, group));
  console.log(`| ${name} | ${m.support} | ${fmt(m.p)} | ${fmt(m.r)} | ${fmt(m.f1)} |`);
}
