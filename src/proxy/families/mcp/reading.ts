/**
 * Where text lives in MCP's JSON-RPC messages (DECISIONS §8, §12): everywhere. Every message of
 * both directions, its params, result or error, is read whole by walk.ts, which skips only what
 * opaque.ts names. What the client sends goes through `pre_flight` and `input`, what the server
 * sends through `output` (guard.ts). The method decides only how a result is judged in parts:
 * a list result entry by entry (`group`: its index), so an entry that trips is removed alone;
 * an initialize result key by key (`group`: the key), so instructions or server details that
 * trip are withheld and the session goes on.
 */
import { isObject } from "../../../schema/json.ts";
import { newReading, walkMember, walkMessage, walkSliced, type McpGroup, type McpPart, type McpReading } from "./walk.ts";

export { everySlot, type McpGroup, type McpPart, type McpReading, type McpSlot, type McpUnreadable } from "./walk.ts";

/** The list results whose entries are read one by one, by the key of their list. */
export const LIST_KEYS: Readonly<Record<string, string>> = { "tools/list": "tools", "prompts/list": "prompts", "resources/list": "resources", "resources/templates/list": "resourceTemplates" };

/** A client's request or notification: its params. */
export function readClientRequest(_method: string, params: unknown, message?: unknown): McpReading {
  const r = newReading();
  walkMessage(params, r);
  walkOtherMembers(message, ["method", "params"], r);
  return r;
}

/** A client's answer to a server request (`sampling/createMessage`, `elicitation/create`, `roots/list`, ...): its result. */
export function readClientResult(_serverMethod: string | undefined, result: unknown, message?: unknown): McpReading {
  const r = newReading();
  walkMessage(result, r);
  walkOtherMembers(message, ["result"], r);
  return r;
}

/** A server's request or notification to the client: its params. */
export function readServerRequest(_method: string, params: unknown, message?: unknown): McpReading {
  const r = newReading();
  walkMessage(params, r);
  walkOtherMembers(message, ["method", "params"], r);
  return r;
}

/** An SSE event's id: judged, never rewritten (the client sends it back to resume). */
export function readEventId(id: string): McpReading {
  const r = newReading();
  walkMessage(id, r);
  return r;
}

/** A JSON-RPC error answer, from either side: its `message` and `data` (the code is a number). */
export function readError(error: unknown, message?: unknown): McpReading {
  const r = newReading();
  walkMessage(error, r);
  walkOtherMembers(message, ["error"], r);
  return r;
}

/** A server's answer to the client's request `method`: its result. */
export function readServerResult(method: string | undefined, result: unknown, message?: unknown): McpReading {
  const r = newReading();
  walkOtherMembers(message, ["result"], r);
  // A result that is not an object (a string, an array) is read whole like any value.
  if (!isObject(result)) {
    walkMessage(result, r);
    return r;
  }
  const listKey = method === undefined ? undefined : LIST_KEYS[method];
  if (listKey !== undefined && Array.isArray(result[listKey])) {
    (result[listKey] as unknown[]).forEach((entry, group) => r.parts.push(part(group, (p, sliced) => walkMessage(entry, p, { group, root: false, sliced }))));
    for (const key of Object.keys(result)) if (key !== listKey) walkMember(result, key, r);
    return r;
  }
  if (method === "initialize") {
    for (const key of Object.keys(result)) r.parts.push(part(key, (p, sliced) => walkMember(result, key, p, key, sliced)));
    return r;
  }
  walkMessage(result, r);
  return r;
}

/** The envelope's members MCP defines; the one holding the payload is read by the reader itself. */
const ENVELOPE = new Set(["jsonrpc", "id"]);

/**
 * The message's other top-level members (an `error` beside a `result`, a `result` in a request,
 * a `note` no specification names) read as free data: what a peer reads of the message, the
 * guardrails read too.
 */
function walkOtherMembers(message: unknown, read: readonly string[], r: ReturnType<typeof newReading>): void {
  if (!isObject(message)) return;
  for (const key of Object.keys(message)) if (!ENVELOPE.has(key) && !read.includes(key)) walkMember(message, key, r);
}

function part(group: McpGroup, read: (r: ReturnType<typeof newReading>, sliced: boolean) => void): McpPart {
  return {
    group,
    read() {
      const r = newReading();
      read(r, false);
      return r;
    },
    async readSliced(slicer) {
      const r = newReading();
      read(r, true);
      await walkSliced(r, slicer);
      return r;
    },
  };
}
