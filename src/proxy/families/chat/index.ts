/** The chat completions family: `POST /v1/chat/completions` and the hosted deployment route. */
import type { ApiFamily } from "../../family.ts";
import { readChatRequest } from "./request.ts";
import { readChatAnswer } from "./response.ts";
import { ChatStream } from "./stream.ts";

export const chatFamily: ApiFamily = {
  name: "chat",
  upstreamPath: "/chat/completions",
  readRequest: readChatRequest,
  readAnswer: readChatAnswer,
  openStream: () => new ChatStream(),
  endsWithDone: true,
};
