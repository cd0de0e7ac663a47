/** Chat completions requests: the route schema and where the request's text lives. */
import { t } from "elysia";
import { requestSchema } from "../../../schema/request-schema.ts";
import { isObject } from "../../../schema/json.ts";
import { GuardrailsField } from "../../guardrails-field.ts";
import { TextReading, type SlotRole } from "../../reading/text-reading.ts";
import { CHAT_FIELDS } from "./fields.ts";

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

/**
 * Every message, by its role (content of any part type, `refusal`, tool-call and function-call
 * arguments), the predicted output, and the tools' descriptions (judged, not masked).
 */
export function readChatRequest(body: Record<string, unknown>): TextReading {
  const reading = new TextReading(CHAT_FIELDS);
  const messages = body.messages;
  if (Array.isArray(messages)) {
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i];
      if (!isObject(message)) continue;
      reading.nextTurn();
      reading.read(messages, i, messageRole(message.role));
    }
  }
  // A predicted output is the caller's own text for the model to reuse, like a system prompt.
  if (isObject(body.prediction)) reading.read(body, "prediction", "system");
  // Every other field: model parameters skipped by name, definitions judged, the rest read.
  reading.rest(body, ["messages", "prediction"], "user");
  return reading.decideJudged();
}

/** Chat roles as the guardrails see them; a role we do not know is treated as a user's. */
export function messageRole(role: unknown): SlotRole {
  switch (role) {
    case "system":
    case "developer":
      return "system";
    case "assistant":
      return "assistant";
    case "tool":
    case "function":
      return "tool";
    default:
      return "user";
  }
}
