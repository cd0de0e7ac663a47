/**
 * The Elysia application: request hooks (audit, caller tokens, body limit, JSON parsing),
 * error mapping, and the routes. Listening is `server.ts`'s business.
 */
import { Elysia, ValidationError } from "elysia";
import { PolicyError } from "../policy/errors.ts";
import { formatIssues, toIssues, type SchemaIssue } from "../schema/check.ts";
import { callerValue } from "../log/caller-value.ts";
import { finishAudit, startAudit } from "../audit/request-audit.ts";
import { REQUEST_ID_HEADER } from "../audit/request-id.ts";
import { readBodyWithin, readJsonBody, checkDeclaredLength } from "./body.ts";
import { callerAuthentication, exemptFromAuthentication } from "./caller-auth.ts";
import { BrowserBoundary } from "./browser-boundary.ts";
import { requestContext, type AppDeps } from "./context.ts";
import { ApiError } from "../errors/api-error.ts";
import { errorBody, mcpErrorBody } from "./errors.ts";
import { FAMILIES } from "../proxy/families/index.ts";
import type { ApiFamily } from "../proxy/family.ts";
import { guardRoutes } from "./routes/guard.ts";
import { metaRoutes } from "./routes/meta.ts";
import { mcpRoutes } from "./routes/mcp.ts";
import { playgroundRoutes } from "./routes/playground.ts";
import { modelsRoutes } from "./routes/models.ts";
import { proxyRoutes } from "./routes/proxy.ts";
import { CallerGoneError } from "../upstream/errors.ts";

export function createApp(deps: AppDeps) {
  const authenticate = callerAuthentication(deps.settings.authTokens, deps.callers);
  const limit = deps.settings.maxBodyBytes;
  const boundary = new BrowserBoundary({ allowedOrigins: deps.settings.allowedOrigins, allowedHosts: deps.settings.allowedHosts, authenticated: authenticate !== null });
  // A request refused before routing (401, 413) is logged under the route it asked for.
  let routes: RoutePatterns | null = null;
  // Takes the route and the request, never the whole context: Elysia reads a hook that hands its
  // context on whole as needing every part of it, and then parses every request's cookies,
  // query and headers for it.
  const routeOf = (route: string | undefined, request: Request) => route || (routes ??= new RoutePatterns(app.routes)).match(request.method, pathOf(request.url));
  const app = (
    // `standardHostname: false`: Elysia finds the path after "http://" instead of assuming a
    // host of at least four characters (with `Host: a`, `/health?/v1/...` was routed to the
    // route named in the query). The proxy listens on plain HTTP only.
    new Elysia({ normalize: false, handler: { standardHostname: false } })
      .use(requestContext)
      .onRequest((ctx) => {
        const path = pathOf(ctx.request.url);
        ctx.audit = startAudit(ctx.request, path);
        ctx.set.headers[REQUEST_ID_HEADER] = ctx.audit.requestId;
        // Probes and scrapes would fill traces with nothing: they are not traced.
        if (deps.tracing && path !== "/health" && path !== "/metrics") ctx.audit.trace = deps.tracing.request(ctx.request);
        // Web pages and rebound names are refused before the caller's key or body is looked at.
        const admission = boundary.admit(ctx.request, path);
        if (admission.kind === "preflight") {
          finishAudit(ctx.audit, admission.response.status, routeOf(undefined, ctx.request), deps);
          return admission.response;
        }
        if (admission.corsHeaders) Object.assign(ctx.set.headers, admission.corsHeaders);
        if (authenticate && !exemptFromAuthentication(ctx.request.method, path, deps.settings.playground)) {
          ctx.audit.caller = authenticate(ctx.request);
          ctx.audit.authenticated = true;
        }
        checkDeclaredLength(ctx.request, limit);
      })
      // The decision that counts is on the route actually matched: only `GET /health` is exempt.
      .onTransform((ctx) => {
        if (!authenticate || ctx.audit.authenticated || exemptFromAuthentication(ctx.request.method, ctx.route, deps.settings.playground)) return;
        ctx.audit.caller = authenticate(ctx.request);
        ctx.audit.authenticated = true;
      })
      // MCP's body is JSON-RPC: read raw, so a malformed one gets a JSON-RPC error (routes/mcp.ts).
      .onParse(({ request }) => (pathOf(request.url).startsWith("/mcp/") ? readBodyWithin(request, limit) : readJsonBody(request, limit)))
      .onError((ctx) => {
        const err = toApiError(ctx.code, ctx.error, ctx.request);
        if (ctx.error instanceof PolicyError && ctx.error.code === "policy_unreadable") {
          // The reason names files of the server's own: for the operator, not the caller.
          deps.log.error("policy directory unreadable", { route: ctx.route || "unmatched", reason: ctx.error.message });
        } else if (err.status >= 500 && err.code === "internal_error") {
          deps.log.error("unexpected error", { route: ctx.route || "unmatched", error: errorName(ctx.error), stack: stackFrames(ctx.error) });
        }
        ctx.set.status = err.status;
        if (ctx.audit && !ctx.audit.deferred) finishAudit(ctx.audit, err.status, routeOf(ctx.route, ctx.request), deps, err.logFields);
        const path = pathOf(ctx.request.url);
        // MCP clients read JSON-RPC: an error on an MCP route is one too.
        return path.startsWith("/mcp/") ? mcpErrorBody(err, ctx.audit?.requestId) : errorBody(err, familyOf(routeOf(ctx.route, ctx.request), path), ctx.audit?.requestId);
      })
      // The request is accounted for when its answer is ready, with the status of the answer
      // itself: a relayed upstream error is a Response whose status `set.status` does not
      // know (the after-response hook counted those as 200). It also spares Elysia's
      // setImmediate per request for that hook.
      .onAfterHandle((ctx) => {
        if (!ctx.audit || ctx.audit.deferred) return;
        const answer: unknown = ctx.response;
        finishAudit(ctx.audit, answer instanceof Response ? answer.status : numericStatus(ctx.set.status), ctx.route || "unmatched", deps);
      })
      .use(metaRoutes(deps))
      .use(guardRoutes(deps))
      .use(proxyRoutes(deps))
      .use(modelsRoutes(deps))
      .use(mcpRoutes(deps))
      .use(playgroundRoutes(deps))
  );
  return app;
}

