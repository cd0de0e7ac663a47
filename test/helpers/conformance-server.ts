/**
 * An MCP server for the official conformance suite (`@modelcontextprotocol/conformance`,
 * `conformance server --url ...`), built with the official SDK's low-level `Server` over the
 * web-standard Streamable HTTP transport, a session per client. It implements what the suite's
 * server scenarios call and expect: the `test_*` tools (text, image, audio, embedded resource,
 * mixed content, logging, progress, an error, sampling, three elicitations, a stream closed
 * mid-call for reconnection), the JSON Schema 2020-12 tool, the `test://` resources and template,
 * subscriptions, the `test_*` prompts, completions and logging levels; with an event store
 * (resumable streams, `retry`) and DNS-rebinding protection (loopback `Host` and `Origin` only).
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { EventStore } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type CallToolResult,
  type GetPromptResult,
  type JSONRPCMessage,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";

/** A 1x1 PNG and a silent WAV, as the scenarios' binary contents. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";

const NO_ARGUMENTS = { type: "object", properties: {} } as const;

const TOOLS: Tool[] = [
  { name: "test_simple_text", description: "Answers with one text part.", inputSchema: NO_ARGUMENTS },
  { name: "test_image_content", description: "Answers with an image.", inputSchema: NO_ARGUMENTS },
  { name: "test_audio_content", description: "Answers with audio.", inputSchema: NO_ARGUMENTS },
  { name: "test_embedded_resource", description: "Answers with an embedded resource.", inputSchema: NO_ARGUMENTS },
  { name: "test_multiple_content_types", description: "Answers with text, an image and a resource.", inputSchema: NO_ARGUMENTS },
  { name: "test_tool_with_logging", description: "Logs three messages while it runs.", inputSchema: NO_ARGUMENTS },
  { name: "test_tool_with_progress", description: "Reports progress three times while it runs.", inputSchema: NO_ARGUMENTS },
  { name: "test_error_handling", description: "Always fails, as a tool error.", inputSchema: NO_ARGUMENTS },
  { name: "test_reconnection", description: "Closes its stream mid-call; the result comes after the client reconnects.", inputSchema: NO_ARGUMENTS },
  { name: "test_sampling", description: "Asks the client's model.", inputSchema: { type: "object", properties: { prompt: { type: "string", description: "What to ask" } }, required: ["prompt"] } },
  { name: "test_elicitation", description: "Asks the user.", inputSchema: { type: "object", properties: { message: { type: "string", description: "What to ask" } }, required: ["message"] } },
  { name: "test_elicitation_sep1034_defaults", description: "Asks the user with a default for every kind of field.", inputSchema: NO_ARGUMENTS },
  { name: "test_elicitation_sep1330_enums", description: "Asks the user to pick from every kind of enumeration.", inputSchema: NO_ARGUMENTS },
  {
    name: "json_schema_2020_12_tool",
    description: "Takes a name and an address, described in JSON Schema 2020-12.",
    inputSchema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: { address: { type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
      properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" } },
      additionalProperties: false,
    },
  },
];

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });

function elicitationSchema(tool: string): Record<string, unknown> {
  if (tool === "test_elicitation_sep1034_defaults") {
    return {
      type: "object",
      properties: {
        name: { type: "string", description: "Name", default: "John Doe" },
        age: { type: "integer", description: "Age", default: 30 },
        score: { type: "number", description: "Score", default: 95.5 },
        status: { type: "string", description: "Status", enum: ["active", "inactive", "pending"], default: "active" },
        verified: { type: "boolean", description: "Verified", default: true },
      },
    };
  }
  if (tool === "test_elicitation_sep1330_enums") {
    const titled = (prefix: string, word: string) => [1, 2, 3].map((n) => ({ const: `${prefix}${n}`, title: `${word} ${n}` }));
    return {
      type: "object",
      properties: {
        untitledSingle: { type: "string", description: "Pick one", enum: ["option1", "option2", "option3"] },
        titledSingle: { type: "string", description: "Pick one (titled)", oneOf: titled("value", "Option") },
        legacyEnum: { type: "string", description: "Pick one (legacy titles)", enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] },
        untitledMulti: { type: "array", description: "Pick some", minItems: 1, maxItems: 3, items: { type: "string", enum: ["option1", "option2", "option3"] } },
        titledMulti: { type: "array", description: "Pick some (titled)", minItems: 1, maxItems: 3, items: { anyOf: titled("value", "Choice") } },
      },
    };
  }
  return { type: "object", properties: { response: { type: "string", description: "User's response" } }, required: ["response"] };
}

/** Resumable streams: every event kept, replayed after the id a reconnecting client names. */
function memoryEventStore(): EventStore {
  const events: { id: string; streamId: string; message: JSONRPCMessage }[] = [];
  return {
    async storeEvent(streamId, message) {
      const id = `${streamId}~${String(events.length).padStart(8, "0")}`;
      events.push({ id, streamId, message });
      return id;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const streamId = lastEventId.slice(0, lastEventId.lastIndexOf("~"));
      for (const e of events) if (e.streamId === streamId && e.id > lastEventId) await send(e.id, e.message);
      return streamId;
    },
  };
}

