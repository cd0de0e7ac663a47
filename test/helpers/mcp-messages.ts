/**
 * Real MCP messages of every method, both directions, as the official SDK's schemas accept them
 * (test/families/mcp-canary.test.ts parses each one with the SDK's schema first). Each is a
 * JSON-RPC message; `method` is the request's method for results and errors.
 */

export type McpSide = "client" | "server";

export interface McpSample {
  readonly name: string;
  /** Who sends it. */
  readonly from: McpSide;
  readonly kind: "request" | "notification" | "result" | "error";
  /** The method (for a result or error: of the request it answers). */
  readonly method: string;
  /** The SDK schema (by export name of `@modelcontextprotocol/sdk/types.js`) its body must pass. */
  readonly schema: string;
  /** params, result or error object. */
  readonly body: Record<string, unknown>;
}

const b64 = (text: string) => Buffer.from(text).toString("base64");

const schema = {
  type: "object",
  $comment: "internal note",
  "x-vendor-hint": "vendor text",
  properties: {
    query: { type: "string", description: "What to look up", pattern: "^[a-z]+$", format: "hostname", examples: ["weather"], default: "news", minLength: 1, maxLength: 200 },
    mode: { type: "string", enum: ["fast", "slow"], const: "fast", title: "Mode" },
    pair: { type: "array", items: [{ type: "string", description: "first" }, { type: "number" }], prefixItems: [{ type: "string", description: "head" }], contains: { const: "c" }, maxItems: 4 },
    tags: { type: "object", propertyNames: { pattern: "^t" }, patternProperties: { "^t_": { type: "string", description: "a tag" } }, unevaluatedProperties: { description: "others" }, additionalProperties: false },
    deep: { type: "object", properties: { level: { type: "object", properties: { leaf: { type: "string", description: "leaf text" } } } } },
  },
  required: ["query"],
  dependentSchemas: { mode: { properties: { speed: { type: "number", description: "how fast" } } } },
  dependentRequired: { pair: ["tags"] },
  $defs: { ref: { type: "string", description: "a definition" } },
  allOf: [{ anyOf: [{ oneOf: [{ not: { if: { description: "if" }, then: { description: "then" }, else: { description: "else" } } }] }] }],
};

const tool = {
  name: "lookup",
  title: "Lookup",
  description: "Looks things up.",
  inputSchema: schema,
  outputSchema: { type: "object", properties: { answer: { type: "string", description: "the answer" } } },
  annotations: { title: "Lookup tool", readOnlyHint: true, openWorldHint: false },
  icons: [{ src: "https://example.com/icon.png", mimeType: "image/png", sizes: ["48x48"] }],
  _meta: { "vendor/notes": "meta text", nested: { k: "meta value" } },
};

const textPart = { type: "text", text: "plain text", annotations: { audience: ["user"], priority: 0.5, lastModified: "2025-01-01T00:00:00Z" }, _meta: { source: "part meta" } };
const parts = [
  textPart,
  { type: "image", data: b64("\x89PNG\r\n\x1a\n binary"), mimeType: "image/png" },
  { type: "audio", data: b64("RIFF....WAVE"), mimeType: "audio/wav" },
  { type: "resource", resource: { uri: "file:///notes.txt", mimeType: "text/plain", text: "embedded text" } },
  { type: "resource", resource: { uri: "file:///data.json", mimeType: "application/json", blob: b64('{"note":"blob text"}') } },
  { type: "resource_link", uri: "file:///linked.txt", name: "linked", title: "Linked", description: "a linked file", mimeType: "text/plain", size: 120 },
];

