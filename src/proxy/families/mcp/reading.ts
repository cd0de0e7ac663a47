/**
 * Where text lives in MCP's JSON-RPC messages (DECISIONS §12). What the client sends goes
 * through `pre_flight` and `input`: tool arguments (every string at any depth; keys judged, never
 * rewritten, so the JSON and the tool's schema stay valid), prompt arguments, completion values,
 * resource URIs (judged only), and the client's answers to server requests. What the server sends
 * goes through `output`: tool results, resource contents, prompt messages, every title,
 * description and schema text of the list methods (names, URIs and enum values judged, never
 * rewritten), the text of server requests and notifications, the server's instructions. A method
 * this table does not know: every string of its params or result, rewritten in place.
 *
 * A reading is a list of slots: each a text, and a `write` where the text may be rewritten. List
 * results are read per entry (`group`), so an entry that trips can be removed alone.
 */
import { isObject } from "../../../schema/json.ts";

export interface McpSlot {
  readonly text: string;
  /** Rewrites the text in the message; absent: judged only. */
  readonly write?: (text: string) => void;
  /** For list results: the index of the entry in its list (tools, prompts, resources, templates). */
  readonly group?: number;
}

/** A binary part no guardrail can read (an image, audio, a blob). */
export interface McpUnreadable {
  readonly kind: string;
}

export interface McpReading {
  readonly slots: McpSlot[];
  readonly unreadable: McpUnreadable[];
}

/** Methods whose messages carry no text the model or the server reads. */
const NO_TEXT = new Set(["initialize", "ping", "tools/list", "prompts/list", "resources/list", "resources/templates/list", "logging/setLevel", "notifications/initialized", "notifications/cancelled", "notifications/roots/list_changed", "notifications/tools/list_changed", "notifications/prompts/list_changed", "notifications/resources/list_changed", "roots/list"]);

/** The list results whose entries are read one by one, by the key of their list. */
export const LIST_KEYS: Readonly<Record<string, string>> = { "tools/list": "tools", "prompts/list": "prompts", "resources/list": "resources", "resources/templates/list": "resourceTemplates" };

function reading(): McpReading {
  return { slots: [], unreadable: [] };
}

/** A client's request or notification, by method: its params. */
export function readClientRequest(method: string, params: unknown): McpReading {
  const r = reading();
  if (!isObject(params)) return r;
  switch (method) {
    case "tools/call":
    case "prompts/get":
      everyString(params, "arguments", r, { keys: true });
      break;
    case "completion/complete":
      if (isObject(params.argument)) rewritable(params.argument, "value", r);
      everyString(params, "context", r, { keys: false });
      break;
    case "resources/read":
    case "resources/subscribe":
    case "resources/unsubscribe":
      judged(params.uri, r);
      break;
    default:
      if (NO_TEXT.has(method) || method.startsWith("notifications/")) {
        if (method === "notifications/progress" || !NO_TEXT.has(method)) everyStringOf(params, r, { keys: false });
        break;
      }
      everyStringOf(params, r, { keys: false });
  }
  return r;
}

/** A client's answer to a server request (`sampling/createMessage`, `elicitation/create`, or another): its result. */
export function readClientResult(serverMethod: string | undefined, result: unknown): McpReading {
  const r = reading();
  if (!isObject(result)) return r;
  if (serverMethod === "roots/list") {
    for (const root of arrayOf(result.roots)) if (isObject(root)) judged(root.uri, r);
    return r;
  }
  everyStringOf(result, r, { keys: false });
  return r;
}

/** A server's answer to the client's request `method`: its result. */
export function readServerResult(method: string | undefined, result: unknown): McpReading {
  const r = reading();
  if (!isObject(result)) return r;
  switch (method) {
    case "tools/call":
      readContent(result.content, r);
      everyString(result, "structuredContent", r, { keys: false });
      break;
    case "resources/read":
      for (const c of arrayOf(result.contents)) readResourceContents(c, r);
      break;
    case "prompts/get":
      rewritable(result, "description", r);
      for (const m of arrayOf(result.messages)) if (isObject(m)) readContent([m.content], r);
      break;
    case "initialize":
      rewritable(result, "instructions", r);
      if (isObject(result.serverInfo)) judged(result.serverInfo.name, r);
      break;
    case "completion/complete":
      if (isObject(result.completion)) everyString(result.completion, "values", r, { keys: false });
      break;
    case "ping":
    case "logging/setLevel":
      break;
    default: {
      const key = method === undefined ? undefined : LIST_KEYS[method];
      if (key !== undefined) {
        arrayOf(result[key]).forEach((entry, group) => readListEntry(entry, group, r));
        break;
      }
      everyStringOf(result, r, { keys: false });
    }
  }
  return r;
}

