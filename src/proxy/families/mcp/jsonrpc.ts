/** JSON-RPC 2.0 as MCP uses it: message kinds, and the errors the proxy answers with (DECISIONS §12). */
import type { Block } from "../../../pipeline/types.ts";
import { isObject } from "../../../schema/json.ts";
import { closingQuote, MAX_JSON_DEPTH, nestsDeeperThan } from "../../../schema/json-depth.ts";
import { heavyStepTurn } from "../../../schema/large-json.ts";

export type JsonRpcId = string | number | null;
export type JsonRpcMessage = Record<string, unknown>;

export type MessageKind = "request" | "notification" | "response" | "invalid";

export function kindOf(message: unknown): MessageKind {
  if (!isObject(message)) return "invalid";
  // Anything else in `jsonrpc` (text, a number) is not JSON-RPC 2.0: refused, never relayed.
  if (message.jsonrpc !== "2.0") return "invalid";
  if (typeof message.method === "string") return "id" in message && message.id !== null && message.id !== undefined ? "request" : "notification";
  if ("id" in message && ("result" in message || "error" in message)) return "response";
  return "invalid";
}

/** A guardrail's block as MCP's JSON-RPC error: -32001, told apart by `data.error`. */
export const GUARDRAIL_ERROR_CODE = -32001;

export function blockedError(id: unknown, block: Block): JsonRpcMessage {
  return errorMessage(id, GUARDRAIL_ERROR_CODE, block.message, { error: block.cause === "unavailable" ? "guardrail_unavailable" : "guardrail_enforcement_triggered", guardrail: block.guardrail });
}

export function errorMessage(id: unknown, code: number, message: string, data: Record<string, unknown>): JsonRpcMessage {
  return { jsonrpc: "2.0", id: id ?? null, error: { code, message, data } };
}

/** A tool result withheld by a guardrail: a tool error, so the agent goes on. */
export function withheldToolResult(id: unknown, reason: string): JsonRpcMessage {
  return { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: reason }], isError: true } };
}

export class JsonRpcParseError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Parses a body or an event's data: malformed is -32700, nested too deep -32600 (never echoing the text). */
export function parseJsonRpc(text: string): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new JsonRpcParseError(-32600, `the message nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`);
  try {
    return JSON.parse(text);
  } catch {
    throw new JsonRpcParseError(-32700, "the message is not valid JSON");
  }
}

/** From this many characters, an answer's nesting is checked a slice at a time and its parse waits for its turn. */
const LARGE_CHARS = 256 * 1024;

/**
 * `parseJsonRpc` for an answer of any size: the nesting check (a pass over every character) of a
 * large text runs a slice at a time, and its parse takes its turn in the line of heavy steps
 * (large-json.ts), so a 16 MB answer never holds the event loop for the whole of it.
 */
export async function parseJsonRpcSliced(text: string, slicer: { turn(): Promise<void> }): Promise<unknown> {
  if (text.length < LARGE_CHARS) return parseJsonRpc(text);
  let depth = 0;
  for (let i = 0; i < text.length; ) {
    const end = Math.min(text.length, i + LARGE_CHARS);
    for (; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i = closingQuote(text, i + 1);
        if (i === -1) i = text.length;
      } else if (c === 0x5b || c === 0x7b) {
        if (++depth > MAX_JSON_DEPTH) throw new JsonRpcParseError(-32600, `the message nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`);
      } else if (c === 0x5d || c === 0x7d) depth--;
    }
    await slicer.turn();
  }
  await heavyStepTurn();
  try {
    return JSON.parse(text);
  } catch {
    throw new JsonRpcParseError(-32700, "the message is not valid JSON");
  }
}

/** The methods metrics name; any other is `other`, so a caller cannot grow the label set. */
const KNOWN_METHODS = new Set([
  "initialize", "ping", "tools/list", "tools/call", "prompts/list", "prompts/get", "resources/list", "resources/read", "resources/templates/list",
  "resources/subscribe", "resources/unsubscribe", "completion/complete", "logging/setLevel", "sampling/createMessage", "elicitation/create", "roots/list",
  "notifications/initialized", "notifications/cancelled", "notifications/progress", "notifications/message", "notifications/roots/list_changed",
  "notifications/tools/list_changed", "notifications/prompts/list_changed", "notifications/resources/list_changed", "notifications/resources/updated",
]);

export function methodLabel(method: string | undefined): string {
  return method !== undefined && KNOWN_METHODS.has(method) ? method : "other";
}
