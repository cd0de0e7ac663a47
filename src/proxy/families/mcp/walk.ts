/**
 * The one reader of MCP's messages (DECISIONS §8 "read by default, skip by name"): it walks the
 * whole JSON of a message's params, result or error, and every string, every object key and
 * every number of six or more digits becomes a slot, unless opaque.ts names it. Where it is
 * decides only how it may be rewritten:
 * - in MCP's own objects, a key MCP defines is not read (it is the word itself), any other key
 *   is read and its value is free data; names, URIs and ids are judged, never rewritten;
 * - in a JSON Schema (tool, prompt and elicitation schemas), keywords are not read, property
 *   names, `required` entries, `pattern`, `format` and `$ref` are judged, never rewritten (the
 *   tool validates against them), everything else (titles, descriptions, `$comment`, `enum`,
 *   `const`, `default`, `examples`, unknown keywords such as `x-*`) is read and rewritten;
 * - in free data (tool arguments, `structuredContent`, `_meta`, an error's `data`, unknown
 *   keys' values), everything is read and rewritten: strings in place, keys renamed, numbers
 *   replaced by the placeholder string.
 * Base64 content is decoded and read when its media type says text, counted as unreadable
 * otherwise.
 */
import { isObject } from "../../../schema/json.ts";
import { decodeBase64Text, encodeBase64, isStrictBase64, isTextMime, parseDataUrl } from "../../reading/media.ts";
import { isOpaque, MCP_KEYS, NAME_KEYS, SCHEMA_KEYWORDS, SCHEMA_NAME_KEYS } from "./opaque.ts";

/** An entry of a list result by its index, or a part of an initialize result by its key. */
export type McpGroup = number | string;

export interface McpSlot {
  readonly text: string;
  /** Rewrites the text in the message; absent: judged, never rewritten (a masker that would rewrite it blocks). */
  readonly write?: (text: string) => void;
  /** The part of the message it belongs to, when parts are judged one by one (list entries, initialize). */
  readonly group?: McpGroup;
  /**
   * Shared by the texts of neighbouring text parts of one list (a tool result's content, a
   * prompt's messages): consecutive slots with the same one are read as one text, so a value
   * split across parts is whole.
   */
  readonly joint?: object;
}

/** A binary part no guardrail can read (an image, audio, a blob). */
export interface McpUnreadable {
  readonly kind: string;
}

export interface McpReading {
  readonly slots: McpSlot[];
  readonly unreadable: McpUnreadable[];
  /**
   * Parts judged one by one (a list's entries, an initialize result's members), each read only
   * when it is judged: a list of any length is read and judged a slice at a time.
   */
  readonly parts: McpPart[];
  /** Applies the key renames the slots' writes asked for (each object rebuilt once, in its key order). */
  commit(): void;
}

/** MCP's own objects, a JSON Schema, a schema's map of names to schemas, free data. */
export interface McpPart {
  readonly group: McpGroup;
  read(): McpReading;
  /** The same reading, walked a slice at a time: one entry of any size never holds the event loop. */
  readSliced(slicer: { turn(): Promise<void> }): Promise<McpReading>;
}

type Zone = "mcp" | "schema" | "schema-map" | "data";

interface Place {
  readonly zone: Zone;
  /** Judged, never rewritten (and so is everything below it). */
  readonly fixed: boolean;
  /** Directly under the message's params or result (where paging and progress fields live). */
  readonly root: boolean;
  /** Inside `_meta`. */
  readonly meta: boolean;
  readonly group: McpGroup | undefined;
  /** The list whose text parts are read together (see McpSlot.joint). */
  readonly joint?: object;
}

/** Beyond any message the parser lets in (64 levels); deeper values are read as one judged text. */
const MAX_DEPTH = 256;

