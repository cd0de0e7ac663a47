/**
 * generateContent requests (DECISIONS §13): the route schema and where the request's text lives:
 * `systemInstruction`, every content's parts by role (`model` is the assistant; a part holding a
 * `functionResponse` is a tool turn), function call `args` and `response` read key by key (so
 * they stay valid objects), `inlineData` of a text type read decoded and re-encoded, signed parts
 * read like any other (never rewritten: a rewrite blocks), `fileData` and `cachedContent`
 * counted as content the proxy cannot see, the definitions (tools, tool config, generation
 * config) judged, never masked, and every other field read by default (fields.ts). The
 * protobuf names the provider's parser accepts (`inline_data`, `system_instruction`, ...) are
 * read as their camelCase twins.
 */
import { t } from "elysia";
import { requestSchema } from "../../../schema/request-schema.ts";
import { isObject } from "../../../schema/json.ts";
import { GuardrailsField } from "../../guardrails-field.ts";
import { TextReading, type SlotRole } from "../../reading/text-reading.ts";
import { GENERATE_FIELDS } from "./fields.ts";

/** generateContent, streamGenerateContent and countTokens bodies: every field is forwarded. */
export const GenerateRequest = requestSchema(
  t.Object(
    {
      contents: t.Optional(t.Array(t.Unknown())),
      systemInstruction: t.Optional(t.Unknown()),
      tools: t.Optional(t.Array(t.Unknown())),
      cachedContent: t.Optional(t.String()),
      generateContentRequest: t.Optional(t.Object({}, { additionalProperties: true })),
      guardrails: GuardrailsField,
    },
    { additionalProperties: true },
  ),
);

export function readGenerateRequest(body: Record<string, unknown>): TextReading {
  const reading = new TextReading(GENERATE_FIELDS);
  readRequestBody(reading, body);
  return reading.decideJudged();
}

/** `holder`'s field by its camelCase name or its protobuf twin: the key it is under, if any. */
export function keyOf(holder: Record<string, unknown>, name: string): string | undefined {
  if (name in holder) return name;
  for (const key in holder) if (GENERATE_FIELDS.canonical(key) === name) return key;
  return undefined;
}

function field(holder: Record<string, unknown>, name: string): unknown {
  const key = keyOf(holder, name);
  return key === undefined ? undefined : holder[key];
}

const BODY_FIELDS = ["systemInstruction", "contents", "cachedContent", "generateContentRequest"];

function readRequestBody(reading: TextReading, body: Record<string, unknown>): void {
  const systemKey = keyOf(body, "systemInstruction");
  const system = systemKey === undefined ? undefined : body[systemKey];
  if (typeof system === "string") reading.read(body, systemKey!, "system");
  else if (isObject(system)) readContent(reading, system, "system");
  const contents = field(body, "contents");
  {
    for (const content of listOf(contents)) {
      if (!isObject(content)) continue;
      reading.nextTurn();
      readContent(reading, content, content.role === "model" ? "assistant" : "user");
    }
  }
  const cached = field(body, "cachedContent");
  if (typeof cached === "string" && cached.length > 0) reading.unseen("file");
  // countTokens may wrap a whole generateContent request.
  const inner = field(body, "generateContentRequest");
  if (isObject(inner)) readRequestBody(reading, inner);
  reading.rest(body, Object.keys(body).filter((k) => BODY_FIELDS.includes(GENERATE_FIELDS.canonical(k))), "user");
}

/** A content: its parts, and any other field of it but its role. */
function readContent(reading: TextReading, content: Record<string, unknown>, role: SlotRole): void {
  readParts(reading, content, role);
}

/**
 * A content's parts, in a request or an answer (the reading says which), and the content's
 * other fields but its role. The provider's JSON parser takes a single object for a repeated
 * field (`"parts": {"text": ...}`), so a lone part is read as a list of one.
 */
export function readParts(reading: TextReading, content: Record<string, unknown>, role: SlotRole, skip: readonly string[] = ["role"]): void {
  const partsKey = keyOf(content, "parts");
  const parts = partsKey === undefined ? undefined : content[partsKey];
  if (Array.isArray(parts)) for (let i = 0; i < parts.length; i++) readPart(reading, parts, i, role);
  else if (isObject(parts)) readPart(reading, content, partsKey!, role);
  else if (partsKey !== undefined) reading.read(content, partsKey, role);
  reading.readExcept(content, [...skip, ...(partsKey === undefined ? [] : [partsKey])], role);
}

/** A list of the provider's: an array, or a single object standing for a list of one. */
export function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return isObject(value) ? [value] : [];
}

/** One part, `holder[key]`: its text, media, function call or response. */
function readPart(reading: TextReading, holder: Record<string, unknown> | unknown[], key: string | number, role: SlotRole): void {
  const part = (holder as Record<string | number, unknown>)[key];
  if (!isObject(part)) {
    reading.read(holder, key, role);
    return;
  }
  const inlineKey = keyOf(part, "inlineData");
  const inline = inlineKey === undefined ? undefined : part[inlineKey];
  if (isObject(inline)) {
    const dataKey = keyOf(inline, "data");
    if (dataKey !== undefined) reading.encoded(inline, dataKey, field(inline, "mimeType"), role);
    else reading.unseen("file");
    // The media's other fields (keys not known yet included) and the part's, by the rules.
    reading.readExcept(inline, dataKey === undefined ? [] : [dataKey], role);
    reading.readExcept(part, [inlineKey!], role);
    return;
  }
  const fileKey = keyOf(part, "fileData");
  if (fileKey !== undefined) {
    reading.unseen("file");
    if (isObject(part[fileKey])) reading.readExcept(part[fileKey] as Record<string, unknown>, [], role);
    reading.readExcept(part, [fileKey], role);
    return;
  }
  const responseKey = keyOf(part, "functionResponse");
  const response = responseKey === undefined ? undefined : part[responseKey];
  if (isObject(response) && keyOf(response, "parts") !== undefined) {
    // A function response's own parts (media a tool returned) are read as the content's are.
    readParts(reading, response, "tool", []);
    reading.readExcept(part, [responseKey!], "tool");
    return;
  }
  reading.read(holder, key, responseKey !== undefined ? "tool" : role);
}
