/**
 * `bun run train:ner`: trains the PERSON / LOCATION / NRP tagger and writes
 * src/guardrails/pii/ner/model.bin. Deterministic (seeded shuffles).
 *
 * Data: ../shared/data/pii/dev.jsonl (presidio-research synthetic sentences) plus the
 * synthetic sentences of scripts/ner-synthetic.ts (faker names and places in many locales).
 * Model: averaged perceptron over hashed features (src/guardrails/pii/ner/features.ts),
 * greedy decoding with the predicted previous tag, as at inference.
 *
 * Before the final model it reports 5-fold cross-validation on dev.jsonl (train on four
 * folds plus the synthetic sentences, test on the fifth): the honest estimate, since
 * `bun run eval:pii` then scores a model that has seen all of dev.jsonl.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadDev, type LabelledText } from "../eval/lib/dev-data.ts";
import { mulberry32 } from "../eval/lib/random.ts";
import { addTokenCounts, prf, sumCounts, type Counts, type Span } from "../eval/lib/token-metrics.ts";
import { featuresAt, MAX_FEATURES, TAG_COUNT, TAGS, worthScoring, type Tag } from "../src/guardrails/pii/ner/features.ts";
import { hashWord } from "../src/guardrails/pii/ner/hash.ts";
import { lexicon } from "../src/guardrails/pii/ner/lexicon.ts";
import { serializeModel, type Model } from "../src/guardrails/pii/ner/model.ts";
import { PiiEngine } from "../src/guardrails/pii/engine.ts";
import { argmax, scoreInto, tag } from "../src/guardrails/pii/ner/tagger.ts";
import { spansFromTags } from "../src/guardrails/pii/ner/spans.ts";
import { tokenize, type Tokens } from "../src/guardrails/pii/ner/tokens.ts";
import { FLAGS } from "../src/guardrails/pii/ner/flags.ts";
import { flagsAt, Shape } from "../src/guardrails/pii/ner/tokens.ts";
import { benignPrompts, fakerSentences, formatSentences, germanPrompts, germanSentences, heldOutBenignPrompts, ordinarySentences } from "./ner-synthetic.ts";

const BITS = Number(process.env.NER_BITS ?? 16);
const EPOCHS = Number(process.env.NER_EPOCHS ?? 10);
/** dev.jsonl rows count this many times in training: the target distribution outweighs the extras. */
const DEV_REPEAT = Number(process.env.NER_DEV_REPEAT ?? 2);
const OUT = join(import.meta.dir, "..", "src", "guardrails", "pii", "ner", "model.bin");

/** A token whose tag the training data does not know: no update is made on it. */
const UNKNOWN = 255;

interface Example {
  readonly text: string;
  readonly tokens: Tokens;
  /** Gold tag per token, or UNKNOWN. */
  readonly gold: Uint8Array;
  readonly spans: readonly Span[];
}

const NAME_OR_PLACE = FLAGS.FIRST_NAME | FLAGS.LAST_NAME | FLAGS.CITY | FLAGS.CITY_PART | FLAGS.COUNTRY | FLAGS.COUNTRY_PART | FLAGS.STATE | FLAGS.NRP;
const NOT_AN_ENTITY = FLAGS.TECH | FLAGS.COMMON | FLAGS.ORG;

/**
 * An ordinary prompt, partially labelled: a word the lexicon knows as a name or place (and not
 * as a technical or common word) is UNKNOWN; everything else is O.
 */
function toPartialExample(text: string): Example {
  const tokens = tokenize(text, lexicon());
  const gold = new Uint8Array(tokens.count);
  for (let i = 0; i < tokens.count; i++) {
    const f = flagsAt(tokens, i);
    if (tokens.shape[i] !== Shape.LOWER && f & NAME_OR_PLACE && !(f & NOT_AN_ENTITY)) gold[i] = UNKNOWN;
  }
  return { text, tokens, gold, spans: [] };
}

