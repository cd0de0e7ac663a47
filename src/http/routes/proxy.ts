/**
 * The proxy routes (SPEC "Endpoints"): every route of every API family (proxy/families/index.ts),
 * each with its family's body schema, all through one handler (proxy/handle.ts).
 */
import { Elysia } from "elysia";
import { FAMILIES } from "../../proxy/families/index.ts";
import { proxy } from "../../proxy/handle.ts";
import { requestContext, type AppDeps } from "../context.ts";

type Audit = Parameters<typeof proxy>[1]["audit"];

interface RouteContext {
  readonly body: unknown;
  readonly request: Request;
  readonly audit: Audit;
  readonly route: string;
  readonly params: Readonly<Record<string, string>>;
}

export function proxyRoutes(deps: AppDeps) {
  const app = new Elysia({ name: "proxy-routes" }).use(requestContext);
  for (const family of FAMILIES) {
    for (const r of family.routes) {
      const handler = ({ body, request, audit, route, params }: RouteContext) =>
        proxy(deps, { family, familyRoute: r, request, body: body as Record<string, unknown>, audit, route, params: params ?? {} });
      // The route table is data: Elysia's per-route typing has nothing to add here.
      (app as unknown as { post(path: string, handler: (ctx: RouteContext) => Promise<Response>, options: { body: unknown }): unknown }).post(r.path, handler, { body: r.body });
    }
  }
  return app;
}