export function newReading(): McpReading & { rename(holder: Record<string, unknown>, from: string, to: string): void; later(step: () => void): void; drain(steps: number): boolean } {
  const renames = new Map<Record<string, unknown>, Map<string, string>>();
  /**
   * The walk's steps still to take, last first: a value of any size is walked a bounded number
   * of steps at a time when read in slices (readSliced), each step adding its children here.
   */
  const pending: (() => void)[] = [];
  return {
    slots: [],
    unreadable: [],
    parts: [],
    rename(holder, from, to) {
      let map = renames.get(holder);
      if (!map) renames.set(holder, (map = new Map()));
      map.set(from, to);
    },
    commit() {
      for (const [holder, map] of renames) renameKeys(holder, map);
      renames.clear();
    },
    later(step) {
      pending.push(step);
    },
    drain(steps) {
      for (let n = 0; n < steps && pending.length > 0; n++) pending.pop()!();
      return pending.length === 0;
    },
  };
}

/** Steps walked between two looks at the clock (a few hundred microseconds of work). */
const STEPS_PER_LOOK = 2048;

/** Walks what `read` queued into `r` to the end, the event loop turning whenever `slicer` says a slice is done. */
export async function walkSliced(r: Reading, slicer: { turn(): Promise<void> }): Promise<void> {
  while (!r.drain(STEPS_PER_LOOK)) await slicer.turn();
}

type Reading = ReturnType<typeof newReading>;

/** Every slot of a reading, its parts read too (for tests and tools; the guard reads parts as it judges them). */
export function everySlot(r: McpReading): McpSlot[] {
  return [...r.slots, ...r.parts.flatMap((p) => p.read().slots)];
}

/** Reads `value` (a message's params, result or error object; `root`: false for a part of one) into `r`. */
export function walkMessage(value: unknown, r: Reading, options: { readonly group?: McpGroup; readonly root?: boolean; readonly sliced?: boolean } = {}): void {
  const place: Place = { zone: "mcp", fixed: false, root: options.root ?? true, meta: false, group: options.group };
  // Not an object where one belongs (a list entry that is a string): read, never rewritten.
  if (!isObject(value) && !Array.isArray(value)) walkValue(value, { ...place, fixed: true }, undefined, r, 0);
  else walkChildren(value, place, r, 0);
  if (!options.sliced) r.drain(Infinity);
}

/** One member of a message's params or result, read as part `group`. */
export function walkMember(holder: Record<string, unknown>, key: string, r: Reading, group?: McpGroup, sliced = false): void {
  walkEntry(holder, key, { zone: "mcp", fixed: false, root: true, meta: false, group }, r, 0);
  if (!sliced) r.drain(Infinity);
}

function walkChildren(node: Record<string, unknown> | unknown[], place: Place, r: Reading, depth: number): void {
  if (depth > MAX_DEPTH) {
    r.slots.push({ text: JSON.stringify(node), group: place.group });
    return;
  }
  // Children are queued last first, so they are walked (and their slots come) in order.
  if (Array.isArray(node)) {
    const inList: Place = { ...place, joint: {} };
    for (let i = node.length - 1; i >= 0; i--) r.later(() => walkValue(node[i], inList, place.fixed ? undefined : (v) => (node[i] = v), r, depth + 1));
    return;
  }
  if (readMedia(node, place, r)) return;
  const keys = Object.keys(node);
  for (let i = keys.length - 1; i >= 0; i--) r.later(() => walkEntry(node, keys[i]!, place, r, depth));
}

/** A key and its value, in an object read at `place`. */
function walkEntry(holder: Record<string, unknown>, key: string, place: Place, r: Reading, depth: number): void {
  const value = holder[key];
  const child = placeOf(place, key, value);
  if (child === null) return;
  // A text part's text, in a list: read with its neighbours' (McpSlot.joint).
  if (place.joint !== undefined && key === "text" && holder.type === "text" && typeof value === "string" && !child.place.fixed && !value.startsWith("data:")) {
    if (value.length > 0) r.slots.push({ text: value, write: (v: string) => (holder[key] = v), group: place.group, joint: place.joint });
    return;
  }
  if (child.readKey && key.length > 0) r.slots.push({ text: key, ...(child.keyFixed ? {} : { write: (to: string) => r.rename(holder, key, to) }), group: place.group });
  walkValue(value, child.place, child.place.fixed ? undefined : (v) => (holder[key] = v), r, depth + 1);
}