/** German articles and prepositions with an article: a capitalised word after one is a noun. */
const GERMAN_ARTICLES = new Set(
  "der die das den dem des ein eine einen einem einer eines im am zum zur vom beim ins meine meinen meinem mein ihre ihren unser unsere diese dieser diesen".split(" ").map(hashWord),
);

/**
 * A German prompt, partially labelled: a capitalised word right after an article is a noun (O);
 * other capitalised words the lexicon does not know as common are left unlabelled (UNKNOWN),
 * since they may be names; lower-case words are O. Labelling every capitalised word O taught
 * the tagger that unknown capitalised words ending like German nouns ("-er") are not names,
 * which cost English surnames.
 */
function toGermanPartialExample(text: string): Example {
  const example = toPartialExample(text);
  const { tokens, gold } = example;
  for (let i = 0; i < tokens.count; i++) {
    if (tokens.shape[i] === Shape.LOWER || gold[i] === UNKNOWN) continue;
    const afterArticle = i > 0 && GERMAN_ARTICLES.has(tokens.hash[i - 1]!);
    if (!afterArticle && !(flagsAt(tokens, i) & FLAGS.COMMON)) gold[i] = UNKNOWN;
  }
  return example;
}

function toExample(row: LabelledText): Example {
  const tokens = tokenize(row.text, lexicon());
  const gold = new Uint8Array(tokens.count);
  for (let i = 0; i < tokens.count; i++) {
    const s = tokens.start[i]!;
    const e = tokens.end[i]!;
    for (const span of row.spans) {
      const k = TAGS.indexOf(span.type as (typeof TAGS)[number]);
      if (k <= 0) continue;
      const overlap = Math.min(e, span.end) - Math.max(s, span.start);
      if (overlap * 2 >= e - s) gold[i] = k;
    }
  }
  return { text: row.text, tokens, gold, spans: row.spans };
}


function shuffle<T>(xs: T[], rand: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/** Averaged perceptron: w is the current vector, u accumulates updates weighted by time. */
function train(examples: readonly Example[], seed: number): Model {
  const size = (1 << BITS) * TAG_COUNT;
  const mask = (1 << BITS) - 1;
  const w = new Float32Array(size);
  const u = new Float64Array(size);
  const model: Model = { bits: BITS, weights: w };
  const feats = new Uint32Array(MAX_FEATURES);
  const scores = new Float32Array(TAG_COUNT);
  const rand = mulberry32(seed);
  let c = 1;
  const order = [...examples];
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (const ex of shuffle(order, rand)) {
      let prev: Tag = 0;
      for (let i = 0; i < ex.tokens.count; i++) {
        let pred: Tag = 0;
        if (worthScoring(ex.tokens, i, prev)) {
          const n = featuresAt(ex.tokens, i, prev, feats);
          scoreInto(model, feats, n, scores);
          pred = argmax(scores);
          const gold = ex.gold[i] as Tag;
          if (pred !== gold && ex.gold[i] !== UNKNOWN) {
            for (let f = 0; f < n; f++) {
              const row = (feats[f]! & mask) * TAG_COUNT;
              w[row + gold]! += 1;
              u[row + gold]! += c;
              w[row + pred]! -= 1;
              u[row + pred]! -= c;
            }
          }
        }
        prev = pred;
        c++;
      }
    }
  }
  for (let i = 0; i < size; i++) w[i] = w[i]! - u[i]! / c;
  return model;
}

/** DATE_TIME comes from rules, not from this model: added so the group score matches eval:pii's. */
const dates = new PiiEngine({ entities: ["DATE_TIME"], allowList: [], detectEncoded: false });
const GROUP = ["PERSON", "LOCATION", "NRP", "DATE_TIME"];

function evaluate(model: Model, examples: readonly Example[]): Map<string, Counts> {
  const counts = new Map<string, Counts>();
  for (const ex of examples) {
    const tags = tag(model, ex.tokens);
    const predicted = spansFromTags(ex.tokens, tags).map((s) => ({ type: s.entity as string, start: s.start, end: s.end }));
    for (const d of dates.scan(ex.text).detections) predicted.push({ type: d.entity, start: d.start, end: d.end });
    const gold = ex.spans.filter((s) => GROUP.includes(s.type));
    addTokenCounts(counts, ex.text, gold, predicted);
  }
  return counts;
}

