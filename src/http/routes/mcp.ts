/**
 * `/mcp/{name}` (DECISIONS §12): each MCP server of the MCP config behind the proxy, over
 * Streamable HTTP. The body is read raw (the app's parser leaves it alone on this route), so a
 * malformed message gets a JSON-RPC error rather than the API's error shape.
 */
import { Elysia } from "elysia";
import { mcpDelete, mcpGet, mcpPost, type McpRuntime } from "../../proxy/families/mcp/index.ts";
import { errorMessage } from "../../proxy/families/mcp/jsonrpc.ts";
import { PolicyError } from "../../policy/errors.ts";
import { requestContext, type AppDeps } from "../context.ts";

export const MCP_ROUTE = "/mcp/:name";

export function mcpRoutes(deps: AppDeps) {
  const app = new Elysia({ name: "mcp-routes" }).use(requestContext);
  const runtime = deps.mcp;
  if (!runtime) return app;
  const entryOf = (name: string) => runtime.entries.get(name);
  const unknown = () => Response.json(errorMessage(null, -32601, "no MCP server of that name is configured (--mcp-config)", { error: "not_found" }), { status: 404 });
  return app
    .post(MCP_ROUTE, async ({ request, params, audit, body }) => {
      const entry = entryOf(params.name);
      return entry ? answering(mcpPost(deps, runtime, { entry, request, audit, route: MCP_ROUTE }, typeof body === "string" ? body : "")) : unknown();
    })
    .get(MCP_ROUTE, async ({ request, params, audit }) => {
      const entry = entryOf(params.name);
      return entry ? answering(mcpGet(deps, runtime, { entry, request, audit, route: MCP_ROUTE })) : unknown();
    })
    .delete(MCP_ROUTE, async ({ request, params, audit }) => {
      const entry = entryOf(params.name);
      return entry ? answering(mcpDelete(deps, runtime, { entry, request, audit, route: MCP_ROUTE })) : unknown();
    });
}

/** A policy the request cannot run under is the JSON-RPC error an MCP client reads, with the API's status. */
async function answering(answer: Promise<Response>): Promise<Response> {
  try {
    return await answer;
  } catch (e) {
    if (!(e instanceof PolicyError) || e.code === "policy_unreadable") throw e;
    const status = e.code === "policy_not_allowed" ? 403 : 422;
    return Response.json(errorMessage(null, -32602, e.message, { error: e.code }), { status });
  }
}

export type { McpRuntime };
