/**
 * Tool pins (DECISIONS §15): the first definition of each tool a server lists is pinned (a
 * digest of its name, description, schemas and annotations, as the server sent them); a later
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

/** The definitions of a `tools/list` result as the server sent them (before any guardrail rewrote a description). */
export function toolDefinitions(result: unknown): ToolDefinition[] {
  if (!isObject(result) || !Array.isArray(result.tools)) return [];
  const out: ToolDefinition[] = [];
  result.tools.slice(0, MAX_PINNED).forEach((tool: unknown, index: number) => {
    if (!isObject(tool) || typeof tool.name !== "string") return;
    // The whole definition: a title, `_meta`, icons or a member MCP adds later steer a model too.
    out.push({ index, name: tool.name, digest: createHash("sha256").update(canonicalJson(tool)).digest("base64url") });
  });
  return out;
}

/** JSON with object keys sorted, so the same definition always has the same digest. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(",")}}`;
  return JSON.stringify(value) ?? "null";
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
