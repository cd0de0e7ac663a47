/** What the chat completions reader skips (reading/fields.ts): everything else is read. */
import { Fields, type FieldTable } from "../../reading/fields.ts";

export const CHAT_TABLE: FieldTable = {
  family: "chat",
  opaque: [
    { field: "signature", why: "a signature the provider checks" },
    { field: "encrypted_content", why: "encrypted content the provider alone reads" },
    { field: "detail", why: "an image's detail level (an enum)" },
    { field: "format", why: "an audio format (an enum)" },
    { field: "cache_control", why: "a caching directive" },
    { field: "logprobs", why: "read as the answer's tokens, once (token-entries.ts)" },
    { field: "obfuscation", why: "random padding a stream's events carry" },
  ],
  parameters: [
    ...[
      "model", "stream", "stream_options", "temperature", "top_p", "n", "max_tokens", "max_completion_tokens", "seed", "logprobs", "top_logprobs", "presence_penalty",
      "frequency_penalty", "logit_bias", "parallel_tool_calls", "reasoning_effort", "service_tier", "store", "modalities", "verbosity", "audio",
    ].map((field) => ({ field, why: "a model parameter (an enum or a number)" })),
    { field: "prompt_cache_key", why: "a cache key the provider matches" },
    { field: "safety_identifier", why: "an identifier the provider matches" },
  ],
  definitions: ["tools", "functions", "response_format", "tool_choice", "function_call"],
  answer: [
    { field: "object", why: "the object's kind (an enum)" },
    { field: "created", why: "a time stamp" },
    { field: "model", why: "the model's name" },
    { field: "system_fingerprint", why: "a build identifier" },
    { field: "service_tier", why: "an enum" },
    { field: "usage", why: "token counts" },
    { field: "finish_reason", why: "why a choice ended (an enum)" },
    { field: "logprobs", why: "read as the answer's tokens, once (token-entries.ts)" },
  ],
  signedRequests: "keep",
  toolData: ["arguments", "input"],
};

export const CHAT_FIELDS = new Fields(CHAT_TABLE);
