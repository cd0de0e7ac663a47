/**
 * The proxy routes (SPEC "Endpoints"): one handler, one adapter per API family. The hosted
 * deployment route also answers under `/openai/deployments/...`, the path Azure OpenAI clients
 * build from an `endpoint` setting, so they can point that setting at the proxy unchanged.
 */
import { Elysia } from "elysia";
import { chatFamily } from "../../proxy/families/chat/index.ts";
import { ChatRequest, HostedChatRequest } from "../../proxy/families/chat/request.ts";
import { messagesFamily } from "../../proxy/families/messages/index.ts";
import { MessagesRequest } from "../../proxy/families/messages/request.ts";
import { responsesFamily } from "../../proxy/families/responses/index.ts";
import { ResponsesRequest } from "../../proxy/families/responses/request.ts";
import { proxy } from "../../proxy/handle.ts";
import { requestContext, type AppDeps } from "../context.ts";

type Body = Record<string, unknown>;

export function proxyRoutes(deps: AppDeps) {
  const hosted = ({ body, request, audit, route, params }: { body: unknown; request: Request; audit: AppContextAudit; route: string; params: { deployment: string } }) =>
    proxy(deps, { family: chatFamily, routeFamily: "hosted-chat", request, body: body as Body, audit, route, pathModel: params.deployment });
  return new Elysia({ name: "proxy-routes" })
    .use(requestContext)
    .post("/v1/chat/completions", ({ body, request, audit, route }) => proxy(deps, { family: chatFamily, routeFamily: "chat", request, body: body as Body, audit, route }), {
      body: ChatRequest,
    })
    .post("/hosted/deployments/:deployment/chat/completions", hosted, { body: HostedChatRequest })
    .post("/openai/deployments/:deployment/chat/completions", hosted, { body: HostedChatRequest })
    .post("/v1/responses", ({ body, request, audit, route }) => proxy(deps, { family: responsesFamily, routeFamily: "responses", request, body: body as Body, audit, route }), {
      body: ResponsesRequest,
    })
    .post("/v1/messages", ({ body, request, audit, route }) => proxy(deps, { family: messagesFamily, routeFamily: "messages", request, body: body as Body, audit, route }), {
      body: MessagesRequest,
    });
}

type AppContextAudit = Parameters<typeof proxy>[1]["audit"];
