/**
 * The policy's stages on an MCP message's reading (reading.ts): what the client sends through
 * `pre_flight` and `input`, what the server sends through `output`, masked texts written back
 * in place, and a session's placeholders restored in what the client sends (DECISIONS §12).
 */
import type { RequestAudit } from "../../../audit/request-audit.ts";
import { restorePlaceholders } from "../../../guardrails/text/vault.ts";
import { runInputStages, runOutputStage } from "../../../pipeline/pipeline.ts";
import type { Block } from "../../../pipeline/types.ts";
import type { CompiledPolicy } from "../../../policy/compile.ts";
import type { McpReading, McpSlot } from "./reading.ts";
import type { McpSession } from "./sessions.ts";
import type { Shadow } from "../../shadow.ts";

export interface McpGuardContext {
  readonly policy: CompiledPolicy;
  readonly audit: RequestAudit;
  readonly session?: McpSession;
  /** The policy's shadow (DECISIONS §14): it reads each message's texts as they arrived. */
  readonly shadow?: Shadow | null;
}

/** A binary part under `unreadable_content: block` stops the message as a guardrail would. */
function unreadableBlock(policy: CompiledPolicy, reading: McpReading): Block | null {
  if (policy.unreadableContent !== "block" || reading.unreadable.length === 0) return null;
  const kinds = [...new Set(reading.unreadable.map((u) => u.kind))].join(", ");
  return { guardrail: "unreadable_content", stage: "input", cause: "enforced", message: `the message holds content no guardrail can read (${kinds}), and the policy blocks it (unreadable_content: block)` };
}

/** The client's message: its block, or null once its texts are masked and its placeholders restored. */
export async function guardClient(ctx: McpGuardContext, reading: McpReading): Promise<Block | null> {
  const { slots } = reading;
  // The shadow compares with what the live policy forwards: masked, before the session's values go back.
  const seen = ctx.shadow?.request(slots.map((s) => ({ role: "user" as const, text: s.text, masked: s.write !== undefined, judged: true })));
  const unreadable = unreadableBlock(ctx.policy, reading);
  if (unreadable) {
    seen?.blocked();
    return unreadable;
  }
  if (slots.length === 0 || ctx.policy.stages.pre_flight.length + ctx.policy.stages.input.length === 0) seen?.forwarded(slots.map((s) => s.text));
  else {
    const verdict = await runInputStages(
      ctx.policy,
      slots.map((s) => ({ role: "user" as const, text: s.text, masked: s.write !== undefined, judged: true })),
      { trace: ctx.audit.trace },
    );
    ctx.audit.runs = [...ctx.audit.runs, ...verdict.runs];
    if (verdict.block) {
      seen?.blocked();
      return verdict.block;
    }
    seen?.forwarded(slots.map((_, i) => verdict.segments[i]!.text));
    slots.forEach((slot, i) => rewrite(slot, verdict.segments[i]!.text));
  }
  // The guardrails saw the placeholders; the server gets the values back.
  const vault = ctx.session?.vault;
  if (vault && vault.size > 0) for (const slot of slots) rewrite(slot, restorePlaceholders(currentText(slot), vault));
  return null;
}

/**
 * The server's message: its block, or null once its texts are masked (reversibly, with the
 * session's vault). A list result is judged entry by entry: `blocked` holds the entries (by
 * index) that tripped an enforcing guardrail, and the rest are masked.
 */
export async function guardServer(ctx: McpGuardContext, reading: McpReading): Promise<{ readonly block: Block | null; readonly blocked: ReadonlyMap<number, Block> }> {
  const blocked = new Map<number, Block>();
  const seen = ctx.shadow?.answer(reading.slots.map((s) => s.text));
  const unreadable = unreadableBlock(ctx.policy, reading);
  if (unreadable) {
    seen?.blocked();
    return { block: { ...unreadable, stage: "output" }, blocked };
  }
  if (reading.slots.length === 0 || ctx.policy.stages.output.length === 0) {
    seen?.forwarded(reading.slots.map((s) => s.text));
    return { block: null, blocked };
  }
  // What the live policy forwards, slot by slot, for the shadow's comparison.
  const forwarded = new Map<McpSlot, string>();
  const groups = new Map<number | undefined, McpSlot[]>();
  for (const slot of reading.slots) {
    let list = groups.get(slot.group);
    if (!list) groups.set(slot.group, (list = []));
    list.push(slot);
  }
  for (const [group, slots] of groups) {
    const verdict = await runOutputStage(
      ctx.policy,
      slots.map((s) => s.text),
      { masked: slots.map((s) => s.write !== undefined), trace: ctx.audit.trace, ...(ctx.session?.vaultWithRoom ? { vault: ctx.session.vaultWithRoom } : {}) },
    );
    ctx.audit.runs = [...ctx.audit.runs, ...verdict.runs];
    if (verdict.block) {
      if (group === undefined) {
        seen?.blocked();
        return { block: verdict.block, blocked };
      }
      blocked.set(group, verdict.block);
      continue;
    }
    slots.forEach((slot, i) => forwarded.set(slot, verdict.texts?.[i] ?? slot.text));
    slots.forEach((slot, i) => rewrite(slot, verdict.texts?.[i] ?? slot.text));
  }
  // A list entry withheld is something the live policy does not forward.
  if (blocked.size > 0) seen?.blocked();
  else seen?.forwarded(reading.slots.map((s) => forwarded.get(s) ?? s.text));
  return { block: null, blocked };
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
