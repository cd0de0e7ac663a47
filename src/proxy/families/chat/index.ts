/** The chat completions family: `POST /v1/chat/completions` and the hosted deployment route. */
import type { ApiFamily } from "../../family.ts";
import { readChatRequest } from "./request.ts";
import { chatOutputTexts } from "./response.ts";
import { ChatStream } from "./stream.ts";

export const chatFamily: ApiFamily = {
  name: "chat",
  upstreamPath: "/chat/completions",
  readRequest: readChatRequest,
  outputTexts: chatOutputTexts,
  openStream: () => new ChatStream(),
  endsWithDone: true,
};
