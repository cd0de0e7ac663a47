/** Messages requests: the route schema and where the request's text lives. */
import { t } from "elysia";
import { requestSchema } from "../../../schema/request-schema.ts";
import { isObject } from "../../../schema/json.ts";
import { GuardrailsField } from "../../guardrails-field.ts";
import { TextReading, type SlotRole } from "../../reading/text-reading.ts";
import { messageRole } from "../chat/request.ts";
import { MESSAGES_FIELDS } from "./fields.ts";

const Message = t.Object({ role: t.String() }, { additionalProperties: true });

/** SPEC "POST /v1/messages": `max_tokens` is required; any other field is forwarded. */
export const MessagesRequest = requestSchema(
  t.Object(
    {
      model: t.String({ minLength: 1 }),
      max_tokens: t.Integer({ minimum: 1 }),
      messages: t.Array(Message, { minItems: 1 }),
      system: t.Optional(t.Union([t.String(), t.Array(t.Unknown())])),
      temperature: t.Optional(t.Number({ minimum: 0, maximum: 1 })),
      top_p: t.Optional(t.Number({ minimum: 0, maximum: 1 })),
      top_k: t.Optional(t.Integer({ minimum: 0 })),
      stop_sequences: t.Optional(t.Array(t.String())),
      tools: t.Optional(t.Array(t.Unknown())),
      tool_choice: t.Optional(t.Object({}, { additionalProperties: true })),
      metadata: t.Optional(t.Object({}, { additionalProperties: true })),
      stream: t.Optional(t.Boolean()),
      guardrails: GuardrailsField,
    },
    { additionalProperties: true },
  ),
);

/**
 * `system` (a string or text blocks), every message's content blocks by their role, where a
 * tool's result (`tool_result`, `*_tool_result`) inside a user message is a tool turn, and the
 * tools' descriptions (judged, not masked).
 */
export function readMessagesRequest(body: Record<string, unknown>): TextReading {
  const reading = new TextReading(MESSAGES_FIELDS);
  reading.read(body, "system", "system");
  const messages = body.messages;
  if (Array.isArray(messages)) {
    for (const message of messages) {
      if (!isObject(message)) continue;
      reading.nextTurn();
      const role = messageRole(message.role);
      reading.readExcept(message, ["role", "content"], role);
      const content = message.content;
      if (!Array.isArray(content)) {
        reading.read(message, "content", role);
        continue;
      }
      for (let i = 0; i < content.length; i++) {
        const block = content[i];
        if (isObject(block)) reading.read(content, i, blockRole(block, role));
      }
    }
  }
  reading.rest(body, ["system", "messages"], "user");
  return reading.decideJudged();
}

function blockRole(block: Record<string, unknown>, role: SlotRole): SlotRole {
  return typeof block.type === "string" && block.type.endsWith("tool_result") ? "tool" : role;
}
