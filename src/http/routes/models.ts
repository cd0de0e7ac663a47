/**
 * `GET /v1/models` and `GET /v1/models/{id}` (SPEC "GET /v1/models"). Compat-style clients get
 * the models config's named entries. A family with a catalogue of its own (messages: its
 * clients send `messages-version`, `anthropic-version` or `x-api-key`) gets its upstream's
 * catalogue, proxied.
 */
import { Elysia } from "elysia";
import { readAnswerText } from "../../upstream/answer-size.ts";
import { UpstreamStatusError } from "../../upstream/errors.ts";
import { upstreamHeaders } from "../../upstream/forwarding.ts";
import { relayedError, relayedHeaders } from "../../upstream/response-headers.ts";
import { requestContext, type AppDeps } from "../context.ts";
import type { Catalogue } from "../../proxy/family.ts";
import { FAMILIES } from "../../proxy/families/index.ts";
import { ApiError } from "../../errors/api-error.ts";
import { callerValue } from "../../log/caller-value.ts";
import { isPageValue, isPathName } from "../../proxy/names.ts";

/** `owned_by` of every listed model. */
export const MODEL_OWNER = "guardrail-proxy";

const CATALOGUES: readonly Catalogue[] = FAMILIES.flatMap((f) => (f.catalogue ? [f.catalogue] : []));

export function modelsRoutes(deps: AppDeps) {
  const router = deps.upstream.router;
  const app = new Elysia({ name: "models-routes" })
    .use(requestContext)
    .get("/v1/models", ({ request }) => {
      const own = catalogueOf(request);
      return own ? proxyCatalogue(deps, own, request, "/v1/models") : { object: "list", data: router.names.map(modelObject) };
    })
    .get("/v1/models/:id", ({ request, params }) => {
      const own = catalogueOf(request);
      if (own) checkModelSegment(params.id);
      if (own) return proxyCatalogue(deps, own, request, `/v1/models/${encodeURIComponent(params.id)}`);
      if (!router.names.includes(params.id)) throw new ApiError(404, "not_found", `model '${callerValue(params.id)}' is not in the models config`);
      return modelObject(params.id);
    });
  // A family's own listing paths: proxied to its upstream at the path the caller used.
  for (const catalogue of CATALOGUES) {
    for (const pattern of catalogue.paths ?? []) {
      // A pattern without `:id` has no params object at all.
      app.get(pattern, ({ request, params }: { request: Request; params?: Record<string, string> }) => {
        const id = params?.id;
        if (id !== undefined) checkModelSegment(id);
        return proxyCatalogue(deps, catalogue, request, id === undefined ? pattern : pattern.replace(":id", id));
      });
    }
  }
  return app;
}

/** A model id proxied upstream is one path segment (`%2F..%2Ffiles` would reach another API). */
function checkModelSegment(id: string): void {
  if (!isPathName(id)) throw new ApiError(404, "not_found", `model '${callerValue(id)}' is not a model name`);
}

function modelObject(id: string) {
  return { id, object: "model", created: 0, owned_by: MODEL_OWNER };
}

function catalogueOf(request: Request): Catalogue | undefined {
  return CATALOGUES.find((c) => c.claims(request));
}

async function proxyCatalogue(deps: AppDeps, catalogue: Catalogue, request: Request, path: string): Promise<Response> {
  const route = deps.upstream.router.catalogueRoute(catalogue.provider);
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  for (const name of catalogue.query) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    // Paging values go upstream only when they look like one (a count, a page token).
    if (!isPageValue(value)) throw new ApiError(422, "validation_error", `query parameter '${name}' is not a paging value`);
    query[name] = value;
  }
  let response: Response;
  try {
    response = await deps.upstream.clients.callFor(route)({
      method: "get",
      path,
      headers: upstreamHeaders(route, request.headers, deps.settings.upstream.forwardHeaders, request.url),
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
