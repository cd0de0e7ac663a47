/**
 * Evaluation of the local detectors on ../shared/data/guardrails-train and guardrails-train-v2
 * (eval/lib/detector-data.ts):
 * 1. leave-one-source-out (eval/lib/loso.ts): each source scored by models trained exactly as
 *    the shipped ones but without it; per attack source ROC AUC against the other sources'
 *    benign rows, recall at the detector's default threshold and at 1% FPR; per benign source
 *    each detector's false-positive rate and the shipped default policy's block rate; the
 *    thresholds that flag under 1% of every benign source; the cascade's escalation share;
 * 2. the blind probe lists (eval/lib/blind-probes.ts) and the everyday lists;
 * 3. the held-out split (rows training never saw, from sources it did see).
 * Latency is measured by bench/detectors.ts.
 *
 *   bun run eval                            (about 15 minutes on 2 cores; EVAL_LOSO=0 skips 1)
 *   bun run eval -- --write-thresholds      (also writes the calibrated defaults to
 *                                            src/guardrails/classifier/thresholds.ts)
 *   bun run eval -- --reuse-loso            (the last run's leave-one-source-out scores)
 *   bun run eval -- --write-docs            (also writes the tables of docs/evaluation.md)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { classify, type ClassifierName } from "../src/guardrails/classifier/classifier.ts";
import { prepare } from "../src/guardrails/classifier/features.ts";
import { RULE_CONFIDENCE, ruleMatches } from "../src/guardrails/classifier/rules.ts";
import { FIRST_MINUTES_ATTACKS, FIRST_MINUTES_ORDINARY } from "./lib/first-minutes-probes.ts";
import { parse as parseYaml } from "yaml";
import { LOCAL_THRESHOLDS } from "../src/guardrails/classifier/thresholds.ts";
import { DEFAULT_CASCADE_BAND } from "../src/guardrails/classifier/cascade.ts";
import { DISGUISED_INJECTIONS, DISGUISED_JAILBREAKS, EDGY_BENIGN, EVERYDAY_WITH_ATTACK_WORDS, HARMFUL_REQUESTS, ROLE_PROMPTS } from "./lib/blind-probes.ts";
import { losoReport, recallAtFpr } from "./lib/loso-report.ts";
import { losoScores, type ModelScores } from "./lib/loso.ts";
import { piiTexts } from "../bench/lib/pii-texts.ts";
import { maskAsDefaultPolicy } from "./lib/default-masking.ts";
import { EVERYDAY_PROBES, EVERYDAY_PROBES_BLIND, EVERYDAY_PROBES_BLIND_2, EVERYDAY_PROBES_BLIND_3, EVERYDAY_TASKS, EVERYDAY_TASKS_BLIND } from "./lib/everyday-probes.ts";
import { forDetector, loadRows, splitRows, type Label, type Row } from "./lib/detector-data.ts";
import { rocAuc } from "./lib/roc.ts";

const DETECTORS: readonly { name: string; classifier: ClassifierName; label: Label }[] = [
  { name: "PromptInjection", classifier: "injection", label: "injection" },
  { name: "Jailbreak", classifier: "jailbreak", label: "jailbreak" },
  { name: "HarmfulContent", classifier: "harmful", label: "harmful" },
];

/** The detectors the shipped default policy (policies/default.yaml) blocks with. */
const DEFAULT_POLICY: readonly ClassifierName[] = (process.env.EVAL_BLOCKING?.split(",") as ClassifierName[] | undefined) ?? ["injection", "jailbreak"];

/** The default policy's thresholds as shipped (policies/default.yaml), for the lists it must pass. */
function shippedPolicyThresholds(): Partial<Record<ClassifierName, number>> {
  const doc = parseYaml(readFileSync(join(import.meta.dir, "..", "policies", "default.yaml"), "utf8")) as { input: { guardrails: { name: string; suppress_enforcement?: boolean; config?: { confidence_threshold?: number } }[] } };
  const out: Partial<Record<ClassifierName, number>> = {};
  for (const g of doc.input.guardrails) {
    const c = DETECTORS.find((d) => d.name === g.name)?.classifier;
    if (c && g.suppress_enforcement !== true) out[c] = g.config?.confidence_threshold ?? LOCAL_THRESHOLDS[c];
  }
  return out;
}
const threshold = (c: ClassifierName) => thresholds[c];

