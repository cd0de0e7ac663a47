/** Responses requests: the route schema and where the request's text lives. */
import { t } from "elysia";
import { requestSchema } from "../../../schema/request-schema.ts";
import { isObject } from "../../../schema/json.ts";
import { GuardrailsField } from "../../guardrails-field.ts";
import { TextReading, type SlotRole } from "../../reading/text-reading.ts";
import { messageRole } from "../chat/request.ts";
import { RESPONSES_FIELDS } from "./fields.ts";

/** SPEC "POST /v1/responses": the listed fields are typed; any other field is forwarded. */
export const ResponsesRequest = requestSchema(
  t.Object(
    {
      model: t.String({ minLength: 1 }),
      input: t.Optional(t.Union([t.String(), t.Array(t.Unknown())])),
      instructions: t.Optional(t.Union([t.String(), t.Null(), t.Array(t.Unknown())])),
      tools: t.Optional(t.Array(t.Unknown())),
      previous_response_id: t.Optional(t.Union([t.String(), t.Null()])),
      temperature: t.Optional(t.Union([t.Number({ minimum: 0, maximum: 2 }), t.Null()])),
      max_output_tokens: t.Optional(t.Union([t.Integer({ minimum: 1 }), t.Null()])),
      top_p: t.Optional(t.Union([t.Number({ minimum: 0, maximum: 1 }), t.Null()])),
      user: t.Optional(t.String()),
      stream: t.Optional(t.Boolean()),
      guardrails: GuardrailsField,
    },
    { additionalProperties: true },
  ),
);

/**
 * `instructions` (the system prompt), `input` as a string (one user turn) or as items of every
 * type, the prompt template's variables, and the tools' descriptions (judged, not masked).
 */
export function readResponsesRequest(body: Record<string, unknown>): TextReading {
  const reading = new TextReading(RESPONSES_FIELDS);
  reading.read(body, "instructions", "system");
  const input = body.input;
  if (typeof input === "string") {
    reading.nextTurn();
    reading.read(body, "input", "user");
  } else if (Array.isArray(input)) {
    for (let i = 0; i < input.length; i++) {
      const item = input[i];
      if (!isObject(item)) continue;
      reading.nextTurn();
      reading.read(input, i, itemRole(item));
    }
  }
  if (isObject(body.prompt)) {
    reading.read(body.prompt, "variables", "user");
    reading.read(body.prompt, "version", "user");
  }
  reading.rest(body, ["instructions", "input", "prompt"], "user");
  return reading.decideJudged();
}

/**
 * A message item has its role. A tool's answer (`*_output`) is a tool turn. Any other item is
 * something the model did (a call, its reasoning): an assistant turn, whose `output` and
 * `results` are the tool's answer (text-reading.ts).
 */
function itemRole(item: Record<string, unknown>): SlotRole {
  if (item.role !== undefined) return messageRole(item.role);
  const type = typeof item.type === "string" ? item.type : "";
  return type.endsWith("_output") ? "tool" : "assistant";
}
