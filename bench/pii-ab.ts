/**
 * The PII engine (all types) and the SecretKeys masker of this checkout against another
 * checkout's, interleaved in one process (the machine's speed drifts too much between runs), on
 * 1 KB texts of four kinds:
 *   - personal data at a realistic density (bench/lib/pii-texts.ts),
 *   - ASCII prose without digits, brackets, `&`, `\` or a spelled "at" (the texts an evasion
 *     check must not slow down),
 *   - ASCII prose with those anchors but no value ("(see below)", "at noon", "&amp;"),
 *   - prose in other scripts with their own digits (Arabic, Hindi).
 * Reports the median over rounds of CPU µs per text for each, and this checkout's ratio to the other.
 *
 *   BENCH_OTHER_SRC=/path/to/other/checkout npx bun bench/pii-ab.ts   (BENCH_ROUNDS=9 BENCH_BLOCK_MS=200)
 */
import { ALL_ENTITY_TYPES } from "../src/guardrails/pii/entities.ts";
import { PiiEngine } from "../src/guardrails/pii/engine.ts";
import { createSecretKeysMasker } from "../src/guardrails/secret-keys/guardrail.ts";
import { median } from "./lib/load.ts";
import { piiTexts } from "./lib/pii-texts.ts";

const other = process.env.BENCH_OTHER_SRC;
if (!other) throw new Error("set BENCH_OTHER_SRC to the other checkout's directory");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 200);

type Scan = (text: string) => unknown;
const otherEngine = (await import(`${other}/src/guardrails/pii/engine.ts`)) as typeof import("../src/guardrails/pii/engine.ts");
const otherKeys = (await import(`${other}/src/guardrails/secret-keys/guardrail.ts`)) as typeof import("../src/guardrails/secret-keys/guardrail.ts");

const options = { entities: ALL_ENTITY_TYPES, allowList: [], detectEncoded: false };
const ours = new PiiEngine(options);
const theirs = new otherEngine.PiiEngine(options);
const oursKeys = createSecretKeysMasker({});
const theirsKeys = otherKeys.createSecretKeysMasker({});

/** Sentences joined up to about 1 KB, each text a different order so no cache or branch history is shared. */
function kilobytes(sentences: readonly string[], count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let text = "";
    for (let k = i; text.length < 1024; k += 3) text += sentences[k % sentences.length] + " ";
    out.push(text);
  }
  return out;
}

const PLAIN = [
  "The team agreed to revisit the migration plan once the current release is stable.",
  "Please keep this ticket open until we have verified the fix in production.",
  "The report should summarise the main risks and the steps we take to reduce them.",
  "Our integration calls the service every few minutes and handles retries with backoff.",
  "We have been customers for several years and the service has usually been reliable.",
  "Could you also confirm whether the new pricing applies to our existing contract?",
  "I tried clearing the cache, switching browsers and waiting a day, but nothing changed.",
];
const ANCHORED = [
  "We meet at noon (see the agenda below) and leave at five.",
  "Terms & conditions apply; the R&amp;D budget is shared [internal].",
  "The path C:\\Users\\shared holds {config} files we look at daily.",
  "Look at the summary (section two) before the call at ten.",
  "Replace [placeholder] with the team name, then send it (at your convenience).",
];
const SCRIPTS = [
  "تم تحديث التقرير في ١٢ مارس وسيتم مراجعته خلال ٣ أيام من قبل الفريق.",
  "रिपोर्ट १२ मार्च को अपडेट की गई और ३ दिनों में टीम इसकी समीक्षा करेगी।",
  "الاجتماع القادم في الساعة ١٠ صباحا في القاعة رقم ٤ بالطابق الثاني.",
  "बैठक सुबह १० बजे कमरा नंबर ४ में दूसरी मंज़िल पर होगी।",
];

const SETS: readonly { name: string; texts: readonly string[] }[] = [
  { name: "1 KB with personal data", texts: piiTexts(60, 1024) },
  { name: "1 KB ASCII prose, no anchors", texts: kilobytes(PLAIN, 60) },
  { name: "1 KB ASCII prose with ( [ & \\ and 'at'", texts: kilobytes(ANCHORED, 60) },
  { name: "1 KB Arabic and Hindi with their digits", texts: kilobytes(SCRIPTS, 60) },
];

/**
 * CPU µs per text (the process's user and system time, not wall time: on a shared machine the
 * scheduler's pauses would be measured too): as many passes over the texts as fit in BLOCK_MS
 * of CPU time.
 */
function block(scan: Scan, texts: readonly string[]): number {
  let n = 0;
  const c0 = process.cpuUsage();
  let used = 0;
  while (used < BLOCK_MS * 1000) {
    for (const t of texts) scan(t);
    n += texts.length;
    const c = process.cpuUsage(c0);
    used = c.user + c.system;
  }
  return used / n;
}

const targets: readonly { name: string; ours: Scan; theirs: Scan }[] = [
  { name: "PII engine", ours: (t) => ours.scan(t), theirs: (t) => theirs.scan(t) },
  { name: "SecretKeys", ours: (t) => oursKeys.mask(t), theirs: (t) => theirsKeys.mask(t) },
];

console.log(`| target | texts | this checkout CPU µs/text | ${other} CPU µs/text | ratio (median of rounds) |`);
console.log("|---|---|---:|---:|---:|");
for (const target of targets) {
  for (const set of SETS) {
    const a: number[] = [];
    const b: number[] = [];
    const ratios: number[] = [];
    block(target.ours, set.texts);
    block(target.theirs, set.texts);
    for (let r = 0; r < ROUNDS; r++) {
      // The order alternates, so a slow spell of the machine does not always hit the same one.
      const [x, y] = r % 2 === 0 ? [block(target.ours, set.texts), block(target.theirs, set.texts)] : [0, 0];
      const [yy, xx] = r % 2 === 1 ? [block(target.theirs, set.texts), block(target.ours, set.texts)] : [y, x];
      a.push(xx);
      b.push(yy);
      ratios.push(xx / yy);
    }
    console.log(`| ${target.name} | ${set.name} | ${median(a).toFixed(1)} | ${median(b).toFixed(1)} | ${median(ratios).toFixed(3)} |`);
  }
}
