/** What the responses reader skips (reading/fields.ts): everything else is read. */
import { Fields, type FieldTable } from "../../reading/fields.ts";
import { CHAT_TABLE } from "../chat/fields.ts";

export const RESPONSES_TABLE: FieldTable = {
  family: "responses",
  opaque: [
    ...CHAT_TABLE.opaque,
    { field: "status", why: "an item's status (an enum)" },
  ],
  parameters: [
    ...[
      "model", "stream", "stream_options", "temperature", "top_p", "max_output_tokens", "max_tool_calls", "parallel_tool_calls", "reasoning", "service_tier", "store",
      "background", "truncation", "include", "top_logprobs",
    ].map((field) => ({ field, why: "a model parameter (an enum or a number)" })),
    { field: "previous_response_id", why: "an identifier the provider matches" },
    { field: "conversation", why: "a conversation's identifier" },
    { field: "prompt_cache_key", why: "a cache key the provider matches" },
    { field: "safety_identifier", why: "an identifier the provider matches" },
  ],
  definitions: ["tools", "tool_choice", "text"],
  answer: [
    { field: "object", why: "the object's kind (an enum)" },
    { field: "created_at", why: "a time stamp" },
    { field: "sequence_number", why: "an event's number" },
    { field: "completed_at", why: "a time stamp" },
    { field: "model", why: "the model's name" },
    { field: "status", why: "the response's status (an enum)" },
    { field: "usage", why: "token counts" },
    ...["instructions", "tools", "tool_choice", "text", "metadata", "reasoning", "temperature", "top_p", "max_output_tokens", "max_tool_calls", "parallel_tool_calls", "truncation", "user", "store", "background", "service_tier", "prompt", "top_logprobs", "prompt_cache_key", "safety_identifier", "conversation"].map(
      (field) => ({ field, why: "the request's own field, echoed back (judged in the request)" }),
    ),
  ],
  signedRequests: "keep",
  toolData: ["arguments", "input"],
};

export const RESPONSES_FIELDS = new Fields(RESPONSES_TABLE);
