/**
 * MCP's table of opaque fields (read by default, skip by name: DECISIONS §8, §12). The reader
 * (walk.ts) reads every string, every object key and every number of six or more digits of
 * every MCP message, except the values this table names, and only when the value has the shape
 * the table says: an opaque field holding anything else is read like any other. docs/coverage.md
 * is generated from this table (scripts/write-coverage.ts), and a test fails when they differ.
 *
 * Two more lists decide how what is read may be rewritten: keys MCP and JSON Schema define are
 * their own text (a key spelled `description` hides nothing), and values that name or locate
 * something (names, URIs, schema keys) are judged but never rewritten: a masker that would
 * rewrite one stops the message (or withholds the list entry) instead.
 */

/**
 * Where an opaque field is skipped: the JSON-RPC envelope (the reader reads what is inside it:
 * params, result, error), MCP's own objects, a JSON Schema, a message's params or result at
 * their top level, `_meta`.
 */
export type OpaqueZone = "envelope" | "mcp" | "schema" | "root" | "meta";

export interface OpaqueField {
  /** The key whose value is skipped. */
  readonly key: string;
  readonly zone: OpaqueZone;
  /** What the value must be to be skipped, for the docs. */
  readonly holds: string;
  /** Why no guardrail needs it. */
  readonly why: string;
  readonly accepts: (value: unknown) => boolean;
}

const oneOf =
  (...values: string[]) =>
  (v: unknown) =>
    typeof v === "string" && values.includes(v);
const isNumber = (v: unknown) => typeof v === "number";
const idLike = (v: unknown) => typeof v === "number" || typeof v === "string";
const anyString = (v: unknown) => typeof v === "string";

const ROLES = ["user", "assistant"];
const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
const PART_TYPES = ["text", "image", "audio", "resource", "resource_link", "tool_use", "tool_result", "ref/prompt", "ref/resource"];
const SCHEMA_TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"];
/** A media type without parameters (parameters could carry text). */
const MIME = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,63}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,63}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const SCHEMA_NUMBERS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains"];
const MCP_NUMBERS = ["code", "progress", "total", "priority", "size", "maxTokens", "temperature", "costPriority", "speedPriority", "intelligencePriority", "ttl", "pollInterval"];

export const OPAQUE_FIELDS: readonly OpaqueField[] = [
  { key: "jsonrpc", zone: "envelope", holds: "`2.0`", why: "the protocol's version", accepts: oneOf("2.0") },
  { key: "id", zone: "envelope", holds: "a string, a number or null", why: "pairs an answer with its request; relayed, never shown to a model", accepts: (v) => idLike(v) || v === null },
  { key: "method", zone: "envelope", holds: "a string", why: "the method's name (metrics and logs name MCP's own methods only, any other as `other`)", accepts: anyString },
  { key: "protocolVersion", zone: "mcp", holds: "a date (`2025-06-18`)", why: "the protocol revision both sides speak", accepts: (v) => typeof v === "string" && DATE.test(v) },
  { key: "cursor", zone: "root", holds: "a string", why: "a paging token the server made and gets back; no model reads it", accepts: anyString },
  { key: "nextCursor", zone: "root", holds: "a string", why: "a paging token the server made and gets back; no model reads it", accepts: anyString },
  { key: "progressToken", zone: "meta", holds: "a string or a number", why: "the client's token for a request's progress notifications", accepts: idLike },
  { key: "progressToken", zone: "root", holds: "a string or a number", why: "the client's token for a request's progress notifications", accepts: idLike },
  { key: "requestId", zone: "root", holds: "a string or a number", why: "the JSON-RPC id of the request a cancellation names", accepts: idLike },
  { key: "role", zone: "mcp", holds: ROLES.join(" or "), why: "an enum", accepts: oneOf(...ROLES) },
  { key: "audience", zone: "mcp", holds: `a list of ${ROLES.join(" or ")}`, why: "an enum", accepts: (v) => Array.isArray(v) && v.every(oneOf(...ROLES)) },
  { key: "type", zone: "mcp", holds: PART_TYPES.join(", "), why: "the kind of a content part or reference", accepts: oneOf(...PART_TYPES) },
  { key: "type", zone: "schema", holds: `${SCHEMA_TYPES.join(", ")}, or a list of them`, why: "a JSON Schema type", accepts: (v) => oneOf(...SCHEMA_TYPES)(v) || (Array.isArray(v) && v.every(oneOf(...SCHEMA_TYPES))) },
  { key: "level", zone: "mcp", holds: LOG_LEVELS.join(", "), why: "a logging level", accepts: oneOf(...LOG_LEVELS) },
  { key: "mimeType", zone: "mcp", holds: "a media type without parameters", why: "says how content is encoded", accepts: (v) => typeof v === "string" && MIME.test(v) },
  { key: "action", zone: "mcp", holds: "accept, decline or cancel", why: "an elicitation answer's enum", accepts: oneOf("accept", "decline", "cancel") },
  { key: "mode", zone: "mcp", holds: "form, url, auto, required or none", why: "an enum (elicitation, tool choice)", accepts: oneOf("form", "url", "auto", "required", "none") },
  { key: "stopReason", zone: "mcp", holds: "endTurn, stopSequence, maxTokens or toolUse", why: "an enum", accepts: oneOf("endTurn", "stopSequence", "maxTokens", "toolUse") },
  { key: "includeContext", zone: "mcp", holds: "none, thisServer or allServers", why: "an enum", accepts: oneOf("none", "thisServer", "allServers") },
  { key: "taskSupport", zone: "mcp", holds: "forbidden, optional or required", why: "an enum", accepts: oneOf("forbidden", "optional", "required") },
  { key: "status", zone: "mcp", holds: "working, input_required, completed, failed or cancelled", why: "a task's state", accepts: oneOf("working", "input_required", "completed", "failed", "cancelled") },
  { key: "theme", zone: "mcp", holds: "light or dark", why: "an icon's enum", accepts: oneOf("light", "dark") },
  { key: "lastModified", zone: "mcp", holds: "an ISO 8601 date or date-time", why: "a timestamp", accepts: (v) => typeof v === "string" && DATE_TIME.test(v) },
  { key: "createdAt", zone: "mcp", holds: "an ISO 8601 date or date-time", why: "a timestamp", accepts: (v) => typeof v === "string" && DATE_TIME.test(v) },
  { key: "lastUpdatedAt", zone: "mcp", holds: "an ISO 8601 date or date-time", why: "a timestamp", accepts: (v) => typeof v === "string" && DATE_TIME.test(v) },
  ...MCP_NUMBERS.map((key): OpaqueField => ({ key, zone: "mcp", holds: "a number", why: "a numeric parameter (an error code, progress, a size, a priority, a sampling setting)", accepts: isNumber })),
  ...SCHEMA_NUMBERS.map((key): OpaqueField => ({ key, zone: "schema", holds: "a number", why: "a JSON Schema bound", accepts: isNumber })),
];