function walkValue(value: unknown, place: Place, set: ((v: string) => void) | undefined, r: Reading, depth: number): void {
  if (typeof value === "string") {
    if (value.length > 0 && !readTextDataUrl(value, set, place, r)) r.slots.push({ text: value, ...(set ? { write: set } : {}), group: place.group });
  } else if (typeof value === "number") {
    if (hasSixDigits(value)) r.slots.push({ text: String(value), ...(set ? { write: set } : {}), group: place.group });
  } else if (isObject(value) || Array.isArray(value)) {
    walkChildren(value, { ...place, root: false }, r, depth);
  }
}

interface Child {
  readonly place: Place;
  readonly readKey: boolean;
  /** The key is judged, never renamed (a schema's property names). */
  readonly keyFixed: boolean;
}

/** Where a member's value is read, and whether its key is: null when the table names it opaque. */
function placeOf(place: Place, key: string, value: unknown): Child | null {
  const at = (zone: Zone, fixed = place.fixed): Place => ({ zone, fixed, root: false, meta: place.meta, group: place.group, ...(place.joint ? { joint: place.joint } : {}) });
  if (place.zone === "data") {
    if (place.meta && key === "progressToken" && isOpaque("meta", key, value)) return null;
    return { place: at("data"), readKey: true, keyFixed: place.fixed };
  }
  if (place.zone === "schema-map") return { place: Array.isArray(value) ? at("data", true) : at("schema"), readKey: true, keyFixed: true };
  if (place.zone === "schema") {
    if (!SCHEMA_KEYWORDS.has(key)) return { place: at("data"), readKey: true, keyFixed: place.fixed };
    if (isOpaque("schema", key, value)) return null;
    if (SCHEMA_MAPS.has(key)) return { place: at("schema-map"), readKey: false, keyFixed: true };
    if (key === "required" || SCHEMA_NAME_KEYS.has(key)) return { place: at("data", true), readKey: false, keyFixed: true };
    if (key === "enum" || key === "const" || key === "default" || key === "examples" || key === "enumNames") return { place: at("data"), readKey: false, keyFixed: place.fixed };
    return { place: at("schema"), readKey: false, keyFixed: true };
  }
  // MCP's own objects.
  if (isOpaque("mcp", key, value) || (place.root && isOpaque("root", key, value))) return null;
  if (!MCP_KEYS.has(key)) return { place: at("data"), readKey: true, keyFixed: place.fixed };
  if (key === "_meta") return { place: { ...at("data"), meta: true }, readKey: false, keyFixed: true };
  if (key === "inputSchema" || key === "outputSchema" || key === "requestedSchema") return { place: at("schema"), readKey: false, keyFixed: true };
  if (NAME_KEYS.has(key)) return { place: at("mcp", true), readKey: false, keyFixed: true };
  if (DATA_KEYS.has(key) || (key === "arguments" && !Array.isArray(value)) || (key === "content" && isObject(value) && !isPart(value))) return { place: at("data"), readKey: false, keyFixed: true };
  return { place: at("mcp"), readKey: false, keyFixed: true };
}

/** Schema members whose keys name things (properties) and whose values are schemas (or, for `dependentRequired`, lists of names). */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependentRequired", "dependencies"]);
/** MCP members that hold free data. */
const DATA_KEYS = new Set(["structuredContent", "metadata", "input", "data", "experimental", "extensions"]);

const PART_TYPES = new Set(["text", "image", "audio", "resource", "resource_link", "tool_use", "tool_result"]);

function isPart(value: Record<string, unknown>): boolean {
  return typeof value.type === "string" && PART_TYPES.has(value.type);
}

