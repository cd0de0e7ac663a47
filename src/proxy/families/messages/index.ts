/** The messages family: `POST /v1/messages`. */
import type { ApiFamily } from "../../family.ts";
import { messagesInputSlots } from "./request.ts";
import { messagesOutputTexts } from "./response.ts";
import { MessagesStream } from "./stream.ts";

export const messagesFamily: ApiFamily = {
  name: "messages",
  upstreamPath: "/v1/messages",
  inputSlots: messagesInputSlots,
  outputTexts: messagesOutputTexts,
  openStream: () => new MessagesStream(),
  endsWithDone: false,
};