/**
 * The polling scenario's own requests, inside a session that negotiated 2025-11-25, name
 * protocol 2025-03-26; the SDK primes a stream (event id, `retry`) only from 2025-11-25 on. The
 * session's version is the one that counts, so its streams are resumable as the scenario expects.
 */
function asNegotiated(request: Request): Request {
  const version = request.headers.get("mcp-protocol-version");
  if (version === null || version >= "2025-11-25") return request;
  const headers = new Headers(request.headers);
  headers.set("mcp-protocol-version", "2025-11-25");
  return new Request(request, { headers });
}

export interface ConformanceServer {
  /** `http://127.0.0.1:{port}/mcp`: the suite's DNS-rebinding scenario needs a loopback address. */
  readonly url: string;
  stop(): Promise<void>;
}

export function startConformanceServer(): ConformanceServer {
  const transports = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const subscriptions = new Set<string>();

  const build = (): Server => {
    const server = new Server(
      { name: "guardrail-proxy-conformance-server", version: "1.0.0" },
      { capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true }, logging: {}, completions: {} } },
    );
    const log = (extra: Extra, data: string) => extra.sendNotification({ method: "notifications/message", params: { level: "info", logger: "conformance", data } });

    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
      const { name, arguments: args = {} } = request.params;
      switch (name) {
        case "test_simple_text":
          return text("This is a simple text response for testing.");
        case "test_image_content":
          return { content: [{ type: "image", data: PNG, mimeType: "image/png" }] };
        case "test_audio_content":
          return { content: [{ type: "audio", data: WAV, mimeType: "audio/wav" }] };
        case "test_embedded_resource":
          return { content: [{ type: "resource", resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } }] };
        case "test_multiple_content_types":
          return {
            content: [
              { type: "text", text: "Multiple content types test:" },
              { type: "image", data: PNG, mimeType: "image/png" },
              { type: "resource", resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: JSON.stringify({ test: "data", value: 123 }) } },
            ],
          };
        case "test_tool_with_logging":
          for (const [i, step] of ["Tool execution started", "Tool processing data", "Tool execution completed"].entries()) {
            if (i > 0) await Bun.sleep(50);
            await log(extra, step);
          }
          return text("Tool with logging executed successfully");
        case "test_tool_with_progress": {
          const progressToken = extra._meta?.progressToken ?? 0;
          for (const progress of [0, 50, 100]) {
            if (progress > 0) await Bun.sleep(50);
            await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress, total: 100, message: `Completed step ${progress} of 100` } });
          }
          return text(String(progressToken));
        }
        case "test_error_handling":
          return { content: [{ type: "text", text: "This tool intentionally returns an error for testing" }], isError: true };
        case "test_reconnection": {
          // The client must reconnect (GET with Last-Event-ID) to get this result.
          if (extra.sessionId) transports.get(extra.sessionId)?.closeSSEStream(extra.requestId);
          await Bun.sleep(100);
          return text("Reconnection test completed successfully.");
        }
        case "test_sampling": {
          const answer = await extra.sendRequest({ method: "sampling/createMessage", params: { messages: [{ role: "user", content: { type: "text", text: String(args.prompt ?? "") } }], maxTokens: 100 } }, CreateMessageResultSchema);
          return text(`LLM response: ${answer.content.type === "text" ? answer.content.text : answer.content.type}`);
        }
        case "test_elicitation":
        case "test_elicitation_sep1034_defaults":
        case "test_elicitation_sep1330_enums": {
          const message = name === "test_elicitation" ? String(args.message ?? "") : "Please review the form";
          const answer = await extra.sendRequest({ method: "elicitation/create", params: { mode: "form", message, requestedSchema: elicitationSchema(name) } }, ElicitResultSchema);
          return text(`User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
        }
        case "json_schema_2020_12_tool":
          return text(`Called with ${JSON.stringify(args)}`);
        default:
          return { content: [{ type: "text", text: `Unknown tool: ${name}` }], isError: true };
      }
    });

    server.setRequestHandler(ListResourcesRequestSchema, () => ({
      resources: [
        { uri: "test://static-text", name: "static-text", title: "Static Text Resource", mimeType: "text/plain" },
        { uri: "test://static-binary", name: "static-binary", title: "Static Binary Resource", mimeType: "image/png" },
        { uri: "test://watched-resource", name: "watched-resource", title: "Watched Resource", mimeType: "text/plain" },
      ],
    }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: [{ uriTemplate: "test://template/{id}/data", name: "template", title: "Resource Template", mimeType: "application/json" }],
    }));
    server.setRequestHandler(ReadResourceRequestSchema, (request) => {
      const { uri } = request.params;
      if (uri === "test://static-text") return { contents: [{ uri, mimeType: "text/plain", text: "This is the content of the static text resource." }] };
      if (uri === "test://static-binary") return { contents: [{ uri, mimeType: "image/png", blob: PNG }] };
      if (uri === "test://watched-resource") return { contents: [{ uri, mimeType: "text/plain", text: "Watched resource content" }] };
      const id = /^test:\/\/template\/([^/]+)\/data$/.exec(uri)?.[1];
      if (id !== undefined) return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }] };
      throw new Error(`no resource ${uri}`);
    });
    server.setRequestHandler(SubscribeRequestSchema, (request) => (subscriptions.add(request.params.uri), {}));
    server.setRequestHandler(UnsubscribeRequestSchema, (request) => (subscriptions.delete(request.params.uri), {}));

    server.setRequestHandler(ListPromptsRequestSchema, () => ({
      prompts: [
        { name: "test_simple_prompt", title: "Simple Test Prompt", description: "A prompt without arguments" },
        { name: "test_prompt_with_arguments", description: "A prompt with two arguments", arguments: [{ name: "arg1", description: "First", required: true }, { name: "arg2", description: "Second", required: true }] },
        { name: "test_prompt_with_embedded_resource", description: "A prompt with an embedded resource", arguments: [{ name: "resourceUri", description: "The resource to embed", required: true }] },
        { name: "test_prompt_with_image", description: "A prompt with an image" },
      ],
    }));
    server.setRequestHandler(GetPromptRequestSchema, (request): GetPromptResult => {
      const args = request.params.arguments ?? {};
      switch (request.params.name) {
        case "test_simple_prompt":
          return { messages: [{ role: "user", content: { type: "text", text: "This is a simple prompt for testing." } }] };
        case "test_prompt_with_arguments":
          return { messages: [{ role: "user", content: { type: "text", text: `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'` } }] };
        case "test_prompt_with_embedded_resource":
          return {
            messages: [
              { role: "user", content: { type: "resource", resource: { uri: args.resourceUri ?? "test://example-resource", mimeType: "text/plain", text: "Embedded resource content for testing." } } },
              { role: "user", content: { type: "text", text: "Please process the embedded resource above." } },
            ],
          };
        case "test_prompt_with_image":
          return {
            messages: [
              { role: "user", content: { type: "image", data: PNG, mimeType: "image/png" } },
              { role: "user", content: { type: "text", text: "Please analyze the image above." } },
            ],
          };
        default:
          throw new Error(`no prompt ${request.params.name}`);
      }
    });
    server.setRequestHandler(CompleteRequestSchema, (request) => {
      const value = request.params.argument.value;
      const values = ["paris", "park", "party"].filter((v) => v.startsWith(value));
      return { completion: { values, total: values.length, hasMore: false } };
    });
    server.setRequestHandler(SetLevelRequestSchema, () => ({}));
    return server;
  };

  let port = 0;
  const http = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 30,
    async fetch(request) {
      const sessionId = request.headers.get("mcp-session-id");
      let transport = sessionId ? transports.get(sessionId) : undefined;
      if (!transport) {
        if (sessionId) return Response.json({ jsonrpc: "2.0", id: null, error: { code: -32001, message: "unknown session" } }, { status: 404 });
        const loopback = ["localhost", "127.0.0.1", "[::1]"];
        transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: () => crypto.randomUUID(),
          eventStore: memoryEventStore(),
          retryInterval: 500,
          enableDnsRebindingProtection: true,
          allowedHosts: loopback.map((h) => `${h}:${port}`),
          allowedOrigins: loopback.map((h) => `http://${h}:${port}`),
          onsessioninitialized: (id) => void transports.set(id, transport!),
          onsessionclosed: (id) => void transports.delete(id),
        });
        await build().connect(transport);
      }
      return transport.handleRequest(sessionId ? asNegotiated(request) : request);
    },
  });
  port = http.port!;

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async stop() {
      for (const t of transports.values()) await t.close();
      await http.stop(true);
    },
  };
}