/**
 * Base64 content: an image or audio part's `data`, resource contents' `blob`. Text-like media
 * (and a blob without a media type that decodes to text) are decoded and read, re-encoded when
 * masked; the rest is counted as unreadable. Returns true when the object was read here.
 */
function readMedia(node: Record<string, unknown>, place: Place, r: Reading): boolean {
  if (place.zone !== "mcp") return false;
  const key = typeof node.blob === "string" ? "blob" : (node.type === "image" || node.type === "audio") && typeof node.data === "string" ? "data" : null;
  if (key === null) return false;
  const base64 = node[key] as string;
  if (!isMediaBase64(base64)) return false;
  const mime = typeof node.mimeType === "string" ? node.mimeType : undefined;
  const decoded = (mime === undefined && key === "blob") || (mime !== undefined && isTextMime(mime)) ? decodeBase64Text(base64) : null;
  if (decoded && decoded.text.length > 0) {
    r.slots.push({ text: decoded.text, ...(place.fixed ? {} : { write: (t: string) => (node[key] = encodeBase64(decoded.encode(t))) }), group: place.group });
  } else if (base64.length > 0) {
    r.unreadable.push({ kind: key === "blob" ? "blob" : (node.type as string) });
  }
  // Every other member is read as usual.
  const others = Object.keys(node).filter((other) => other !== key);
  for (let i = others.length - 1; i >= 0; i--) r.later(() => walkEntry(node, others[i]!, place, r, 0));
  return true;
}

/**
 * A string that is a text data URL (`data:text/plain;base64,...`) is read decoded, and re-encoded
 * when masked, as the LLM routes read one; a string that only begins with one is read as it is,
 * its leading data also decoded and judged (never rewritten: a masker that would rewrite it stops
 * the message). Returns true when the string was read here.
 */
function readTextDataUrl(value: string, set: ((v: string) => void) | undefined, place: Place, r: Reading): boolean {
  if (!value.startsWith("data:")) return false;
  const url = parseDataUrl(value);
  if (!url || !isTextMime(url.mime)) return false;
  if (isStrictBase64(url.base64)) {
    const decoded = decodeBase64Text(url.base64, url.charset);
    if (!decoded || decoded.text.length === 0) return false;
    r.slots.push({ text: decoded.text, ...(set ? { write: (t: string) => set(url.prefix + encodeBase64(decoded.encode(t))) } : {}), group: place.group });
    return true;
  }
  const leading = /^[A-Za-z0-9+/]+={0,2}/.exec(url.base64)?.[0];
  const decoded = leading ? decodeBase64Text(leading, url.charset) : null;
  if (decoded && decoded.text.length > 0) r.slots.push({ text: decoded.text, group: place.group });
  return false;
}

/** MCP's Base64 (standard alphabet, padded, line breaks at most): a sentence of letters and spaces is text, not media. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function isMediaBase64(value: string): boolean {
  const packed = value.includes("\n") ? value.replace(/\r?\n/g, "") : value;
  return packed.length % 4 === 0 && BASE64.test(packed);
}

/** A JSON number written with six or more digits: an identifier, a phone or card number. */
export function hasSixDigits(n: number): boolean {
  if (Math.abs(n) >= 100_000) return true;
  const s = String(n);
  let digits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x65 || c === 0x45) break;
    if (c >= 0x30 && c <= 0x39) digits++;
  }
  return digits >= 6;
}

/** Renames keys of an object in one pass, keeping their order; a name already taken gets a suffix. */
function renameKeys(holder: Record<string, unknown>, map: ReadonlyMap<string, string>): void {
  const entries = Object.entries(holder);
  for (const [key] of entries) delete holder[key];
  const taken = new Set(entries.map(([k]) => (map.has(k) ? "" : k)));
  for (const [key, value] of entries) {
    let name = map.get(key) ?? key;
    if (map.has(key)) {
      for (let n = 2; taken.has(name); n++) name = `${map.get(key)}_${n}`;
      taken.add(name);
    }
    holder[name] = value;
  }
}
