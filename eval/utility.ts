/**
 * `bun run eval:utility`: what the shipped default policy (policies/default.yaml) does to ordinary
 * prompts. Up to 400 benign prompts from each of nine public sources (../shared/data/
 * guardrails-train-v2's benign files and guardrails-train's GPTeacher prompts) go through its
 * input stages as the guard endpoint runs them: the share blocked (and by which guardrail), the
 * share rewritten, per placeholder type and per source.
 *
 * A quarter of the prompts (by a hash of the text) is sealed: its figures are reported, its texts
 * never printed, and no rule is tuned on it. Examples come from the other part only. Then the
 * blind lists of eval/lib/utility-probes.ts: general prompts that must pass intact, and personal
 * texts whose values must be masked.
 *
 *   bun run eval:utility                 (--examples N: rewritten examples per type, default 4)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { guardText } from "../src/pipeline/guard.ts";
import { loadPolicyFile } from "../src/policy/load.ts";
import { DATA_DIR, DATA_DIR_V2 } from "./lib/detector-data.ts";
import { GENERAL_PROMPTS, PERSONAL_TEXTS } from "./lib/utility-probes.ts";

const PER_SOURCE = 400;
const SOURCES: readonly { name: string; file: string }[] = [
  ...["arenahard", "coconot_contrast", "conala", "cyber_frr", "gsm8k", "nq_open", "oasst", "truthfulqa"].map((s) => ({ name: s, file: join(DATA_DIR_V2, `train_benign_${s}.jsonl`) })),
  { name: "gpteacher", file: join(DATA_DIR, "train_benign_gpteacher.jsonl") },
];
const examplesPerType = Number(process.argv[process.argv.indexOf("--examples") + 1] ?? 4) || 4;

const policy = loadPolicyFile("default", join(import.meta.dir, "..", "policies", "default.yaml"));

/** FNV-1a of the text: the same prompts are picked and sealed on every machine. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

interface Prompt {
  readonly source: string;
  readonly text: string;
  readonly sealed: boolean;
}

function loadPrompts(): Prompt[] {
  const out: Prompt[] = [];
  for (const { name, file } of SOURCES) {
    const texts = readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => String((JSON.parse(l) as { text: unknown }).text));
    const picked = [...new Set(texts)].sort((a, b) => hashOf(a) - hashOf(b)).slice(0, PER_SOURCE);
    for (const text of picked) out.push({ source: name, text, sealed: hashOf(`sealed:${text}`) % 4 === 0 });
  }
  return out;
}

interface Outcome {
  readonly prompt: Prompt;
  readonly blockedBy: string | null;
  readonly rewritten: boolean;
  readonly types: readonly string[];
  readonly sanitized: string;
}

const PLACEHOLDER = /<([A-Z][A-Z_]*[A-Z])(?:_\d+)?>/g;

async function run(prompt: Prompt): Promise<Outcome> {
  const { response } = await guardText(policy, "input", prompt.text);
  // sanitized_text is null when nothing was masked.
  const sanitized = response.sanitized_text ?? prompt.text;
  const types = response.allowed ? [...new Set([...sanitized.matchAll(PLACEHOLDER)].map((m) => m[1]!))].filter((t) => !prompt.text.includes(`<${t}`)) : [];
  return { prompt, blockedBy: response.allowed ? null : response.guardrail, rewritten: response.allowed && sanitized !== prompt.text, types, sanitized };
}

const pct = (n: number, of: number) => (of === 0 ? "-" : `${((100 * n) / of).toFixed(1)}%`);

function table(title: string, outcomes: readonly Outcome[]): void {
  console.log(`\n## ${title}\n`);
  console.log("| source | prompts | blocked | blocked for PII or secrets | rewritten | placeholders in rewritten prompts |");
  console.log("|---|---:|---:|---:|---:|---|");
  const rows = [...SOURCES.map((s) => s.name), "all"];
  for (const name of rows) {
    const of = name === "all" ? outcomes : outcomes.filter((o) => o.prompt.source === name);
    const blocked = of.filter((o) => o.blockedBy !== null);
    const forPii = blocked.filter((o) => o.blockedBy === "PII" || o.blockedBy === "SecretKeys");
    const rewritten = of.filter((o) => o.rewritten);
    const byType = new Map<string, number>();
    for (const o of rewritten) for (const t of o.types) byType.set(t, (byType.get(t) ?? 0) + 1);
    const types = [...byType].sort((a, b) => b[1] - a[1]).map(([t, n]) => `${t} ${n}`).join(", ");
    const bold = name === "all" ? "**" : "";
    console.log(`| ${bold}${name}${bold} | ${of.length} | ${pct(blocked.length, of.length)} | ${forPii.length} | ${bold}${pct(rewritten.length, of.length)}${bold} | ${types || "-"} |`);
  }
}

const prompts = loadPrompts();
const outcomes: Outcome[] = [];
for (const p of prompts) outcomes.push(await run(p));
const open = outcomes.filter((o) => !o.prompt.sealed);
const sealed = outcomes.filter((o) => o.prompt.sealed);

console.log(`# The default policy on ${prompts.length} ordinary prompts from ${SOURCES.length} public sources`);
table(`Sealed part: ${sealed.length} prompts never looked at while tuning`, sealed);
table(`Open part: ${open.length} prompts`, open);

console.log("\n## Examples from the open part, per placeholder type\n");
const typesSeen = [...new Set(open.flatMap((o) => o.types))].sort();
for (const type of typesSeen) {
  const withType = open.filter((o) => o.types.includes(type));
  console.log(`${type} (${withType.length}):`);
  for (const o of withType.slice(0, examplesPerType)) console.log(`  [${o.prompt.source}] ${o.sanitized.replaceAll("\n", " ").slice(0, 220)}`);
}
const blockedOpen = open.filter((o) => o.blockedBy !== null);
if (blockedOpen.length > 0) {
  console.log(`\nblocked (${blockedOpen.length}):`);
  for (const o of blockedOpen.slice(0, 10)) console.log(`  [${o.prompt.source}] ${o.blockedBy}: ${o.prompt.text.replaceAll("\n", " ").slice(0, 160)}`);
}

// The blind lists.
const general = await Promise.all(GENERAL_PROMPTS.map((text) => run({ source: "blind", text, sealed: false })));
const changed = general.filter((o) => o.rewritten || o.blockedBy !== null);
console.log(`\n## Blind lists (eval/lib/utility-probes.ts)\n`);
console.log(`general prompts left intact: ${general.length - changed.length} of ${general.length}`);
for (const o of changed) console.log(`  changed: ${o.blockedBy ? `blocked by ${o.blockedBy}` : o.sanitized}`);
let leaked = 0;
let values = 0;
for (const { text, mustMask } of PERSONAL_TEXTS) {
  const { response } = await guardText(policy, "input", text);
  const out = response.sanitized_text ?? text;
  const left = response.allowed ? mustMask.filter((v) => out.includes(v)) : [];
  values += mustMask.length;
  leaked += left.length;
  if (left.length > 0) console.log(`  not masked: ${left.map((v) => JSON.stringify(v)).join(", ")} in ${JSON.stringify(out)}`);
}
console.log(`personal values masked: ${values - leaked} of ${values} (${PERSONAL_TEXTS.length} texts)`);