/** Each family route's pattern, for the error body its SDK parses. */
const FAMILY_OF_ROUTE: ReadonlyMap<string, ApiFamily> = new Map(FAMILIES.flatMap((f) => f.routes.map((r) => [r.path, f] as const)));

/** The family of a route, or of the family route a path lies under (`/v1/messages/count_tokens`). */
function familyOf(route: string, path: string): ApiFamily | undefined {
  return FAMILY_OF_ROUTE.get(route) ?? FAMILIES.find((f) => f.routes.some((r) => !r.path.includes(":") && path.startsWith(`${r.path}/`)));
}

/** The app's route patterns, to name the route of a request refused before Elysia routed it. */
class RoutePatterns {
  private readonly patterns: { readonly method: string; readonly path: string; readonly segments: readonly string[] }[];

  constructor(routes: readonly { readonly method: string; readonly path: string }[]) {
    this.patterns = routes.map((r) => ({ method: r.method, path: r.path, segments: r.path.split("/") }));
  }

  match(method: string, path: string): string {
    const segments = path.split("/");
    for (const p of this.patterns) {
      if (p.method !== method || p.segments.length !== segments.length) continue;
      if (p.segments.every((s, i) => s.startsWith(":") ? segments[i]!.length > 0 : s === segments[i])) return p.path;
    }
    return "unmatched";
  }
}

export type App = ReturnType<typeof createApp>;

const POLICY_STATUS: Record<Exclude<PolicyError["code"], "policy_unreadable">, [number, ApiError["code"]]> = {
  config_id_required: [422, "config_id_required"],
  policy_not_found: [422, "policy_not_found"],
  invalid_policy: [422, "invalid_policy"],
  policy_not_allowed: [403, "policy_not_allowed"],
};

function toApiError(code: unknown, error: unknown, request: Request): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof CallerGoneError) return new ApiError(499, "client_closed", "the caller went away");
  if (error instanceof PolicyError) {
    if (error.code === "policy_unreadable") return new ApiError(500, "internal_error", "the server could not read its policies");
    const [status, apiCode] = POLICY_STATUS[error.code];
    if (error.code === "config_id_required") return new ApiError(status, apiCode, `${policyField(pathOf(request.url))} is required: ${error.message.replace(/^a policy id is required: /, "")}`);
    return new ApiError(status, apiCode, error.message);
  }
  if (error instanceof ValidationError) {
    const where = error.type === "body" ? "request body" : `request ${error.type}`;
    const issues = validationIssues(error);
    const what = issues.length > 0 ? callerValue(formatIssues(issues)) : "does not match the route's schema";
    return new ApiError(422, "validation_error", `${where}: ${what}`);
  }
  if (code === "PARSE") {
    const cause = (error as Error).cause;
    if (cause instanceof ApiError) return cause;
    return new ApiError(422, "validation_error", "request body is not valid JSON");
  }
  if (code === "NOT_FOUND") return new ApiError(404, "not_found", `no route for ${request.method} ${callerValue(pathOf(request.url))}`);
  return new ApiError(500, "internal_error", "internal error");
}

/** Where a route takes its policy id: the guard routes' body field, else the proxy body's object or the header. */
function policyField(path: string): string {
  return path.startsWith("/v1/guard/") ? "config_id" : "guardrails.config_id (or the X-Guardrails-Config-Id header)";
}

/** The first few issues, read from the route's validator (not `error.all`: it maps 64 of them). */
function validationIssues(error: ValidationError): SchemaIssue[] {
  const validator: unknown = error.validator;
  if (typeof validator !== "object" || validator === null || !("Errors" in validator) || typeof validator.Errors !== "function") return [];
  return toIssues(validator.Errors(error.value) as Iterable<{ path: string; message: string; value: unknown }>, MAX_REPORTED_ISSUES);
}

const MAX_REPORTED_ISSUES = 5;

/** The path of a request URL without parsing the whole URL (hot path). */
export function pathOf(url: string): string {
  const schemeEnd = url.indexOf("://");
  const start = url.indexOf("/", schemeEnd === -1 ? 0 : schemeEnd + 3);
  if (start === -1) return "/";
  const q = url.indexOf("?", start);
  return q === -1 ? url.slice(start) : url.slice(start, q);
}

function numericStatus(status: unknown): number {
  return typeof status === "number" ? status : 200;
}

function errorName(e: unknown): string {
  return e instanceof Error ? e.name : typeof e;
}

/** Code locations only: the first line of a stack is the message, which may quote input. */
function stackFrames(e: unknown): string | undefined {
  return e instanceof Error ? e.stack?.split("\n").slice(1, 6).join("\n") : undefined;
}
