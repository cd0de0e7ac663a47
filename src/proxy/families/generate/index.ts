/**
 * The generateContent family (DECISIONS §13): `POST /v1beta/models/{model}:generateContent`,
 * `:streamGenerateContent` and `:countTokens` (also under `/v1`), the model and the action in
 * the URL; the model catalogue of its clients (`x-goog-api-key` or `?key=`) proxied.
 */
import type { ApiFamily } from "../../family.ts";
import { generateErrorBody } from "./error.ts";
import { KEY_HEADER, generate } from "./provider.ts";
import { GenerateRequest, readGenerateRequest } from "./request.ts";
import { readGenerateAnswer } from "./response.ts";
import { GenerateStream } from "./stream.ts";
import { GENERATE_FIELDS } from "./fields.ts";
import { generateTarget, upstreamPathOf } from "./target.ts";

const UPSTREAM = { providers: ["generate"], fallbacks: ["generate"] } as const;

export const generateFamily: ApiFamily = {
  name: "generate",
  providers: [generate],
  routes: [
    { method: "post", path: "/v1beta/models/:target", body: GenerateRequest, upstream: UPSTREAM },
    { method: "post", path: "/v1/models/:target", body: GenerateRequest, upstream: UPSTREAM },
    { method: "post", path: "/v1beta/tunedModels/:target", body: GenerateRequest, upstream: UPSTREAM },
    { method: "post", path: "/v1/tunedModels/:target", body: GenerateRequest, upstream: UPSTREAM },
  ],
  catalogue: {
    provider: "generate",
    claims: (request) => request.headers.has(KEY_HEADER) || new URL(request.url).searchParams.has("key"),
    query: ["pageSize", "pageToken"],
    paths: ["/v1beta/models", "/v1beta/models/:id"],
  },
  // The model and action are read from the URL as sent, checked, and never pasted in raw (target.ts).
  model: (_body, _params, url) => generateTarget(url).model,
  stream: (_body, url) => generateTarget(url).action === "streamGenerateContent",
  // Without alt=sse the client reads one JSON array; the upstream is asked for SSE all the same.
  streamFraming: (url) => (generateTarget(url).sse ? "sse" : "json-array"),
  placeModel: () => {},
  upstreamPath: (model, url) => upstreamPathOf(model, generateTarget(url)),
  preFlightOnly: (url) => generateTarget(url).action === "countTokens",
  fields: GENERATE_FIELDS,
  errorBody: generateErrorBody,
  readRequest: readGenerateRequest,
  readAnswer: readGenerateAnswer,
  openStream: () => new GenerateStream(),
  endsWithDone: false,
};
