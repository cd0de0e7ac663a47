/** Messages requests: the route schema and where the conversation's text lives. */
import { t } from "elysia";
import { requestSchema } from "../../../schema/request-schema.ts";
import { isObject } from "../../family.ts";
import { GuardrailsField } from "../../guardrails-field.ts";
import { pushContentSlots, type TextSlot } from "../../slots.ts";

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

const TEXT_BLOCKS: ReadonlySet<string> = new Set(["text"]);

/**
 * User and assistant turns: a string, or text blocks. A `tool_result` block inside a user turn
 * is a tool turn (an indirect injection arrives there), whatever the message's role says.
 * `system` is the system prompt and is left alone.
 */
export function messagesInputSlots(body: Record<string, unknown>): TextSlot[] {
  const slots: TextSlot[] = [];
  const messages = body.messages;
  if (!Array.isArray(messages)) return slots;
  for (const message of messages) {
    if (!isObject(message)) continue;
    const role = message.role === "assistant" ? "assistant" : "user";
    const content = message.content;
    if (!Array.isArray(content)) {
      pushContentSlots(slots, role, message, "content", TEXT_BLOCKS);
      continue;
    }
    for (const block of content) {
      if (!isObject(block)) continue;
      if (block.type === "text" && typeof block.text === "string") slots.push({ role, text: block.text, holder: block, key: "text" });
      else if (block.type === "tool_result") pushContentSlots(slots, "tool", block, "content", TEXT_BLOCKS);
    }
  }
  return slots;
}
