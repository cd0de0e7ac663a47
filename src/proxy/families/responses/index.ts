/** The responses family: `POST /v1/responses`. */
import { compatErrorBody } from "../compat-error.ts";
import { BODY_SHAPE, type ApiFamily } from "../../family.ts";
import { readResponsesRequest, ResponsesRequest } from "./request.ts";
import { readResponsesAnswer } from "./response.ts";
import { ResponsesStream } from "./stream.ts";

export const responsesFamily: ApiFamily = {
  name: "responses",
  routes: [{ method: "post", path: "/v1/responses", body: ResponsesRequest, upstream: "responses" }],
  ...BODY_SHAPE,
  errorBody: compatErrorBody,
  upstreamPath: "/responses",
  readRequest: readResponsesRequest,
  readAnswer: readResponsesAnswer,
  openStream: () => new ResponsesStream(),
  endsWithDone: true,
};
