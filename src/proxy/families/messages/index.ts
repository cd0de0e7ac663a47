/** The messages family: `POST /v1/messages`. */
import { messagesErrorBody } from "./error.ts";
import { bodyShape, type ApiFamily } from "../../family.ts";
import { MessagesRequest, readMessagesRequest } from "./request.ts";
import { readMessagesAnswer } from "./response.ts";
import { MessagesStream } from "./stream.ts";
import { MESSAGES_FIELDS } from "./fields.ts";
import { messages } from "./provider.ts";

export const messagesFamily: ApiFamily = {
  name: "messages",
  providers: [messages],
  routes: [{ method: "post", path: "/v1/messages", body: MessagesRequest, upstream: { providers: ["messages"], fallbacks: ["messages"] } }],
  // Messages-style clients (they send `messages-version`, `anthropic-version` or `x-api-key`) get the upstream's own catalogue.
  catalogue: {
    provider: "messages",
    claims: ({ headers }) => headers.has("messages-version") || headers.has("anthropic-version") || headers.has("x-api-key"),
    query: ["limit", "after_id", "before_id"],
  },
  ...bodyShape("/v1/messages"),
  fields: MESSAGES_FIELDS,
  errorBody: messagesErrorBody,
  readRequest: readMessagesRequest,
  readAnswer: readMessagesAnswer,
  openStream: () => new MessagesStream(),
  endsWithDone: false,
};
