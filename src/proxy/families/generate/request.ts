/**
 * generateContent requests (DECISIONS §13): the route schema and where the request's text lives:
 * `systemInstruction`, every content's parts by role (`model` is the assistant; a part holding a
 * `functionResponse` is a tool turn), function call arguments and responses read in place (so
 * they stay valid objects), `inlineData` of a text type read decoded and re-encoded, thought
 * parts carrying a `thoughtSignature` left as signed, `fileData` and `cachedContent` counted as
 * content the proxy cannot see, and the tools' function declarations judged, never masked.
 */
import { t } from "elysia";
import { requestSchema } from "../../../schema/request-schema.ts";
import { isObject } from "../../../schema/json.ts";
import { GuardrailsField } from "../../guardrails-field.ts";
import { TextReading, type SlotRole } from "../../reading/text-reading.ts";

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
  const reading = new TextReading();
  readRequestBody(reading, body);
  // countTokens may wrap a whole generateContent request.
  if (isObject(body.generateContentRequest)) readRequestBody(reading, body.generateContentRequest);
  return reading.decideJudged();
}

function readRequestBody(reading: TextReading, body: Record<string, unknown>): void {
  const system = body.systemInstruction;
  if (typeof system === "string") reading.read(body, "systemInstruction", "system");
  else if (isObject(system)) readParts(reading, system.parts, "system");
  if (Array.isArray(body.contents)) {
    for (const content of body.contents) {
      if (!isObject(content)) continue;
      reading.nextTurn();
      readParts(reading, content.parts, content.role === "model" ? "assistant" : "user");
    }
  }
  if (typeof body.cachedContent === "string" && body.cachedContent.length > 0) reading.unseen("file");
  if (Array.isArray(body.tools)) for (const tool of body.tools) if (isObject(tool)) reading.definitions(tool.functionDeclarations);
}

/** A content's parts, in a request or an answer (the reading says which). */
export function readParts(reading: TextReading, parts: unknown, role: SlotRole): void {
  if (!Array.isArray(parts)) return;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!isObject(part)) continue;
    if (typeof part.thoughtSignature === "string" && part.thoughtSignature.length > 0) reading.signed(part.text, role);
    else if (isObject(part.inlineData)) reading.encoded(part.inlineData, "data", part.inlineData.mimeType, role);
    else if (isObject(part.fileData)) reading.unseen("file");
    else if (isObject(part.functionResponse)) reading.read(part, "functionResponse", "tool");
    else reading.read(parts, i, role);
  }
}