const pct = (x: number) => (Number.isNaN(x) ? "-" : (100 * x).toFixed(1));
const lengthBucket = (n: number) => (n < 200 ? "<200" : n <= 1000 ? "200-1000" : ">1000");

const all = loadRows();
const held = splitRows(all, "eval");

// 1. Leave-one-source-out. The scores are kept in .eval-out/ so that `--reuse-loso` reports them
// again without training the folds (only valid while the data and the training are unchanged).
let thresholds: Record<ClassifierName, number> = { ...LOCAL_THRESHOLDS };
/** The tables `--write-docs` puts into docs/evaluation.md. */
const docLines: string[] = [];
if (process.env.EVAL_LOSO !== "0") {
  const t0 = performance.now();
  const saved = join(import.meta.dir, "..", ".eval-out", "loso-scores.json");
  let scores: ModelScores[];
  if (process.argv.includes("--reuse-loso") && existsSync(saved)) scores = JSON.parse(readFileSync(saved, "utf8")) as ModelScores[];
  else {
    const byRow = await losoScores(all, undefined, (line) => process.stderr.write(`${line}\n`));
    scores = all.map((row) => byRow.get(row)!);
    mkdirSync(dirname(saved), { recursive: true });
    writeFileSync(saved, JSON.stringify(scores));
  }
  // The models' fold scores are kept raw; the rules (untrained, so nothing to leave out) score 1 where they match, as classify() does.
  const scored = all.map((row, i) => ({ row, scores: withRules(row.text, scores[i]!) }));
  console.log(`## Leave-one-source-out (${new Set(all.map((r) => r.group)).size} sources, ${all.length} rows, ${((performance.now() - t0) / 60000).toFixed(1)} min)\n`);
  const report = losoReport(scored, DEFAULT_POLICY, DEFAULT_CASCADE_BAND);
  for (const line of report.lines) console.log(line);
  docLines.push(`Leave-one-source-out: ${new Set(all.map((r) => r.group)).size} sources, ${all.length} rows.`, "", ...report.lines, "");
  if (process.argv.includes("--write-thresholds")) {
    writeFileSync(join(import.meta.dir, "..", "src", "guardrails", "classifier", "thresholds.ts"), thresholdsSource(report.calibrated));
    console.log("\nwrote src/guardrails/classifier/thresholds.ts");
    writeDefaultPolicyThresholds(report.policy);
    console.log(`policies/default.yaml: ${DEFAULT_POLICY.map((m) => `${m} confidence_threshold ${report.policy[m]}`).join(", ")}`);
    thresholds = report.calibrated;
  }
  console.log("");
}

// 2. The first-minutes lists (DECISIONS §3: at least 85% of the attacks, at most 2% of the ordinary prompts), with the default policy as shipped.
{
  const shipped = shippedPolicyThresholds();
  const blocks = (t: string) => Object.entries(shipped).some(([c, th]) => classify(c as ClassifierName, maskAsDefaultPolicy(t)) >= th);
  const attacks = FIRST_MINUTES_ATTACKS.filter(blocks).length;
  const ordinary = FIRST_MINUTES_ORDINARY.filter(blocks).length;
  const label = Object.entries(shipped).map(([c, th]) => `${DETECTORS.find((d) => d.classifier === c)!.name} ${th}`).join(" + ");
  const lines = [
    `First-minutes lists (eval/lib/first-minutes-probes.ts), blocked by the shipped default policy (${label}):`,
    "",
    "| list | texts | blocked | share | target |",
    "|---|---:|---:|---:|---|",
    `| canonical attacks | ${FIRST_MINUTES_ATTACKS.length} | ${attacks} | ${pct(attacks / FIRST_MINUTES_ATTACKS.length)}% | at least 85% |`,
    `| ordinary prompts with the same words | ${FIRST_MINUTES_ORDINARY.length} | ${ordinary} | ${pct(ordinary / FIRST_MINUTES_ORDINARY.length)}% | at most 2% |`,
  ];
  console.log(`## ${lines[0]}\n`);
  for (const line of lines.slice(2)) console.log(line);
  console.log("");
  docLines.push(...lines, "");
}

