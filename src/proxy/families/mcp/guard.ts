/**
 * The policy's stages on an MCP message's reading (reading.ts): what the client sends through
 * `pre_flight` and `input`, what the server sends through `output`, masked texts written back
 * in place, and a session's placeholders restored in what the client sends (DECISIONS §12).
 *
 * Every slot is given to the maskers; a slot the proxy never rewrites (a name, a URI, a schema's
 * property name) that a masker would rewrite stops the message, or withholds its list entry,
 * instead of reaching the other side unmasked.
 *
 * A result read in parts (a list's entries) is read and judged part by part, each as its own
 * stage; the parts' runs are folded into one per guardrail, and the event loop turns between
 * parts every few milliseconds, so a list of any length costs time in proportion to its size
 * and never holds other requests for longer than a slice.
 */
import type { RequestAudit } from "../../../audit/request-audit.ts";
import { restorePlaceholders } from "../../../guardrails/text/vault.ts";
import { runInputStages, runOutputStage } from "../../../pipeline/pipeline.ts";
import type { Block, GuardrailRun } from "../../../pipeline/types.ts";
import type { CompiledPolicy } from "../../../policy/compile.ts";
import type { StageName } from "../../../policy/schema.ts";
import type { McpGroup, McpReading, McpSlot } from "./reading.ts";
import type { McpSession } from "./sessions.ts";
import type { Shadow } from "../../shadow.ts";
import { Slicer } from "./slices.ts";
import { cutMasked } from "../../reading/neighbours.ts";

export interface McpGuardContext {
  readonly policy: CompiledPolicy;
  readonly audit: RequestAudit;
  readonly session?: McpSession;
  /** The policy's shadow (DECISIONS §14): it reads each message's texts as they arrived. */
  readonly shadow?: Shadow | null;
  /** The request's slices of the event loop, shared by all its messages. */
  readonly slicer?: Slicer;
}

/** A binary part under `unreadable_content: block` stops the message as a guardrail would. */
function unreadableBlock(policy: CompiledPolicy, reading: McpReading, stage: StageName): Block | null {
  if (policy.unreadableContent !== "block" || reading.unreadable.length === 0) return null;
  const kinds = [...new Set(reading.unreadable.map((u) => u.kind))].join(", ");
  return { guardrail: "unreadable_content", stage, cause: "enforced", message: `the message holds content no guardrail can read (${kinds}), and the policy blocks it (unreadable_content: block)` };
}

/** A masker rewrote a value the proxy never rewrites: the message stops rather than go on unmasked. */
function unrewritableBlock(runs: readonly GuardrailRun[], stage: StageName): Block {
  const masker = runs.find((r) => r.masked)?.name ?? "masking";
  return { guardrail: masker, stage, cause: "enforced", message: `${masker} guardrail triggered: it masks a value in a name, URI or schema key, which the proxy never rewrites` };
}

/** The client's message: its block, or null once its texts are masked and its placeholders restored. */
export async function guardClient(ctx: McpGuardContext, reading: McpReading): Promise<Block | null> {
  const { slots } = reading;
  // The shadow compares with what the live policy forwards: masked, before the session's values go back.
  const seen = ctx.shadow?.request(slots.map((s) => ({ role: "user" as const, text: s.text, masked: s.write !== undefined, judged: true })));
  const block = await maskClient(ctx, reading);
  if (block) {
    seen?.blocked();
    return block;
  }
  seen?.forwarded(slots.map(currentText));
  // The guardrails saw the placeholders; the server gets the values back.
  const vault = ctx.session?.vault;
  if (vault && vault.size > 0) for (const slot of slots) rewrite(slot, restorePlaceholders(currentText(slot), vault));
  reading.commit();
  return null;
}

/** The client's texts through `pre_flight` and `input`: their block, or null once masked texts are written back. */
async function maskClient(ctx: McpGuardContext, reading: McpReading): Promise<Block | null> {
  const { slots } = reading;
  const unreadable = unreadableBlock(ctx.policy, reading, "input");
  if (unreadable) return unreadable;
  if (slots.length === 0 || ctx.policy.stages.pre_flight.length + ctx.policy.stages.input.length === 0) return null;
  const pack = packed(slots);
  const verdict = await runInputStages(
    ctx.policy,
    pack.texts.map((text) => ({ role: "user" as const, text, masked: true, judged: true })),
    { trace: ctx.audit.trace },
  );
  recordRuns(ctx.audit, verdict.runs);
  if (verdict.block) return verdict.block;
  const texts = pack.unpack(verdict.segments.map((s) => s.text));
  if (!texts || slots.some((slot, i) => !slot.write && texts[i] !== slot.text)) return unrewritableBlock(verdict.runs, "pre_flight");
  slots.forEach((slot, i) => rewrite(slot, texts[i]!));
  return null;
}