/** Binary content: read when its media type says text (decoded, re-encoded when masked), counted as unreadable otherwise. */
export const MEDIA_FIELDS: readonly { readonly key: string; readonly where: string }[] = [
  { key: "data", where: "an `image` or `audio` content part (Base64)" },
  { key: "blob", where: "resource contents (Base64; `text/*`, JSON, XML, YAML, CSV decoded and read)" },
];

const BY_ZONE = new Map<OpaqueZone, Map<string, OpaqueField>>();
for (const field of OPAQUE_FIELDS) {
  let zone = BY_ZONE.get(field.zone);
  if (!zone) BY_ZONE.set(field.zone, (zone = new Map()));
  zone.set(field.key, field);
}

/** Whether `value` under `key` is skipped in `zone` (the table names it and it has the shape named). */
export function isOpaque(zone: OpaqueZone, key: string, value: unknown): boolean {
  const field = BY_ZONE.get(zone)?.get(key);
  return field !== undefined && field.accepts(value);
}

/**
 * Keys MCP's messages and JSON Schema define. Such a key is not read as text (it is the word
 * itself); its value is. Any other key is read.
 */
export const MCP_KEYS: ReadonlySet<string> = new Set(
  (
    "_meta action annotations argument arguments audience blob cancel capabilities clientInfo code completion completions content contents context " +
    "costPriority createdAt cursor data description destructiveHint elicitation elicitationId error execution experimental extensions form hasMore hints " +
    "icons id idempotentHint includeContext input inputSchema instructions intelligencePriority isError lastModified lastUpdatedAt level listChanged logger " +
    "logging maxTokens message messages metadata mimeType mode model modelPreferences name nextCursor openWorldHint outputSchema pollInterval priority " +
    "progress progressToken prompts protocolVersion readOnlyHint reason ref requestId requestedSchema resource resourceTemplates resources role roots " +
    "sampling serverInfo size sizes speedPriority src status statusMessage stopReason stopSequences structuredContent subscribe systemPrompt task taskId " +
    "taskSupport tasks temperature text theme title toolChoice toolUseId toolUse tools total ttl type uri uriTemplate url value values version websiteUrl " +
    "list call create createMessage requests elicitations"
  ).split(" "),
);

export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(
  (
    "$schema $id $ref $defs $anchor $dynamicRef $dynamicAnchor $vocabulary $comment definitions type enum const properties patternProperties " +
    "additionalProperties required items prefixItems additionalItems contains minContains maxContains unevaluatedItems unevaluatedProperties propertyNames " +
    "dependentSchemas dependentRequired dependencies allOf anyOf oneOf not if then else minimum maximum exclusiveMinimum exclusiveMaximum multipleOf " +
    "minLength maxLength pattern format minItems maxItems uniqueItems minProperties maxProperties title description default examples readOnly writeOnly " +
    "deprecated contentEncoding contentMediaType contentSchema enumNames nullable"
  ).split(" "),
);

/** Values that name or locate something: judged, never rewritten (DECISIONS §12). */
export const NAME_KEYS: ReadonlySet<string> = new Set(["name", "uri", "uriTemplate", "url", "src", "id", "toolUseId", "elicitationId", "taskId", "websiteUrl"]);

/** JSON Schema values a validator reads: judged, never rewritten (a rewrite would change what the tool accepts). */
export const SCHEMA_NAME_KEYS: ReadonlySet<string> = new Set(["pattern", "format", "$ref", "$id", "$schema", "$anchor", "$dynamicRef", "$dynamicAnchor", "type", "contentEncoding", "contentMediaType"]);
