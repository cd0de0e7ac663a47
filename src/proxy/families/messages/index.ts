/** The messages family: `POST /v1/messages`. */
import type { ApiFamily } from "../../family.ts";
import { readMessagesRequest } from "./request.ts";
import { readMessagesAnswer } from "./response.ts";
import { MessagesStream } from "./stream.ts";

export const messagesFamily: ApiFamily = {
  name: "messages",
  upstreamPath: "/v1/messages",
  readRequest: readMessagesRequest,
  readAnswer: readMessagesAnswer,
  openStream: () => new MessagesStream(),
  endsWithDone: false,
};