const dev = loadDev().map(toExample);
const synthetic = [
  ...fakerSentences().map(toExample),
  ...formatSentences().map(toExample),
  ...ordinarySentences().map(toExample),
  ...germanSentences().map(toExample),
  ...benignPrompts().map(toPartialExample),
  ...germanPrompts().map(toGermanPartialExample),
];
console.log(`dev: ${dev.length} texts; extra: ${synthetic.length} texts; ${BITS}-bit feature table; ${EPOCHS} epochs`);

/** Detections per KB of ordinary prompts never trained on: each is a false positive or a real mention. */
function falsePositiveRate(model: Model): string {
  let chars = 0;
  const counts: Record<string, number> = { PERSON: 0, LOCATION: 0, NRP: 0 };
  for (const text of heldOutBenignPrompts()) {
    chars += text.length;
    const tokens = tokenize(text, lexicon());
    for (const s of spansFromTags(tokens, tag(model, tokens))) counts[s.entity]!++;
  }
  return Object.entries(counts)
    .map(([k, v]) => `${k} ${((v / chars) * 1024).toFixed(2)}/KB`)
    .join(", ");
}

function repeat<T>(xs: readonly T[]): T[] {
  return Array.from({ length: DEV_REPEAT }, () => xs).flat();
}

const folds = 5;
const total = new Map<string, Counts>();
for (let k = 0; k < folds; k++) {
  const test = dev.filter((_, i) => i % folds === k);
  const trainSet = [...repeat(dev.filter((_, i) => i % folds !== k)), ...synthetic];
  const counts = evaluate(train(trainSet, 100 + k), test);
  for (const [type, c] of counts) {
    const t = total.get(type) ?? { tp: 0, fp: 0, fn: 0 };
    total.set(type, { tp: t.tp + c.tp, fp: t.fp + c.fp, fn: t.fn + c.fn });
  }
}
console.log(`\n${folds}-fold cross-validation on dev.jsonl, token level (tagger, plus the DATE_TIME rules):`);
for (const type of GROUP) {
  const m = prf(total.get(type));
  console.log(`  ${type.padEnd(9)} P ${m.p.toFixed(3)}  R ${m.r.toFixed(3)}  F1 ${m.f1.toFixed(3)}  (support ${m.support})`);
}
const tagged = prf(sumCounts(total, ["PERSON", "LOCATION", "NRP"]));
console.log(`  P+L+N     P ${tagged.p.toFixed(3)}  R ${tagged.r.toFixed(3)}  F1 ${tagged.f1.toFixed(3)}`);
const all = prf(sumCounts(total, GROUP));
console.log(`  together  P ${all.p.toFixed(3)}  R ${all.r.toFixed(3)}  F1 ${all.f1.toFixed(3)}  (PERSON+LOCATION+NRP+DATE_TIME, the issue's group)`);
const fold0 = train([...repeat(dev.filter((_, i) => i % folds !== 0)), ...synthetic], 100);
console.log(`detections in ${heldOutBenignPrompts().length} held-out ordinary prompts (fold-0 model): ${falsePositiveRate(fold0)}`);
if (process.argv.includes("--show-prompt-detections")) {
  const seen: string[] = [];
  for (const text of heldOutBenignPrompts()) {
    const tokens = tokenize(text, lexicon());
    for (const s of spansFromTags(tokens, tag(fold0, tokens))) seen.push(`${s.entity}:${text.slice(s.start, s.end)}`);
  }
  console.log(seen.slice(0, 120).join(" | "));
}

if (!process.argv.includes("--cv-only")) {
  const model = train([...repeat(dev), ...synthetic], 7);
  writeFileSync(OUT, serializeModel(model));
  console.log(`\nwrote ${OUT}`);
}