export const SAMPLES: readonly McpSample[] = [
  // What the client sends.
  { name: "initialize request", from: "client", kind: "request", method: "initialize", schema: "InitializeRequestSchema", body: { protocolVersion: "2025-06-18", capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} }, clientInfo: { name: "agent", version: "1.0.0", title: "The agent" } } },
  { name: "tools/call request", from: "client", kind: "request", method: "tools/call", schema: "CallToolRequestSchema", body: { name: "lookup", arguments: { query: "weather in town", limit: 5, account: 12345678, nested: { tags: ["a", "b"], flag: true } }, _meta: { progressToken: "tok-1" } } },
  { name: "prompts/get request", from: "client", kind: "request", method: "prompts/get", schema: "GetPromptRequestSchema", body: { name: "summary", arguments: { topic: "the quarter" } } },
  { name: "resources/read request", from: "client", kind: "request", method: "resources/read", schema: "ReadResourceRequestSchema", body: { uri: "file:///notes.txt" } },
  { name: "resources/subscribe request", from: "client", kind: "request", method: "resources/subscribe", schema: "SubscribeRequestSchema", body: { uri: "file:///notes.txt" } },
  { name: "completion/complete request", from: "client", kind: "request", method: "completion/complete", schema: "CompleteRequestSchema", body: { ref: { type: "ref/prompt", name: "summary" }, argument: { name: "topic", value: "qua" }, context: { arguments: { other: "given" } } } },
  { name: "logging/setLevel request", from: "client", kind: "request", method: "logging/setLevel", schema: "SetLevelRequestSchema", body: { level: "info" } },
  { name: "tools/list request", from: "client", kind: "request", method: "tools/list", schema: "ListToolsRequestSchema", body: { cursor: "page-2" } },
  { name: "cancelled notification", from: "client", kind: "notification", method: "notifications/cancelled", schema: "CancelledNotificationSchema", body: { requestId: 3, reason: "the user stopped it" } },
  { name: "sampling answer", from: "client", kind: "result", method: "sampling/createMessage", schema: "CreateMessageResultSchema", body: { role: "assistant", content: { type: "text", text: "the model's answer" }, model: "some-model", stopReason: "endTurn" } },
  { name: "elicitation answer", from: "client", kind: "result", method: "elicitation/create", schema: "ElicitResultSchema", body: { action: "accept", content: { contact: "by phone", age: 30, subscribe: true } } },
  { name: "sampling answer with a tool call", from: "client", kind: "result", method: "sampling/createMessage", schema: "CreateMessageResultWithToolsSchema", body: { role: "assistant", content: [{ type: "tool_use", id: "call-1", name: "search", input: { q: "weather", page: 2 } }], model: "some-model", stopReason: "toolUse" } },
  { name: "roots answer", from: "client", kind: "result", method: "roots/list", schema: "ListRootsResultSchema", body: { roots: [{ uri: "file:///repo", name: "repo" }] } },
  { name: "client error answer", from: "client", kind: "error", method: "sampling/createMessage", schema: "JSONRPCErrorResponseSchema", body: { code: -1, message: "the user declined", data: { reason: "not now" } } },
  // What the server sends.
  { name: "initialize result", from: "server", kind: "result", method: "initialize", schema: "InitializeResultSchema", body: { protocolVersion: "2025-06-18", capabilities: { tools: { listChanged: true }, resources: { subscribe: true }, logging: {}, experimental: { vendor: { note: "experimental text" } } }, serverInfo: { name: "weather", version: "1.2.0", title: "Weather server", websiteUrl: "https://example.com", icons: [{ src: "https://example.com/i.png" }] }, instructions: "Use lookup first." } },
  { name: "tools/list result", from: "server", kind: "result", method: "tools/list", schema: "ListToolsResultSchema", body: { tools: [tool, { name: "other", description: "Another tool.", inputSchema: { type: "object" } }], nextCursor: "next-page" } },
  { name: "tools/call result", from: "server", kind: "result", method: "tools/call", schema: "CallToolResultSchema", body: { content: parts, structuredContent: { answer: "sunny", temperature: 21, station: 1234567, extra: { note: "structured" } }, isError: false, _meta: { trace: "result meta" }, vendorExtra: "unknown key" } },
  { name: "resources/list result", from: "server", kind: "result", method: "resources/list", schema: "ListResourcesResultSchema", body: { resources: [{ uri: "file:///notes.txt", name: "notes", title: "Notes", description: "the notes", mimeType: "text/plain", size: 2048, annotations: { audience: ["assistant"] } }] } },
  { name: "resources/templates/list result", from: "server", kind: "result", method: "resources/templates/list", schema: "ListResourceTemplatesResultSchema", body: { resourceTemplates: [{ uriTemplate: "file:///{path}", name: "files", description: "any file", mimeType: "text/plain" }] } },
  { name: "prompts/list result", from: "server", kind: "result", method: "prompts/list", schema: "ListPromptsResultSchema", body: { prompts: [{ name: "summary", title: "Summary", description: "Summarises a topic.", arguments: [{ name: "topic", description: "the topic", required: true }] }] } },
  { name: "resources/read result", from: "server", kind: "result", method: "resources/read", schema: "ReadResourceResultSchema", body: { contents: [{ uri: "file:///notes.txt", mimeType: "text/plain", text: "note text" }, { uri: "file:///notes.md", mimeType: "text/markdown", blob: b64("blob note") }] } },
  { name: "prompts/get result", from: "server", kind: "result", method: "prompts/get", schema: "GetPromptResultSchema", body: { description: "A summary prompt.", messages: [{ role: "user", content: { type: "text", text: "Summarise the topic." } }, { role: "assistant", content: { type: "resource", resource: { uri: "file:///ctx.txt", text: "context text" } } }] } },
  { name: "completion/complete result", from: "server", kind: "result", method: "completion/complete", schema: "CompleteResultSchema", body: { completion: { values: ["quarter", "quota"], total: 2, hasMore: false } } },
  { name: "server error answer", from: "server", kind: "error", method: "tools/call", schema: "JSONRPCErrorResponseSchema", body: { code: -32602, message: "Unknown tool: lookup", data: { detail: "no such tool", hint: ["check the list"] } } },
  { name: "sampling request", from: "server", kind: "request", method: "sampling/createMessage", schema: "CreateMessageRequestSchema", body: { messages: [{ role: "user", content: { type: "text", text: "What is the weather?" } }], systemPrompt: "You are helpful.", includeContext: "none", maxTokens: 100, modelPreferences: { hints: [{ name: "claude" }], speedPriority: 0.5 }, tools: [{ name: "search", description: "Searches the web.", inputSchema: { type: "object", properties: { q: { type: "string", description: "the query" } } } }], metadata: { purpose: "a sampling note" } } },
  { name: "sampling request with tool results", from: "server", kind: "request", method: "sampling/createMessage", schema: "CreateMessageRequestSchema", body: { messages: [{ role: "user", content: { type: "text", text: "Find the weather." } }, { role: "assistant", content: [{ type: "tool_use", id: "call-1", name: "search", input: { q: "weather" } }] }, { role: "user", content: [{ type: "tool_result", toolUseId: "call-1", content: [{ type: "text", text: "sunny all day" }], structuredContent: { sky: "clear" } }] }], maxTokens: 100, tools: [{ name: "search", description: "Searches.", inputSchema: { type: "object" } }], toolChoice: { mode: "auto" } } },
  { name: "form elicitation request", from: "server", kind: "request", method: "elicitation/create", schema: "ElicitRequestSchema", body: { mode: "form", message: "Please confirm.", requestedSchema: { type: "object", properties: { contact: { type: "string", description: "Where to reach you", title: "Contact" } } } } },
  { name: "URL elicitation request", from: "server", kind: "request", method: "elicitation/create", schema: "ElicitRequestSchema", body: { mode: "url", message: "Sign in, please.", url: "https://auth.example.com/start", elicitationId: "el-1" } },
  { name: "log notification", from: "server", kind: "notification", method: "notifications/message", schema: "LoggingMessageNotificationSchema", body: { level: "info", logger: "audit", data: { event: "export", count: 3 } } },
  { name: "progress notification", from: "server", kind: "notification", method: "notifications/progress", schema: "ProgressNotificationSchema", body: { progressToken: "tok-1", progress: 1, total: 2, message: "halfway there" } },
  { name: "resource updated notification", from: "server", kind: "notification", method: "notifications/resources/updated", schema: "ResourceUpdatedNotificationSchema", body: { uri: "file:///notes.txt" } },
];

/** The JSON-RPC message a sample stands for. */
export function messageOf(sample: McpSample, body: Record<string, unknown> = sample.body): Record<string, unknown> {
  if (sample.kind === "request") return { jsonrpc: "2.0", id: 7, method: sample.method, params: body };
  if (sample.kind === "notification") return { jsonrpc: "2.0", method: sample.method, params: body };
  if (sample.kind === "result") return { jsonrpc: "2.0", id: 7, result: body };
  return { jsonrpc: "2.0", id: 7, error: body };
}
