/**
 * What the MCP server sends, judged before the client sees it (DECISIONS §12): answers to the
 * client's requests (a blocked tool result becomes a tool error; a blocked resource or prompt the
 * JSON-RPC error; list entries that trip are removed and quarantined), the server's own requests
 * (a blocked one never reaches the client: the server gets the error) and notifications (a
 * blocked one is dropped and logged).
 */
import type { Logger } from "../../../log/logger.ts";
import { callerValue } from "../../../log/caller-value.ts";
import type { Block } from "../../../pipeline/types.ts";
import { isObject } from "../../../schema/json.ts";
import type { McpServerEntry } from "./config.ts";
import { guardServer, type McpGuardContext } from "./guard.ts";
import { blockedError, kindOf, methodLabel, withheldToolResult, type JsonRpcMessage } from "./jsonrpc.ts";
import { toolDefinitions, type ToolPins } from "./pins.ts";
import type { Quarantine } from "./quarantine.ts";
import { LIST_KEYS, readError, readServerRequest, readServerResult, type McpGroup } from "./reading.ts";

export interface ServerSide {
  readonly entry: McpServerEntry;
  readonly quarantine: Quarantine;
  /** Tool pins (DECISIONS §15): a changed tool is quarantined like a poisoned one, or only alerted. */
  readonly pins?: ToolPins;
  readonly log: Logger;
  /** Methods of the client's requests in flight, by id (JSON-encoded). */
  readonly asked: Map<string, string>;
  /** Answers the server with an error for a request of its own that the client will not see. */
  refuseServerRequest(error: JsonRpcMessage): void;
}

export function idKey(id: unknown): string {
  return JSON.stringify(id ?? null);
}

/** The message as the client may see it, or null when it is withheld. */
export async function guardServerMessage(ctx: McpGuardContext, side: ServerSide, message: unknown): Promise<JsonRpcMessage | null> {
  const kind = kindOf(message);
  if (kind === "invalid") return null;
  const msg = message as JsonRpcMessage;
  if (kind === "response") {
    const method = side.asked.get(idKey(msg.id));
    if (!("result" in msg)) {
      // An error answer is read like a result: masked, or withheld for the proxy's own error.
      const { block } = await guardServer(ctx, readError(msg.error, msg));
      if (!block) return msg;
      side.log.warning("MCP server error answer withheld", { server: side.entry.name, method: methodLabel(method), guardrail: block.guardrail, config_id: ctx.policy.id });
      return blockedError(msg.id, block);
    }
    // Pinned as the server sent them, before a guardrail masks a description.
    const definitions = method === "tools/list" && side.pins ? await toolDefinitions(msg.result, ctx.slicer) : [];
    const { block, blocked: tripped } = await guardServer(ctx, readServerResult(method, msg.result, msg));
    const changed = definitions.length > 0 ? await side.pins!.check(side.entry.name, side.entry.on_tool_change ?? "quarantine", definitions) : null;
    const blocked: ReadonlyMap<McpGroup, Block> = changed && changed.size > 0 ? new Map<McpGroup, Block>([...changed, ...tripped]) : tripped;
    if (block) return method === "tools/call" ? withheldToolResult(msg.id, `A guardrail withheld this tool result. ${block.message}`) : blockedError(msg.id, block);
    const listKey = method === undefined ? undefined : LIST_KEYS[method];
    if (listKey !== undefined && isObject(msg.result)) await filterList(ctx, side, method!, listKey, msg.result, blocked);
    if (method === "initialize" && isObject(msg.result)) withholdServerDetails(ctx, side, msg.result, blocked);
    return msg;
  }
  const method = msg.method as string;
  const { block } = await guardServer(ctx, readServerRequest(method, msg.params, msg));
  if (!block) {
    if (kind === "request") ctx.session?.serverAsked(msg.id, method);
    return msg;
  }
  side.log.warning(kind === "request" ? "MCP server request withheld from the client" : "MCP server notification dropped", { server: side.entry.name, method: callerValue(method), guardrail: block.guardrail, config_id: ctx.policy.id });
  if (kind === "request") side.refuseServerRequest(blockedError(msg.id, block));
  return null;
}

/** Removes the entries that tripped and records the list's verdicts for quarantine. */
async function filterList(ctx: McpGuardContext, side: ServerSide, method: string, listKey: string, result: Record<string, unknown>, blocked: ReadonlyMap<McpGroup, Block>): Promise<void> {
  const entries = Array.isArray(result[listKey]) ? (result[listKey] as unknown[]) : [];
  const nameOf = (entry: unknown) => (isObject(entry) ? String(entry.name ?? entry.uri ?? entry.uriTemplate ?? "") : "");
  const byName = new Map<string, Block>();
  for (const [index, block] of blocked) {
    const name = nameOf(entries[index as number]);
    byName.set(name, block);
    side.log.warning("MCP list entry quarantined", { server: side.entry.name, list: listKey, name: callerValue(name), guardrail: block.guardrail, config_id: ctx.policy.id });
  }
  await side.quarantine.record(side.entry.name, ctx.policy.id, method, entries.map(nameOf), byName);
  if (blocked.size > 0) result[listKey] = entries.filter((_, i) => !blocked.has(i));
}

/**
 * Parts of an initialize result that tripped an enforcing guardrail are withheld and the session
 * goes on (DECISIONS §12): the instructions and unknown members are left out, `serverInfo` keeps
 * only a name (the entry's, when its own tripped) and a version, `capabilities` only the flags
 * MCP defines. The client's connection never fails for them.
 */
function withholdServerDetails(ctx: McpGuardContext, side: ServerSide, result: Record<string, unknown>, blocked: ReadonlyMap<McpGroup, Block>): void {
  for (const [key, block] of blocked) {
    if (typeof key !== "string") continue;
    side.log.warning("MCP server initialize detail withheld", { server: side.entry.name, field: callerValue(key), guardrail: block.guardrail, config_id: ctx.policy.id });
    if (key === "serverInfo") result.serverInfo = { name: side.entry.name, version: "unknown" };
    else if (key === "capabilities") result.capabilities = knownCapabilities(result.capabilities);
    else delete result[key];
  }
}

/** The capabilities MCP defines, with their boolean flags only. */
function knownCapabilities(capabilities: unknown): Record<string, unknown> {
  const out: Record<string, Record<string, boolean>> = {};
  if (!isObject(capabilities)) return out;
  for (const name of ["logging", "completions", "prompts", "resources", "tools", "tasks"]) {
    const given = capabilities[name];
    if (!isObject(given)) continue;
    const flags: Record<string, boolean> = {};
    for (const flag of ["listChanged", "subscribe"]) if (typeof given[flag] === "boolean") flags[flag] = given[flag] as boolean;
    out[name] = flags;
  }
  return out;
}
