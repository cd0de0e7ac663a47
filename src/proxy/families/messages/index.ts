/** The messages family: `POST /v1/messages`. */
import { messagesErrorBody } from "./error.ts";
import { BODY_SHAPE, type ApiFamily } from "../../family.ts";
import { MessagesRequest, readMessagesRequest } from "./request.ts";
import { readMessagesAnswer } from "./response.ts";
import { MessagesStream } from "./stream.ts";

export const messagesFamily: ApiFamily = {
  name: "messages",
  routes: [{ method: "post", path: "/v1/messages", body: MessagesRequest, upstream: "messages" }],
  ...BODY_SHAPE,
  errorBody: messagesErrorBody,
  upstreamPath: "/v1/messages",
  readRequest: readMessagesRequest,
  readAnswer: readMessagesAnswer,
  openStream: () => new MessagesStream(),
  endsWithDone: false,
};
