/** The responses family: `POST /v1/responses`. */
import { compatErrorBody } from "../compat-error.ts";
import { bodyShape, type ApiFamily } from "../../family.ts";
import { readResponsesRequest, ResponsesRequest } from "./request.ts";
import { readResponsesAnswer } from "./response.ts";
import { ResponsesStream } from "./stream.ts";
import { RESPONSES_FIELDS } from "./fields.ts";
import { CHAT_UPSTREAMS } from "../chat/index.ts";
import { compat } from "../chat/providers/compat.ts";
import { hosted } from "../chat/providers/hosted.ts";

export const responsesFamily: ApiFamily = {
  name: "responses",
  // The same upstreams as chat completions serve it.
  providers: [compat, hosted],
  routes: [{ method: "post", path: "/v1/responses", body: ResponsesRequest, upstream: CHAT_UPSTREAMS }],
  ...bodyShape("/responses"),
  fields: RESPONSES_FIELDS,
  errorBody: compatErrorBody,
  readRequest: readResponsesRequest,
  readAnswer: readResponsesAnswer,
  openStream: () => new ResponsesStream(),
  endsWithDone: true,
};