/** A server's request or notification to the client: its params. */
export function readServerRequest(method: string, params: unknown): McpReading {
  const r = reading();
  if (!isObject(params)) return r;
  switch (method) {
    case "sampling/createMessage":
      rewritable(params, "systemPrompt", r);
      for (const m of arrayOf(params.messages)) if (isObject(m)) readContent(Array.isArray(m.content) ? m.content : [m.content], r);
      break;
    case "elicitation/create":
      rewritable(params, "message", r);
      if (isObject(params.requestedSchema)) readSchema(params.requestedSchema, r, undefined);
      break;
    case "roots/list":
    case "ping":
      break;
    default:
      if (NO_TEXT.has(method)) break;
      everyStringOf(params, r, { keys: false });
  }
  return r;
}

/** An entry of a list result: names and URIs judged; titles and descriptions rewritable; its schemas read. */
function readListEntry(entry: unknown, group: number, r: McpReading): void {
  if (!isObject(entry)) return;
  const before = r.slots.length;
  for (const key of ["name", "uri", "uriTemplate"]) judged(entry[key], r);
  for (const key of ["title", "description"]) rewritable(entry, key, r);
  if (isObject(entry.annotations)) rewritable(entry.annotations, "title", r);
  for (const key of ["inputSchema", "outputSchema"]) if (isObject(entry[key])) readSchema(entry[key], r, undefined);
  for (const arg of arrayOf(entry.arguments)) {
    if (!isObject(arg)) continue;
    judged(arg.name, r);
    for (const key of ["title", "description"]) rewritable(arg, key, r);
  }
  // Every slot read for this entry carries its index.
  for (let i = before; i < r.slots.length; i++) r.slots[i] = { ...r.slots[i]!, group };
}

/**
 * A JSON schema as a model reads it: titles and descriptions (rewritable), property names, enum
 * and const values, defaults and examples (judged: the tool validates against them).
 */
function readSchema(schema: Record<string, unknown>, r: McpReading, depthLeft: number | undefined): void {
  const left = depthLeft ?? 32;
  if (left === 0) return;
  for (const key of ["title", "description"]) rewritable(schema, key, r);
  for (const key of ["enum", "examples"]) for (const v of arrayOf(schema[key])) judged(v, r);
  for (const key of ["const", "default"]) judged(schema[key], r);
  for (const key of ["properties", "$defs", "definitions", "patternProperties"]) {
    const map = schema[key];
    if (!isObject(map)) continue;
    for (const [name, sub] of Object.entries(map)) {
      if (key === "properties") judged(name, r);
      if (isObject(sub)) readSchema(sub, r, left - 1);
    }
  }
  for (const key of ["items", "additionalProperties", "not", "if", "then", "else"]) if (isObject(schema[key])) readSchema(schema[key] as Record<string, unknown>, r, left - 1);
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) for (const sub of arrayOf(schema[key])) if (isObject(sub)) readSchema(sub, r, left - 1);
}

/** Content parts (tool results, prompt and sampling messages): text rewritable, embedded resources read, binaries counted. */
function readContent(content: unknown, r: McpReading): void {
  for (const part of arrayOf(content)) {
    if (!isObject(part)) continue;
    if (part.type === "text") rewritable(part, "text", r);
    else if (part.type === "resource" && isObject(part.resource)) readResourceContents(part.resource, r);
    else if (part.type === "resource_link") {
      judged(part.uri, r);
      judged(part.name, r);
      rewritable(part, "description", r);
      rewritable(part, "title", r);
    } else if (part.type === "image" || part.type === "audio") r.unreadable.push({ kind: part.type });
    else everyStringOf(part, r, { keys: false });
  }
}

function readResourceContents(contents: unknown, r: McpReading): void {
  if (!isObject(contents)) return;
  judged(contents.uri, r);
  if (typeof contents.text === "string") rewritable(contents, "text", r);
  else if (typeof contents.blob === "string") r.unreadable.push({ kind: "blob" });
}

function rewritable(holder: Record<string, unknown>, key: string, r: McpReading): void {
  const text = holder[key];
  if (typeof text === "string" && text.length > 0) r.slots.push({ text, write: (t) => (holder[key] = t) });
}

function judged(value: unknown, r: McpReading): void {
  if (typeof value === "string" && value.length > 0) r.slots.push({ text: value });
}

function everyString(holder: Record<string, unknown>, key: string, r: McpReading, options: { keys: boolean }): void {
  const value = holder[key];
  if (typeof value === "string") rewritable(holder, key, r);
  else if (isObject(value) || Array.isArray(value)) everyStringOf(value, r, options);
}

/** Every string of a value at any depth (bounded by the parser's depth limit), rewritable in place; keys judged when asked. */
function everyStringOf(value: Record<string, unknown> | unknown[], r: McpReading, options: { keys: boolean }): void {
  const stack: (Record<string, unknown> | unknown[])[] = [value];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        if (typeof item === "string") {
          if (item.length > 0) r.slots.push({ text: item, write: (t) => (node[i] = t) });
        } else if (isObject(item) || Array.isArray(item)) stack.push(item);
      });
      continue;
    }
    for (const [key, item] of Object.entries(node)) {
      if (options.keys) judged(key, r);
      if (typeof item === "string") rewritable(node, key, r);
      else if (isObject(item) || Array.isArray(item)) stack.push(item);
    }
  }
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
