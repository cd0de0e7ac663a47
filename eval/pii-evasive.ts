/**
 * `npx bun eval/pii-evasive.ts`: the blind list of evasive personal data and near misses
 * (eval/lib/evasive-pii-probes.ts) through the PII and SecretKeys guardrails as the shipped
 * default policy configures them, three ways:
 *   - input masking: every letter and digit of the value is replaced (PII with its default
 *     settings, SecretKeys at `balanced`);
 *   - output blocking: the same guardrails with `block: true` trip on the text;
 *   - streamed: the text sent one character at a time through the stream guard with those
 *     blocking checks: the stream is blocked and no character of the value was released.
 * Near misses pass when neither guardrail changes or blocks them.
 * `--list` prints each probe's outcome.
 */
import { createPiiMasker } from "../src/guardrails/pii/guardrail.ts";
import { createSecretKeysMasker } from "../src/guardrails/secret-keys/guardrail.ts";
import type { Masker } from "../src/guardrails/types.ts";
import type { Block, GuardrailRun } from "../src/pipeline/types.ts";
import { DEFAULT_STREAM_HOLDBACK } from "../src/settings.ts";
import { StreamGuard } from "../src/streaming/stream-guard.ts";
import type { ValueChecks, ValueFinding } from "../src/streaming/value-checks.ts";
import { EVASIVE_NEAR_MISSES, EVASIVE_VALUES, type EvasiveProbe } from "./lib/evasive-pii-probes.ts";

const maskers: Record<EvasiveProbe["guardrail"], Masker> = {
  PII: createPiiMasker({}),
  SecretKeys: createSecretKeysMasker({ threshold: "balanced" }),
};
const blockers: Record<EvasiveProbe["guardrail"], Masker> = {
  PII: createPiiMasker({ block: true }),
  SecretKeys: createSecretKeysMasker({ threshold: "balanced", block: true }),
};

const SIGNIFICANT = /[\p{L}\p{N}]/u;

/** Whether every letter and digit of `text[from, to)` lies inside one of the masked spans. */
function covered(spans: readonly { start: number; end: number }[], from: number, to: number, text: string): boolean {
  for (let i = from; i < to; i++) {
    if (!SIGNIFICANT.test(text[i]!)) continue;
    if (!spans.some((s) => s.start <= i && i < s.end)) return false;
  }
  return true;
}

function masks(p: EvasiveProbe): boolean {
  const at = p.text.indexOf(p.value);
  if (at < 0) throw new Error(`probe value not in its text: ${p.form}`);
  const outcome = maskers[p.guardrail].mask(p.text);
  return covered(outcome.spans ?? [], at, at + p.value.length, p.text);
}

function blocks(p: EvasiveProbe): boolean {
  return blockers[p.guardrail].mask(p.text).tripped;
}

const BLOCK: { run: GuardrailRun; block: Block } = {
  run: { name: "probe", stage: "output", tripped: true, enforced: true, labels: [], info: {} },
  block: { guardrail: "probe", stage: "output", cause: "enforced", message: "blocked" },
};

function blockingChecks(masker: Masker): ValueChecks {
  return {
    openPrefix: masker.openPrefix ? (tail) => masker.openPrefix!(tail) : null,
    find(window: string): ValueFinding[] {
      const outcome = masker.mask(window);
      if (!outcome.tripped) return [];
      return (outcome.spans ?? []).map((s) => ({ start: s.start, end: s.end, block: BLOCK }));
    },
  };
}

/** Sent a character at a time: blocked, and nothing of the value released before the block. */
function streamBlocks(p: EvasiveProbe): boolean {
  const at = p.text.indexOf(p.value);
  const guard = new StreamGuard(blockingChecks(blockers[p.guardrail]), null, DEFAULT_STREAM_HOLDBACK);
  let released = "";
  for (const ch of p.text) {
    const r = guard.add("k", ch);
    released += r.text;
    if (r.block) return !SIGNIFICANT.test(released.slice(at));
  }
  const r = guard.flush("k");
  released += r.text;
  return r.block !== undefined && !SIGNIFICANT.test(released.slice(at));
}

function untouched(text: string): boolean {
  return (["PII", "SecretKeys"] as const).every((g) => {
    const masked = maskers[g].mask(text);
    return masked.text === text && !blockers[g].mask(text).tripped;
  });
}

const list = process.argv.includes("--list");
let masked = 0;
let blocked = 0;
let streamed = 0;
for (const p of EVASIVE_VALUES) {
  const m = masks(p);
  const b = blocks(p);
  const s = streamBlocks(p);
  masked += Number(m);
  blocked += Number(b);
  streamed += Number(s);
  if (list) console.log(`${m ? "masked " : "MISSED "} ${b ? "blocked" : "PASSED "} ${s ? "stream-blocked" : "STREAM-LEAKED "}  ${p.form}`);
}
let kept = 0;
for (const text of EVASIVE_NEAR_MISSES) {
  const ok = untouched(text);
  kept += Number(ok);
  if (list && !ok) console.log(`CHANGED near miss: ${JSON.stringify(text)} -> ${JSON.stringify(maskers.PII.mask(maskers.SecretKeys.mask(text).text).text)}`);
}
const n = EVASIVE_VALUES.length;
const pct = (k: number, of: number) => `${k}/${of} (${((100 * k) / of).toFixed(1)}%)`;
console.log("| evasive values | masked on input | blocked on output | blocked streamed, nothing leaked |");
console.log("|---|---:|---:|---:|");
console.log(`| ${n} | ${pct(masked, n)} | ${pct(blocked, n)} | ${pct(streamed, n)} |`);
console.log("");
console.log(`Near misses left untouched by PII and SecretKeys: ${pct(kept, EVASIVE_NEAR_MISSES.length)}`);
