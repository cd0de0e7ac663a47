/**
 * An MCP server on loopback built with the official SDK's low-level `Server` (over the
 * web-standard Streamable HTTP transport, a session per client) whose answers are the JSON the
 * test gives: tool definitions with text in any schema keyword, results with unknown keys,
 * JSON-RPC error answers, server requests the high-level `McpServer` never builds. It records
 * what each request carried.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

export interface RawServerOptions {
  readonly serverInfo?: Record<string, unknown>;
  readonly instructions?: string;
  readonly json?: boolean;
  /** The `tools/list` result's tools (raw JSON). */
  readonly tools?: () => unknown[];
  /** A `tools/call` result (raw JSON), or a thrown `McpError` (an error answer). `send` makes the server's own requests. */
  readonly call?: (name: string, args: Record<string, unknown>, send: { request(method: string, params: Record<string, unknown>): Promise<unknown> }) => unknown;
  readonly resources?: () => unknown[];
  readonly read?: (uri: string) => unknown;
  readonly prompts?: () => unknown[];
}

export interface RawMcpServer {
  readonly url: string;
  /** Each request's method and params, in order. */
  readonly seen: { readonly method: string; readonly params: Record<string, unknown> }[];
  stop(): Promise<void>;
}

export { McpError };

export function startRawMcpServer(options: RawServerOptions): RawMcpServer {
  const seen: RawMcpServer["seen"] = [];
  const transports = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const build = () => {
    const server = new Server((options.serverInfo ?? { name: "raw", version: "1.0.0" }) as { name: string; version: string }, {
      capabilities: { tools: {}, resources: {}, prompts: {}, logging: {} },
      ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
    });
    server.setRequestHandler(ListToolsRequestSchema, async (request) => {
      seen.push({ method: "tools/list", params: (request.params ?? {}) as Record<string, unknown> });
      return { tools: (options.tools?.() ?? []) as never[] };
    });
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      seen.push({ method: "tools/call", params: request.params as Record<string, unknown> });
      const send = {
        request: (method: string, params: Record<string, unknown>) =>
          extra.sendRequest({ method, params } as never, (method === "elicitation/create" ? ElicitResultSchema : CreateMessageResultSchema) as never),
      };
      return (await options.call?.(request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>, send)) as never;
    });
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: (options.resources?.() ?? []) as never[] }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      seen.push({ method: "resources/read", params: request.params as Record<string, unknown> });
      return options.read?.(request.params.uri) as never;
    });
    server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: (options.prompts?.() ?? []) as never[] }));
    return server;
  };
  const http = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 60,
    async fetch(request) {
      const sessionId = request.headers.get("mcp-session-id");
      let transport = sessionId ? transports.get(sessionId) : undefined;
      if (!transport) {
        if (sessionId) return new Response("unknown session", { status: 404 });
        transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: () => crypto.randomUUID(),
          enableJsonResponse: options.json === true,
          onsessioninitialized: (id) => void transports.set(id, transport!),
          onsessionclosed: (id) => void transports.delete(id),
        });
        await build().connect(transport);
      }
      return transport.handleRequest(request);
    },
  });
  return {
    url: `http://127.0.0.1:${http.port}/mcp`,
    seen,
    async stop() {
      for (const t of transports.values()) await t.close();
      http.stop(true);
    },
  };
}
