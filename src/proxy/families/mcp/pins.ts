/**
 * Tool pins (DECISIONS §15): the first definition of each tool a server lists is pinned (a
 * digest of the whole definition as the server sent it, key order aside); a later
 * listing with another definition under the same name is a changed tool, a "rug pull". The
 * entry's `on_tool_change` decides: `quarantine` (default) removes it from the list and refuses
 * its calls like a poisoned tool, `alert` lets it through; either way a warning names server and
 * tool and `guardrail_proxy_mcp_tool_changes_total{server}` counts it. Pins live in the store
 * (every replica sees the same), until `guardrail-proxy mcp-pins --reset SERVER`.
 */
import { createHash } from "node:crypto";
import { callerValue } from "../../../log/caller-value.ts";
import type { Logger } from "../../../log/logger.ts";
import type { Metrics } from "../../../metrics/metrics.ts";
import type { Block } from "../../../pipeline/types.ts";
import { isObject } from "../../../schema/json.ts";
import type { StateStore } from "../../../state/store.ts";
import { Slicer } from "./slices.ts";

/** Tools pinned per listing, and per server: the ones beyond are judged as before, unpinned. Pins are never dropped to make room (a server flooding names must not unpin a tool). */
const MAX_PINNED = 10_000;

/** `v2`: digests of the whole definition (pins of the former, partial digests are not compared with them). */
export const pinsKey = (server: string) => `mcp:pins:v2:${server}`;

export interface ToolDefinition {
  /** Its index in the listing. */
  readonly index: number;
  readonly name: string;
  readonly digest: string;
}

/**
 * The definitions of a `tools/list` result as the server sent them (before any guardrail
 * rewrote a description), the event loop turning between slices of the work: one definition of
 * 600,000 schema properties is digested without holding other callers.
 */
export async function toolDefinitions(result: unknown, slicer: { turn(): Promise<void> } = new Slicer()): Promise<ToolDefinition[]> {
  if (!isObject(result) || !Array.isArray(result.tools)) return [];
  const out: ToolDefinition[] = [];
  const tools = result.tools.slice(0, MAX_PINNED);
  for (let index = 0; index < tools.length; index++) {
    const tool: unknown = tools[index];
    if (!isObject(tool) || typeof tool.name !== "string") continue;
    // The whole definition: a title, `_meta`, icons or a member MCP adds later steer a model too.
    out.push({ index, name: tool.name, digest: await canonicalDigest(tool, slicer) });
  }
  return out;
}

/** A piece of canonical JSON already written (punctuation, a key), as opposed to a value still to write. */
class Written {
  constructor(readonly text: string) {}
}

/** Values written between two looks at the clock. */
const STEPS_PER_LOOK = 2048;

/**
 * The SHA-256 of the value's JSON with object keys sorted (the same definition always has the
 * same digest), written piece by piece into the hash from an explicit stack: linear in the
 * value's size whatever its depth, and a slice at a time.
 */
async function canonicalDigest(value: unknown, slicer: { turn(): Promise<void> }): Promise<string> {
  const hash = createHash("sha256");
  const stack: unknown[] = [value];
  let chunk = "";
  for (let steps = 1; stack.length > 0; steps++) {
    if (steps % STEPS_PER_LOOK === 0) await slicer.turn();
    const item = stack.pop();
    if (item instanceof Written) chunk += item.text;
    else if (Array.isArray(item)) {
      chunk += "[";
      stack.push(new Written("]"));
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i]);
        if (i > 0) stack.push(new Written(","));
      }
    } else if (isObject(item)) {
      chunk += "{";
      stack.push(new Written("}"));
      const keys = Object.keys(item).sort();
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push(item[keys[i]!]);
        stack.push(new Written(`${i > 0 ? "," : ""}${JSON.stringify(keys[i])}:`));
      }
    } else chunk += JSON.stringify(item) ?? "null";
    if (chunk.length >= 65_536) {
      hash.update(chunk);
      chunk = "";
    }
  }
  hash.update(chunk);
  return hash.digest("base64url");
}

export type OnToolChange = "quarantine" | "alert";

export class ToolPins {
  constructor(
    private readonly store: StateStore,
    private readonly log: Logger,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Pins the tools listed for the first time; answers the changed ones to quarantine, by index
   * (none under `alert`). Logs and counts each change.
   */
  async check(server: string, onChange: OnToolChange, definitions: readonly ToolDefinition[]): Promise<Map<number, Block>> {
    const quarantined = new Map<number, Block>();
    if (definitions.length === 0) return quarantined;
    const key = pinsKey(server);
    const [pinned, count] = await Promise.all([this.store.hmget(key, definitions.map((d) => d.name)), this.store.hlen(key)]);
    let room = MAX_PINNED - count;
    for (const [i, definition] of definitions.entries()) {
      let pin = pinned[i];
      if (pin === null && room-- <= 0) continue;
      // Another replica may pin the same tool at the same moment: the first pin wins.
      if (pin === null && !(await this.store.hsetnx(key, definition.name, definition.digest))) pin = await this.store.hget(key, definition.name);
      if (pin === null || pin === undefined || pin === definition.digest) continue;
      this.log.warning("MCP tool definition changed since it was pinned", { server, tool: callerValue(definition.name), on_tool_change: onChange });
      this.metrics.inc("guardrail_proxy_mcp_tool_changes_total", { server });
      if (onChange === "quarantine") {
        quarantined.set(definition.index, {
          guardrail: "tool_pin",
          stage: "output",
          cause: "enforced",
          message: `tool_pin guardrail triggered: the tool's definition changed since it was first listed (on_tool_change: quarantine; guardrail-proxy mcp-pins --reset accepts the new one)`,
        });
      }
    }
    return quarantined;
  }

}

/** Forgets a server's pins: the next listing pins its tools anew (`guardrail-proxy mcp-pins --reset`). */
export async function resetPins(store: StateStore, server: string): Promise<void> {
  await store.del([pinsKey(server)]);
}
