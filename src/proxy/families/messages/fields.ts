/** What the messages reader skips (reading/fields.ts): everything else is read. */
import { Fields, type FieldTable } from "../../reading/fields.ts";

export const MESSAGES_TABLE: FieldTable = {
  family: "messages",
  opaque: [
    { field: "signature", why: "a signature the provider checks (the block's text is read all the same)" },
    { field: "media_type", why: "a media type (read to decide whether data is text)" },
    { field: "cache_control", why: "a caching directive" },
    { field: "citations_config", why: "a switch" },
  ],
  parameters: [
    ...["model", "max_tokens", "stream", "temperature", "top_p", "top_k", "thinking", "service_tier", "container", "context_management"].map((field) => ({ field, why: "a model parameter (an enum or a number)" })),
  ],
  definitions: ["tools", "tool_choice", "output_format"],
  answer: [
    { field: "model", why: "the model's name" },
    { field: "stop_reason", why: "why the answer ended (an enum)" },
    { field: "stop_sequence", why: "the caller's own stop sequence, echoed back" },
    { field: "usage", why: "token counts" },
    { field: "container", why: "a container's identifier and expiry" },
  ],
  signedRequests: "keep",
  toolData: ["input"],
};

export const MESSAGES_FIELDS = new Fields(MESSAGES_TABLE);