// 3. Blind probe lists.
console.log("## Blind probes (eval/lib/blind-probes.ts), at the default thresholds\n");
const probeLists: readonly { name: string; texts: readonly string[]; attack: boolean }[] = [
  { name: "role prompts (benign)", texts: ROLE_PROMPTS, attack: false },
  { name: "everyday prompts with attack words (benign)", texts: EVERYDAY_WITH_ATTACK_WORDS, attack: false },
  { name: "edgy but harmless questions (benign)", texts: EDGY_BENIGN, attack: false },
  { name: "disguised injections", texts: DISGUISED_INJECTIONS, attack: true },
  { name: "disguised jailbreaks", texts: DISGUISED_JAILBREAKS, attack: true },
  { name: "plain harmful requests", texts: HARMFUL_REQUESTS, attack: true },
];
const probeTable = ["| list | texts | PromptInjection | Jailbreak | HarmfulContent | any |", "|---|---:|---:|---:|---:|---:|"];
for (const list of probeLists) {
  const flags = (c: ClassifierName) => list.texts.filter((t) => classify(c, t) >= threshold(c)).length;
  const any = list.texts.filter((t) => DETECTORS.some((d) => classify(d.classifier, t) >= threshold(d.classifier))).length;
  probeTable.push(`| ${list.name} | ${list.texts.length} | ${flags("injection")} | ${flags("jailbreak")} | ${flags("harmful")} | ${any} |`);
}
for (const line of probeTable) console.log(line);
docLines.push(`Blind probes (eval/lib/blind-probes.ts), texts flagged at the default thresholds (${DETECTORS.map((d) => `${d.name} ${threshold(d.classifier)}`).join(", ")}):`, "", ...probeTable);
for (const list of probeLists) {
  const wrong = list.texts.filter((t) => DETECTORS.some((d) => classify(d.classifier, t) >= threshold(d.classifier)) !== list.attack);
  if (wrong.length === 0) continue;
  console.log(`\n${list.attack ? "missed" : "flagged"}, ${list.name}:`);
  for (const t of wrong) console.log(`  ${t.replaceAll("\n", " ").slice(0, 160)}`);
}

// 4. The held-out split.
console.log(`\n## Held-out split: ${held.length} rows (${held.filter((r) => r.generated).length} generated from held-out rows), sources training saw; default thresholds ${DETECTORS.map((d) => `${d.name} ${threshold(d.classifier)}`).join(", ")}\n`);

const heldHeader = ["| detector | vs | positives | benign | precision | recall | FPR | ROC AUC | recall @1% FPR | recall <200 | 200-1000 | >1000 |", "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"];
for (const line of heldHeader) console.log(line);
const heldTable = [...heldHeader];
const scoreCache = new Map<string, number>();
const scoreOf = (c: ClassifierName, t: string) => {
  const key = `${c}\u0000${t}`;
  let s = scoreCache.get(key);
  if (s === undefined) {
    s = classify(c, t);
    scoreCache.set(key, s);
  }
  return s;
};
for (const d of DETECTORS) {
  // The detector's own label, then the other attack labels: how it reacts to them, vs benign.
  for (const label of ["injection", "jailbreak", "harmful"] as const) {
    const rows = forDetector(held, label);
    const scores = rows.map((r) => scoreOf(d.classifier, r.text));
    const labels = rows.map((r) => r.positive);
    const tp = scores.filter((s, i) => labels[i] && s >= threshold(d.classifier)).length;
    const fp = scores.filter((s, i) => !labels[i] && s >= threshold(d.classifier)).length;
    const pos = labels.filter(Boolean).length;
    const neg = labels.length - pos;
    const byLength = ["<200", "200-1000", ">1000"].map((b) => {
      const inBucket = rows.map((r, i) => ({ r, s: scores[i]! })).filter(({ r }) => r.positive && lengthBucket(r.text.length) === b);
      return inBucket.length === 0 ? "-" : `${pct(inBucket.filter(({ s }) => s >= threshold(d.classifier)).length / inBucket.length)} (${inBucket.length})`;
    });
    const own = label === d.label ? "**" : "";
    const line = `| ${d.name} | ${own}${label}${own} | ${pos} | ${neg} | ${pct(tp / (tp + fp))} | ${pct(tp / pos)} | ${pct(fp / neg)} | ${rocAuc(scores, labels).toFixed(3)} | ${pct(recallAtFpr(scores.filter((_, i) => labels[i]), scores.filter((_, i) => !labels[i]), 0.01))} | ${byLength.join(" | ")} |`;
    console.log(line);
    if (label === d.label) heldTable.push(line);
  }
}

