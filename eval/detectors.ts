/**
 * Evaluation of the local detectors (issue 5) on the held-out split of
 * ../shared/data/guardrails-train (eval/lib/detector-data.ts): rows training never saw, plus
 * long benign texts and short attack openings generated from held-out rows only.
 *
 * Per detector and per label against benign: precision, recall and false-positive rate at the
 * default threshold 0.7, ROC AUC, recall at 1% FPR, recall by text length; the false-positive
 * rate on long benign role-play; latency per 1 KB and 10 KB (p50, p99) and MB/s.
 *
 *   bun run eval
 */
import { classify, type ClassifierName } from "../src/guardrails/classifier/classifier.ts";
import { piiTexts } from "../bench/lib/pii-texts.ts";
import { maskAsDefaultPolicy } from "./lib/default-masking.ts";
import { EVERYDAY_PROBES, EVERYDAY_PROBES_BLIND, EVERYDAY_PROBES_BLIND_2, EVERYDAY_PROBES_BLIND_3, EVERYDAY_TASKS, EVERYDAY_TASKS_BLIND } from "./lib/everyday-probes.ts";
import { forDetector, loadRows, splitRows, type Label, type Row } from "./lib/detector-data.ts";
import { rocAuc } from "./lib/roc.ts";

const THRESHOLD = 0.7;
const DETECTORS: readonly { name: string; classifier: ClassifierName; label: Label }[] = [
  { name: "PromptInjection", classifier: "injection", label: "injection" },
  { name: "Jailbreak", classifier: "jailbreak", label: "jailbreak" },
  { name: "HarmfulContent", classifier: "harmful", label: "harmful" },
];

/** Recall at the threshold that lets through 99% of the negatives. */
function recallAtFpr(scores: readonly number[], labels: readonly boolean[], fpr: number): number {
  const neg = scores.filter((_, i) => !labels[i]).sort((a, b) => b - a);
  const cut = neg[Math.floor(neg.length * fpr)] ?? 1;
  const pos = scores.filter((_, i) => labels[i]);
  return pos.filter((s) => s > cut).length / pos.length;
}

const pct = (x: number) => (Number.isNaN(x) ? "-" : (100 * x).toFixed(1));
const lengthBucket = (n: number) => (n < 200 ? "<200" : n <= 1000 ? "200-1000" : ">1000");

const all = loadRows();
const held = splitRows(all, "eval");
console.log(`held-out: ${held.length} rows (${held.filter((r) => r.generated).length} generated from held-out rows); threshold ${THRESHOLD}\n`);

console.log("| detector | vs | positives | benign | precision | recall | FPR | ROC AUC | recall @1% FPR | recall <200 | 200-1000 | >1000 |");
console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
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
    const tp = scores.filter((s, i) => labels[i] && s >= THRESHOLD).length;
    const fp = scores.filter((s, i) => !labels[i] && s >= THRESHOLD).length;
    const pos = labels.filter(Boolean).length;
    const neg = labels.length - pos;
    const byLength = ["<200", "200-1000", ">1000"].map((b) => {
      const inBucket = rows.map((r, i) => ({ r, s: scores[i]! })).filter(({ r }) => r.positive && lengthBucket(r.text.length) === b);
      return inBucket.length === 0 ? "-" : `${pct(inBucket.filter(({ s }) => s >= THRESHOLD).length / inBucket.length)} (${inBucket.length})`;
    });
    const own = label === d.label ? "**" : "";
    console.log(
      `| ${d.name} | ${own}${label}${own} | ${pos} | ${neg} | ${pct(tp / (tp + fp))} | ${pct(tp / pos)} | ${pct(fp / neg)} | ${rocAuc(scores, labels).toFixed(3)} | ${pct(recallAtFpr(scores, labels, 0.01))} | ${byLength.join(" | ")} |`,
    );
  }
}

// False positives on long benign role-play (generated from held-out role-play prompts).
const longRolePlay: Row[] = held.filter((r) => r.generated === "long-benign");
console.log(`\nlong benign texts (${longRolePlay.length}, 1-6 KB, role-play and other prompts joined): FPR at ${THRESHOLD}`);
for (const d of DETECTORS) {
  const fp = longRolePlay.filter((r) => scoreOf(d.classifier, r.text) >= THRESHOLD).length;
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
  { name: "the second blind list (stop 16)", texts: EVERYDAY_PROBES_BLIND_2.map(maskAsDefaultPolicy) },
  { name: "the third blind list (stop 16)", texts: EVERYDAY_PROBES_BLIND_3.map(maskAsDefaultPolicy) },
];
const taskLists = [
  { name: "the first list (task-synthetic.ts was written after it)", texts: EVERYDAY_TASKS.map(maskAsDefaultPolicy) },
  { name: "the blind list", texts: EVERYDAY_TASKS_BLIND.map(maskAsDefaultPolicy) },
];
const shortTurns = ["nah", "alright", "fine", "go for it", "please do", "not yet", "later", "right", "uh huh", "why so?", "carry on", "keep it up", "no way", "yes, do it", "hmm ok", "good", "thx", "ty", "k", "y"];
const trips = (c: ClassifierName, t: string) => scoreOf(c, t) >= THRESHOLD;
console.log(`\nheld-out rows masked as the default policy's pre_flight masks them (${masked.filter((r, i) => r.text !== held[i]!.text).length} of ${held.length} changed); at ${THRESHOLD}:`);
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

// Latency: benign prompts joined to 1 KB and 10 KB, each text new to the classifier.
const benign = all.filter((r) => r.label === "benign" && r.text.length > 80).map((r) => r.text);
const textOf = (size: number, seed: number) => {
  let s = "";
  for (let i = seed; s.length < size; i += 7) s += `${benign[(i * 7919) % benign.length]!} `;
  return s.slice(0, size);
};
console.log("\n| detector | p50 µs / 1 KB | p99 µs / 1 KB | p50 µs / 10 KB | p99 µs / 10 KB | MB/s (1 KB texts) |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const d of DETECTORS) {
  const row: string[] = [];
  let mbps = 0;
  for (const size of [1024, 10240]) {
    const texts = Array.from({ length: 200 }, (_, k) => textOf(size, k));
    for (const t of texts) classify(d.classifier, `${t}.`); // warm-up
    const lat: number[] = [];
    const t0 = performance.now();
    for (let r = 0; r < 5; r++) {
      for (const t of texts) {
        const u = `${t} ${r}`;
        const s = performance.now();
        classify(d.classifier, u);
        lat.push((performance.now() - s) * 1000);
      }
    }
    if (size === 1024) mbps = (texts.length * 5 * size) / 1e6 / ((performance.now() - t0) / 1000);
    lat.sort((a, b) => a - b);
    row.push(lat[lat.length >> 1]!.toFixed(0), lat[Math.floor(lat.length * 0.99)]!.toFixed(0));
  }
  console.log(`| ${d.name} (local) | ${row.join(" | ")} | ${mbps.toFixed(2)} |`);
}
