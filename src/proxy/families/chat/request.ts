/** Chat completions requests: the route schema and where the conversation's text lives. */
import { t } from "elysia";
import { requestSchema } from "../../../schema/request-schema.ts";
import { isObject } from "../../family.ts";
import { GuardrailsField } from "../../guardrails-field.ts";
import { pushContentSlots, segmentRole, type TextSlot } from "../../slots.ts";

const ChatMessage = t.Object({ role: t.String() }, { additionalProperties: true });

/** Fields the guardrails read; every other field is accepted and forwarded (SPEC rule 2). */
export const ChatRequest = requestSchema(
  t.Object(
    {
      model: t.String({ minLength: 1 }),
      messages: t.Array(ChatMessage, { minItems: 1 }),
      stream: t.Optional(t.Boolean()),
      guardrails: GuardrailsField,
    },
    { additionalProperties: true },
  ),
);

/** The hosted deployment route: the path's deployment stands in for a missing `model`. */
export const HostedChatRequest = requestSchema(
  t.Object(
    {
      model: t.Optional(t.String({ minLength: 1 })),
      messages: t.Array(ChatMessage, { minItems: 1 }),
      stream: t.Optional(t.Boolean()),
      guardrails: GuardrailsField,
    },
    { additionalProperties: true },
  ),
);

const TEXT_PARTS: ReadonlySet<string> = new Set(["text"]);

export function chatInputSlots(body: Record<string, unknown>): TextSlot[] {
  const slots: TextSlot[] = [];
  const messages = body.messages;
  if (!Array.isArray(messages)) return slots;
  for (const message of messages) {
    if (!isObject(message)) continue;
    const role = segmentRole(message.role);
    if (role) pushContentSlots(slots, role, message, "content", TEXT_PARTS);
  }
  return slots;
}