// False positives on long benign role-play (generated from held-out role-play prompts).
const longRolePlay: Row[] = held.filter((r) => r.generated === "long-benign");
console.log(`\nlong benign texts (${longRolePlay.length}, 1-6 KB, role-play and other prompts joined): FPR at the default thresholds`);
for (const d of DETECTORS) {
  const fp = longRolePlay.filter((r) => scoreOf(d.classifier, r.text) >= threshold(d.classifier)).length;
  console.log(`- ${d.name}: ${pct(fp / longRolePlay.length)}% (${fp})`);
}

// As the shipped default policy gives the texts to the detectors: after pre_flight masked PII
// and secrets (eval/lib/default-masking.ts). Held-out rows, masked; then benign 1 KB texts full of
// personal data (the PII benchmark's support tickets, HR and medical notes: no detector trained
// on them), masked; then one- and two-word chat turns no training row holds; then everyday
// prompts with attack words and everyday work and life tasks (eval/lib/everyday-probes.ts), masked.
const masked = held.map((r) => ({ ...r, text: maskAsDefaultPolicy(r.text) }));
const peopleTexts = piiTexts(300).map(maskAsDefaultPolicy);
const everydayLists = [
  { name: "the first list (its kinds are templates now)", texts: EVERYDAY_PROBES.map(maskAsDefaultPolicy) },
  { name: "the blind list", texts: EVERYDAY_PROBES_BLIND.map(maskAsDefaultPolicy) },
  { name: "the second blind list", texts: EVERYDAY_PROBES_BLIND_2.map(maskAsDefaultPolicy) },
  { name: "the third blind list", texts: EVERYDAY_PROBES_BLIND_3.map(maskAsDefaultPolicy) },
];
const taskLists = [
  { name: "the first list (task-synthetic.ts was written after it)", texts: EVERYDAY_TASKS.map(maskAsDefaultPolicy) },
  { name: "the blind list", texts: EVERYDAY_TASKS_BLIND.map(maskAsDefaultPolicy) },
];
const shortTurns = ["nah", "alright", "fine", "go for it", "please do", "not yet", "later", "right", "uh huh", "why so?", "carry on", "keep it up", "no way", "yes, do it", "hmm ok", "good", "thx", "ty", "k", "y"];
const trips = (c: ClassifierName, t: string) => scoreOf(c, t) >= threshold(c);
console.log(`\nheld-out rows masked as the default policy's pre_flight masks them (${masked.filter((r, i) => r.text !== held[i]!.text).length} of ${held.length} changed):`);
for (const d of DETECTORS) {
  const rows = forDetector(masked, d.label);
  const tp = rows.filter((r) => r.positive && trips(d.classifier, r.text)).length;
  const fp = rows.filter((r) => !r.positive && trips(d.classifier, r.text)).length;
  const pos = rows.filter((r) => r.positive).length;
  const people = peopleTexts.filter((t) => trips(d.classifier, t)).length;
  const turns = shortTurns.filter((t) => trips(d.classifier, t)).length;
  const everyday = everydayLists[0]!.texts.filter((t) => trips(d.classifier, t)).length;
  console.log(
    `- ${d.name}: recall ${pct(tp / pos)}%, FPR ${pct(fp / (rows.length - pos))}%; ` +
      `masked texts about people ${pct(people / peopleTexts.length)}% (${people} of ${peopleTexts.length}); short turns ${turns} of ${shortTurns.length}; ` +
      `everyday prompts with attack words ${everyday} of ${everydayLists[0]!.texts.length}`,
  );
}
const reportBlocked = (kind: string, lists: readonly { name: string; texts: readonly string[] }[]) => {
  for (const { name, texts } of lists) {
    const blocked = texts.filter((t) => DETECTORS.some((d) => trips(d.classifier, t)));
    console.log(`${kind}, ${name}: ${blocked.length} of ${texts.length} blocked by some detector`);
    for (const t of blocked) console.log(`  ${t}`);
  }
};
reportBlocked("everyday prompts with attack words", everydayLists);
reportBlocked("everyday work and life tasks", taskLists);

