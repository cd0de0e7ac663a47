/** The chat completions family: `POST /v1/chat/completions` and the hosted deployment route. */
import { compatErrorBody } from "../compat-error.ts";
import { BODY_SHAPE, type ApiFamily } from "../../family.ts";
import { ChatRequest, HostedChatRequest, readChatRequest } from "./request.ts";
import { readChatAnswer } from "./response.ts";
import { ChatStream } from "./stream.ts";

export const chatFamily: ApiFamily = {
  name: "chat",
  routes: [
    { method: "post", path: "/v1/chat/completions", body: ChatRequest, upstream: "chat" },
    { method: "post", path: "/hosted/deployments/:deployment/chat/completions", body: HostedChatRequest, upstream: "hosted-chat" },
    // The path Azure OpenAI clients build from an `endpoint` setting, pointed at the proxy unchanged.
    { method: "post", path: "/openai/deployments/:deployment/chat/completions", body: HostedChatRequest, upstream: "hosted-chat" },
  ],
  ...BODY_SHAPE,
  errorBody: compatErrorBody,
  upstreamPath: "/chat/completions",
  readRequest: readChatRequest,
  readAnswer: readChatAnswer,
  openStream: () => new ChatStream(),
  endsWithDone: true,
};
