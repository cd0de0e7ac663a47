/** The responses family: `POST /v1/responses`. */
import type { ApiFamily } from "../../family.ts";
import { readResponsesRequest } from "./request.ts";
import { readResponsesAnswer } from "./response.ts";
import { ResponsesStream } from "./stream.ts";

export const responsesFamily: ApiFamily = {
  name: "responses",
  upstreamPath: "/responses",
  readRequest: readResponsesRequest,
  readAnswer: readResponsesAnswer,
  openStream: () => new ResponsesStream(),
  endsWithDone: true,
};
