/**
 * `GET /v1/models` and `GET /v1/models/{id}` (SPEC "GET /v1/models"). Compat-style clients get
 * the models config's named entries. Messages-style clients (they send `messages-version`,
 * `anthropic-version` or `x-api-key`) get the messages upstream's own catalogue, proxied.
 */
import { Elysia } from "elysia";
import { readAnswerText } from "../../upstream/answer-size.ts";
import { UpstreamStatusError } from "../../upstream/errors.ts";
import { upstreamHeaders } from "../../upstream/forwarding.ts";
import { relayedError, relayedHeaders } from "../../upstream/response-headers.ts";
import { requestContext, type AppDeps } from "../context.ts";
import { ApiError } from "../../errors/api-error.ts";
import { callerValue } from "../../log/caller-value.ts";

/** `owned_by` of every listed model. */
export const MODEL_OWNER = "guardrail-proxy";

/** Paging parameters of the messages catalogue, forwarded as sent. */
const CATALOGUE_QUERY = ["limit", "after_id", "before_id"];

export function modelsRoutes(deps: AppDeps) {
  const router = deps.upstream.router;
  return new Elysia({ name: "models-routes" })
    .use(requestContext)
    .get("/v1/models", ({ request }) =>
      isMessagesClient(request.headers) ? catalogue(deps, request, "/v1/models") : { object: "list", data: router.names.map(modelObject) },
    )
    .get("/v1/models/:id", ({ request, params }) => {
      // `%2e%2e` arrives decoded; as a path segment it would climb the upstream's path.
      if (params.id === "." || params.id === "..") throw new ApiError(404, "not_found", `model '${params.id}' is not a model name`);
      if (isMessagesClient(request.headers)) return catalogue(deps, request, `/v1/models/${encodeURIComponent(params.id)}`);
      if (!router.names.includes(params.id)) throw new ApiError(404, "not_found", `model '${callerValue(params.id)}' is not in the models config`);
      return modelObject(params.id);
    });
}

function modelObject(id: string) {
  return { id, object: "model", created: 0, owned_by: MODEL_OWNER };
}

function isMessagesClient(headers: Headers): boolean {
  return headers.has("messages-version") || headers.has("anthropic-version") || headers.has("x-api-key");
}

async function catalogue(deps: AppDeps, request: Request, path: string): Promise<Response> {
  const route = deps.upstream.router.catalogueRoute();
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  for (const name of CATALOGUE_QUERY) {
    const value = url.searchParams.get(name);
    if (value !== null) query[name] = value;
  }
  let response: Response;
  try {
    response = await deps.upstream.clients.callFor(route)({
      method: "get",
      path,
      headers: upstreamHeaders(route, request.headers, deps.settings.upstream.forwardHeaders),
      query,
      signal: request.signal,
      maxAnswerBytes: deps.settings.maxAnswerBytes,
    });
  } catch (e) {
    if (e instanceof UpstreamStatusError) return relayedError(e);
    throw e;
  }
  return new Response(await readAnswerText(response, deps.settings.maxAnswerBytes), { status: response.status, headers: relayedHeaders(response.headers) });
}
