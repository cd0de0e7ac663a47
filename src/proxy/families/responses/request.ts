/** Responses requests: the route schema and where the conversation's text lives. */
import { t } from "elysia";
import { requestSchema } from "../../../schema/request-schema.ts";
import { isObject } from "../../family.ts";
import { GuardrailsField } from "../../guardrails-field.ts";
import { pushContentSlots, segmentRole, type TextSlot } from "../../slots.ts";

/** SPEC "POST /v1/responses": the listed fields are typed; any other field is forwarded. */
export const ResponsesRequest = requestSchema(
  t.Object(
    {
      model: t.String({ minLength: 1 }),
      input: t.Optional(t.Union([t.String(), t.Array(t.Unknown())])),
      instructions: t.Optional(t.Union([t.String(), t.Null()])),
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

const TEXT_PARTS: ReadonlySet<string> = new Set(["input_text", "output_text", "text"]);

/**
 * `input` as a string is one user turn. As a list: message items by role, and the outputs of
 * tool calls (`function_call_output`, `custom_tool_call_output`) as tool turns, since a tool's
 * result is where an indirect injection arrives. `instructions` is the system prompt.
 */
export function responsesInputSlots(body: Record<string, unknown>): TextSlot[] {
  const slots: TextSlot[] = [];
  const input = body.input;
  if (typeof input === "string") {
    slots.push({ role: "user", text: input, holder: body, key: "input" });
    return slots;
  }
  if (!Array.isArray(input)) return slots;
  for (const item of input) {
    if (!isObject(item)) continue;
    if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      pushContentSlots(slots, "tool", item, "output", TEXT_PARTS);
    } else if (item.type === "message" || (item.type === undefined && item.role !== undefined)) {
      const role = segmentRole(item.role);
      if (role) pushContentSlots(slots, role, item, "content", TEXT_PARTS);
    }
  }
  return slots;
}
