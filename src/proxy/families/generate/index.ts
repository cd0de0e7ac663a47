/**
 * The generateContent family (DECISIONS §13): `POST /v1beta/models/{model}:generateContent`,
 * `:streamGenerateContent` and `:countTokens` (also under `/v1`), the model and the action in
 * the URL; the model catalogue of its clients (`x-goog-api-key` or `?key=`) proxied.
 */
import { ApiError } from "../../../errors/api-error.ts";
import type { ApiFamily } from "../../family.ts";
import { generateErrorBody } from "./error.ts";
import { KEY_HEADER, generate } from "./provider.ts";
import { GenerateRequest, readGenerateRequest } from "./request.ts";
import { readGenerateAnswer } from "./response.ts";
import { GenerateStream } from "./stream.ts";

const ACTIONS = new Set(["generateContent", "streamGenerateContent", "countTokens"]);
const UPSTREAM = { providers: ["generate"], fallbacks: ["generate"] } as const;

/** `gemini-2.0-flash:generateContent` as model and action; an action this family does not serve is a 404. */
function targetOf(params: Readonly<Record<string, string>>): { model: string; action: string } {
  const target = params.target ?? "";
  const colon = target.lastIndexOf(":");
  const model = colon === -1 ? target : target.slice(0, colon);
  const action = colon === -1 ? "" : target.slice(colon + 1);
  if (model.length === 0 || !ACTIONS.has(action)) throw new ApiError(404, "not_found", "the generate routes serve models/{model}:generateContent, :streamGenerateContent and :countTokens");
  return { model, action };
}

/** The action and API version a URL names. */
function urlParts(url: string): { version: string; action: string; sse: boolean } {
  const path = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  const [pathname = "", query = ""] = path.split("?");
  const version = pathname.split("/")[1] ?? "v1beta";
  const action = decodeURIComponent(pathname.slice(pathname.lastIndexOf(":") + 1));
  return { version, action, sse: new URLSearchParams(query).get("alt") === "sse" };
}

export const generateFamily: ApiFamily = {
  name: "generate",
  providers: [generate],
  routes: [
    { method: "post", path: "/v1beta/models/:target", body: GenerateRequest, upstream: UPSTREAM },
    { method: "post", path: "/v1/models/:target", body: GenerateRequest, upstream: UPSTREAM },
  ],
  catalogue: {
    provider: "generate",
    claims: (request) => request.headers.has(KEY_HEADER) || new URL(request.url).searchParams.has("key"),
    query: ["pageSize", "pageToken"],
    paths: ["/v1beta/models", "/v1beta/models/:id"],
  },
  model: (_body, params) => targetOf(params).model,
  stream: (_body, url) => urlParts(url).action === "streamGenerateContent",
  // Without alt=sse the client reads one JSON array; the upstream is asked for SSE all the same.
  streamFraming: (url) => (urlParts(url).sse ? "sse" : "json-array"),
  placeModel: () => {},
  // The upstream is always asked for SSE when streaming: the relay reads events.
  upstreamPath: (model, url) => {
    const { version, action } = urlParts(url);
    return `/${version}/models/${model}:${action}${action === "streamGenerateContent" ? "?alt=sse" : ""}`;
  },
  preFlightOnly: (url) => urlParts(url).action === "countTokens",
  errorBody: generateErrorBody,
  readRequest: readGenerateRequest,
  readAnswer: readGenerateAnswer,
  openStream: () => new GenerateStream(),
  endsWithDone: false,
};
