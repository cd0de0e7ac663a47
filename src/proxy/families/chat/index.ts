/** The chat completions family: `POST /v1/chat/completions` and the hosted deployment route. */
import { compatErrorBody } from "../compat-error.ts";
import { bodyShape, type ApiFamily } from "../../family.ts";
import { ChatRequest, HostedChatRequest, readChatRequest } from "./request.ts";
import { readChatAnswer } from "./response.ts";
import { ChatStream } from "./stream.ts";
import { CHAT_FIELDS } from "./fields.ts";
import { compat } from "./providers/compat.ts";
import { hosted } from "./providers/hosted.ts";

/** What chat-style routes reach: compat and hosted upstreams; a model no entry names goes to compat. */
export const CHAT_UPSTREAMS = { providers: ["compat", "hosted"], fallbacks: ["compat"] } as const;
/** A hosted deployment route falls back to HOSTED_ENDPOINT when it is set. */
const HOSTED_UPSTREAMS = { providers: ["compat", "hosted"], fallbacks: ["hosted", "compat"] } as const;

export const chatFamily: ApiFamily = {
  name: "chat",
  providers: [compat, hosted],
  routes: [
    { method: "post", path: "/v1/chat/completions", body: ChatRequest, upstream: CHAT_UPSTREAMS },
    { method: "post", path: "/hosted/deployments/:deployment/chat/completions", body: HostedChatRequest, upstream: HOSTED_UPSTREAMS },
    // The path Azure OpenAI clients build from an `endpoint` setting, pointed at the proxy unchanged.
    { method: "post", path: "/openai/deployments/:deployment/chat/completions", body: HostedChatRequest, upstream: HOSTED_UPSTREAMS },
  ],
  ...bodyShape("/chat/completions"),
  fields: CHAT_FIELDS,
  errorBody: compatErrorBody,
  readRequest: readChatRequest,
  readAnswer: readChatAnswer,
  openStream: () => new ChatStream(),
  endsWithDone: true,
};
