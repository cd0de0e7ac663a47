/**
 * Scan cache on growing conversations, in process (no HTTP): 30 chat conversations going on at
 * once, 10 turns each, every request resending the whole conversation so far, as chat clients
 * do (1 KB user messages with PII, 1 KB answers), through the input stages of a policy that
 * masks every PII type in `pre_flight`. Three engines take turns, 5 rounds, median:
 *   - no cache (SVC_GUARDRAILS_PII_CACHE=0),
 *   - the cache without the pipeline's hint: texts kept from their second sighting only,
 *   - the cache as served: a request's messages kept at once when it holds an assistant turn.
 *
 *   bun bench/conversation.ts    (BENCH_ROUNDS=5)
 */
import type { Masker } from "../src/guardrails/types.ts";
import { runInputStages } from "../src/pipeline/pipeline.ts";
import type { Segment } from "../src/pipeline/types.ts";
import { compilePolicy, type CompiledPolicy } from "../src/policy/compile.ts";
import { median } from "./lib/load.ts";
import { supportMessage1k } from "./lib/texts.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONVERSATIONS = 30;
const TURNS = 10;

function piiPolicy(cacheTexts: number): CompiledPolicy {
  const compiled = compilePolicy("pii", { version: 1, pre_flight: { version: 1, guardrails: [{ name: "PII" }] } }, { piiCacheTexts: cacheTexts });
  if (!compiled.ok) throw new Error("the benchmark policy does not compile");
  return compiled.policy;
}

/** The same policy with its masker deaf to the pipeline's hint (the cache's second-sighting rule alone). */
function withoutHint(policy: CompiledPolicy): CompiledPolicy {
  const pre_flight = policy.stages.pre_flight.map((entry) => {
    const masker = entry.guardrail as Masker;
    return { ...entry, guardrail: { ...masker, mask: (text: string) => masker.mask(text) } };
  });
  return { ...policy, stages: { ...policy.stages, pre_flight } };
}

const engines: Record<string, () => CompiledPolicy> = {
  "no cache": () => piiPolicy(0),
  "cache, second sighting only": () => withoutHint(piiPolicy(1000)),
  "cache as served": () => piiPolicy(1000),
};

/** Milliseconds for all conversations' turns through a fresh policy (a fresh, empty cache). */
async function run(policy: CompiledPolicy): Promise<number> {
  const conversations: Segment[][] = Array.from({ length: CONVERSATIONS }, () => []);
  const t0 = performance.now();
  for (let turn = 0; turn < TURNS; turn++) {
    for (const c of conversations) {
      c.push({ role: "user", text: supportMessage1k(), masked: true, judged: true });
      await runInputStages(policy, c);
      c.push({ role: "assistant", text: `Thanks. ${supportMessage1k()}`, masked: true, judged: false });
    }
  }
  return performance.now() - t0;
}

for (const make of Object.values(engines)) await run(make()); // warm-up: JIT, lexicon, tagger
const times: Record<string, number[]> = {};
for (let r = 0; r < ROUNDS; r++) for (const [name, make] of Object.entries(engines)) (times[name] ??= []).push(await run(make()));

const requests = CONVERSATIONS * TURNS;
console.log(`${CONVERSATIONS} conversations x ${TURNS} turns (${requests} requests, 1 KB messages), PII pre_flight, input stages in process; median of ${ROUNDS} rounds\n`);
console.log("| engine | ms for all requests | µs per request | rounds (ms) |");
console.log("|---|---:|---:|---|");
for (const [name, xs] of Object.entries(times)) {
  const m = median(xs);
  console.log(`| ${name} | ${m.toFixed(1)} | ${((m * 1000) / requests).toFixed(0)} | ${xs.map((x) => x.toFixed(0)).join(" / ")} |`);
}
