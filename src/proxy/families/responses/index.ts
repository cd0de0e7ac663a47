/** The responses family: `POST /v1/responses`. */
import type { ApiFamily } from "../../family.ts";
import { responsesInputSlots } from "./request.ts";
import { responsesOutputTexts } from "./response.ts";
import { ResponsesStream } from "./stream.ts";

export const responsesFamily: ApiFamily = {
  name: "responses",
  upstreamPath: "/responses",
  inputSlots: responsesInputSlots,
  outputTexts: responsesOutputTexts,
  openStream: () => new ResponsesStream(),
  endsWithDone: true,
};