export interface ServerVerdict {
  /** The whole message is blocked. */
  readonly block: Block | null;
  /** Parts (list entries by index, initialize members by key) that tripped: to withhold. */
  readonly blocked: ReadonlyMap<McpGroup, Block>;
}

/**
 * The server's message: its block, or null once its texts are masked (reversibly, with the
 * session's vault). Its parts (list entries, initialize members) are read and judged one by
 * one, the event loop turning every few milliseconds: `blocked` holds the parts that tripped an
 * enforcing guardrail (or hold unreadable content under `unreadable_content: block`), and the
 * rest are masked.
 */
export async function guardServer(ctx: McpGuardContext, reading: McpReading): Promise<ServerVerdict> {
  const blocked = new Map<McpGroup, Block>();
  const judging = ctx.policy.stages.output.length > 0;
  // The shadow reads the texts as they arrived and compares with what the live policy forwards.
  const shadowSlots: McpSlot[] | null = ctx.shadow ? [...reading.slots] : null;
  let liveBlocked = false;
  const unreadable = unreadableBlock(ctx.policy, reading, "output");
  const runs: GuardrailRun[] = [];
  try {
    if (unreadable) {
      liveBlocked = true;
      return { block: unreadable, blocked };
    }
    if (judging && reading.slots.length > 0) {
      const block = await judgeServerSlots(ctx, reading.slots, runs);
      if (block) {
        liveBlocked = true;
        return { block, blocked };
      }
      reading.commit();
    }
    if (!judging && !shadowSlots) return { block: null, blocked };
    const slicer = ctx.slicer ?? new Slicer();
    for (const part of reading.parts) {
      await slicer.turn();
      const partReading = await part.readSliced(slicer);
      if (shadowSlots) for (const slot of partReading.slots) shadowSlots.push(slot);
      if (!judging) continue;
      const block = unreadableBlock(ctx.policy, partReading, "output") ?? (partReading.slots.length > 0 ? await judgeServerSlots(ctx, partReading.slots, runs) : null);
      if (block) blocked.set(part.group, block);
      else partReading.commit();
    }
  } finally {
    if (shadowSlots) {
      const seen = ctx.shadow?.answer(shadowSlots.map((s) => s.text));
      // A list entry withheld is something the live policy does not forward.
      if (liveBlocked || blocked.size > 0) seen?.blocked();
      else seen?.forwarded(shadowSlots.map(currentText));
    }
    recordRuns(ctx.audit, runs);
  }
  return { block: null, blocked };
}

/** One output stage over slots: their block, or null once the masked texts are written back. */
async function judgeServerSlots(ctx: McpGuardContext, slots: readonly McpSlot[], runs: GuardrailRun[]): Promise<Block | null> {
  const pack = packed(slots);
  const verdict = await runOutputStage(
    ctx.policy,
    pack.texts,
    { masked: pack.texts.map(() => true), trace: ctx.audit.trace, ...(ctx.session?.vaultWithRoom ? { vault: ctx.session.vaultWithRoom } : {}) },
  );
  for (const run of verdict.runs) runs.push(run);
  if (verdict.block) return verdict.block;
  const texts = pack.unpack(verdict.texts ?? pack.texts);
  if (!texts || slots.some((slot, i) => !slot.write && texts[i] !== slot.text)) return unrewritableBlock(verdict.runs, "output");
  slots.forEach((slot, i) => rewrite(slot, texts[i]!));
  return null;
}

/** A one-word text: a key, a name, an id, a short value. */
const WORD = /^\S{1,64}$/;

/**
 * The stage's segments for a message's slots: one-word texts (keys, names, ids) read together
 * as one segment, a line each; neighbouring text parts of one list (McpSlot.joint) read as one
 * text, joined as they are, so a value split across them is whole; the rest one segment each. A
 * tiny segment costs a masker about as much as a sentence, and a message holds many; read
 * together they are also read with their neighbours (`phone` beside its number). `unpack` gives
 * each slot its text after the stage (a joined text cut back into its parts, cutMasked), or null
 * when a masker rewrote across the word lines (the message then stops rather than guess).
 */