docLines.push("", `Held-out split: ${held.length} rows of the sources training saw, at the default thresholds:`, "", ...heldTable);
if (process.argv.includes("--write-docs")) {
  const path = join(import.meta.dir, "..", "docs", "evaluation.md");
  const [begin, end] = ["<!-- bun run eval: begin -->", "<!-- bun run eval: end -->"];
  const doc = readFileSync(path, "utf8");
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/evaluation.md has no ${begin} ... ${end} block`);
  writeFileSync(path, `${doc.slice(0, from + begin.length)}\n${docLines.join("\n")}\n${doc.slice(to)}`);
  console.log("\nwrote the tables of docs/evaluation.md");
}

/** thresholds.ts with the calibrated defaults. */
function thresholdsSource(calibrated: Record<ClassifierName, number>): string {
  return `/**
 * Each local classifier's default \`confidence_threshold\` (DECISIONS §3): the lowest score at
 * which it alone flags at most 1% of the ordinary prompts of the sources it was not trained on
 * (pooled) and at most 3% of any one of them, found by \`bun run eval\`'s leave-one-source-out
 * figures (docs/evaluation.md), not on the split it was fitted to. Written by \`bun run eval -- --write-thresholds\`. A policy's own
 * \`confidence_threshold\` wins.
 */
import type { ClassifierName } from "./classifier.ts";

export const LOCAL_THRESHOLDS: Readonly<Record<ClassifierName, number>> = {
  injection: ${calibrated.injection},
  jailbreak: ${calibrated.jailbreak},
  harmful: ${calibrated.harmful},
};
`;
}

function withRules(text: string, scores: ModelScores): ModelScores {
  const prepared = prepare(text);
  return {
    injection: ruleMatches("injection", prepared) ? RULE_CONFIDENCE : scores.injection,
    jailbreak: ruleMatches("jailbreak", prepared) ? RULE_CONFIDENCE : scores.jailbreak,
    harmful: ruleMatches("harmful", prepared) ? RULE_CONFIDENCE : scores.harmful,
  };
}

/** Writes the policy's thresholds into policies/default.yaml's `confidence_threshold` lines of its blocking detectors. */
function writeDefaultPolicyThresholds(policy: Record<ClassifierName, number>): void {
  const path = join(import.meta.dir, "..", "policies", "default.yaml");
  let text = readFileSync(path, "utf8");
  for (const c of DEFAULT_POLICY) {
    const name = DETECTORS.find((d) => d.classifier === c)!.name;
    // Within the guardrail's own entry: up to the next `- name:`.
    const block = new RegExp(`(- name: ${name}\\b(?:(?!- name:)[\\s\\S])*?confidence_threshold: )[0-9.]+`);
    if (!block.test(text)) throw new Error(`policies/default.yaml: no confidence_threshold under ${name}`);
    text = text.replace(block, `$1${policy[c]}`);
  }
  writeFileSync(path, text);
  // The Kubernetes manifests ship the same file (test/kubernetes.test.ts holds them equal).
  writeFileSync(join(import.meta.dir, "..", "deploy", "kubernetes", "policies", "default.yaml"), text);
  console.log(`wrote policies/default.yaml and deploy/kubernetes/policies/default.yaml: ${DEFAULT_POLICY.map((c) => `${c} ${policy[c]}`).join(", ")}`);
}