function packed(slots: readonly McpSlot[]): { readonly texts: string[]; unpack(out: readonly string[]): string[] | null } {
  const words: number[] = [];
  const texts: string[] = [];
  /** Segments of one or more consecutive slots. */
  const runs: { readonly segment: number; readonly slots: number[] }[] = [];
  let joined: { readonly segment: number; readonly slots: number[] } | null = null;
  slots.forEach((slot, i) => {
    if (slot.joint !== undefined && joined !== null && slots[i - 1]?.joint === slot.joint && joined.slots.at(-1) === i - 1) {
      joined.slots.push(i);
      texts[joined.segment] += slot.text;
      return;
    }
    joined = null;
    if (slot.joint === undefined && WORD.test(slot.text)) {
      words.push(i);
      return;
    }
    const run = { segment: texts.push(slot.text) - 1, slots: [i] };
    runs.push(run);
    if (slot.joint !== undefined) joined = run;
  });
  if (words.length === 1) {
    const only = words.pop()!;
    runs.push({ segment: texts.push(slots[only]!.text) - 1, slots: [only] });
  }
  const wordSegment = words.length > 0 ? texts.push(words.map((i) => slots[i]!.text).join("\n")) - 1 : -1;
  return {
    texts,
    unpack(out) {
      const result: string[] = new Array<string>(slots.length).fill("");
      for (const run of runs) {
        if (run.slots.length === 1) result[run.slots[0]!] = out[run.segment]!;
        else cutMasked(run.slots.map((i) => slots[i]!.text), out[run.segment]!).forEach((piece, k) => (result[run.slots[k]!] = piece));
      }
      if (wordSegment === -1) return result;
      const lines = out[wordSegment]!.split("\n");
      if (lines.length !== words.length) return null;
      words.forEach((slot, line) => (result[slot] = lines[line]!));
      return result;
    },
  };
}

/** Where each guardrail and stage sits in a request's folded runs (keyed by the runs array). */
const foldedIndex = new WeakMap<GuardrailRun[], Map<string, number>>();

/**
 * A message's runs added to the request's, folded into one per guardrail and stage: a batch or a
 * stream of many messages keeps a log line of one entry per guardrail, and adding a message's
 * runs costs the same whatever came before (copying the whole list each time was quadratic).
 */
function recordRuns(audit: RequestAudit, runs: readonly GuardrailRun[]): void {
  if (runs.length === 0) return;
  let index = foldedIndex.get(audit.runs);
  if (!index) {
    const folded = foldRuns(audit.runs);
    index = new Map(folded.map((run, i) => [runKey(run), i]));
    audit.runs = folded;
    foldedIndex.set(folded, index);
  }
  for (const run of runs) {
    const key = runKey(run);
    const at = index.get(key);
    if (at === undefined) index.set(key, audit.runs.push(run) - 1);
    else audit.runs[at] = mergedRun(audit.runs[at]!, run);
  }
}

function runKey(run: GuardrailRun): string {
  return `${run.name}\u0000${run.stage}`;
}

/** One run per guardrail and stage for a message judged in parts: the log line stays one line, whatever the list's length. */
export function foldRuns(runs: readonly GuardrailRun[]): GuardrailRun[] {
  const byName = new Map<string, GuardrailRun>();
  for (const run of runs) {
    const key = runKey(run);
    const seen = byName.get(key);
    byName.set(key, seen ? mergedRun(seen, run) : run);
  }
  return [...byName.values()];
}

/** Two runs of one guardrail and stage as one: tripped, enforced or masked if either was. */
function mergedRun(seen: GuardrailRun, run: GuardrailRun): GuardrailRun {
  const first = seen.tripped || !run.tripped ? seen : run;
  return {
    ...first,
    tripped: seen.tripped || run.tripped,
    enforced: seen.enforced || run.enforced,
    ...(seen.masked || run.masked ? { masked: true } : {}),
    labels: seen.labels.length >= 32 || run.labels.length === 0 ? seen.labels : [...new Set([...seen.labels, ...run.labels])],
    ...(seen.seconds !== undefined || run.seconds !== undefined ? { seconds: (seen.seconds ?? 0) + (run.seconds ?? 0) } : {}),
  };
}

/** The text a slot now holds (rewritten or not). */
const written = new WeakMap<McpSlot, string>();

function currentText(slot: McpSlot): string {
  return written.get(slot) ?? slot.text;
}

function rewrite(slot: McpSlot, text: string): void {
  if (!slot.write || text === currentText(slot)) return;
  slot.write(text);
  written.set(slot, text);
}
