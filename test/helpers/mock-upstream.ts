/**
 * A mock LLM provider on loopback that speaks the real wire formats (each family's from its
 * folder, src/proxy/families/<family>/mock.ts): OpenAI chat completions
 * and responses (with the full Responses event sequence), the Azure OpenAI deployments path
 * (`api-key`, `api-version`), and Anthropic messages with named SSE events and its models list.
 * It records what it received, so tests can assert what the proxy sent upstream, and can be
 * told to fail: an HTTP error, a slow answer, a connection dropped mid-stream.
 */

import { chatMock } from "../../src/proxy/families/chat/mock.ts";
import { messagesMock } from "../../src/proxy/families/messages/mock.ts";
import { generateMock } from "../../src/proxy/families/generate/mock.ts";
import { CREATED, type FamilyMock, type MockFrame } from "../../src/proxy/families/mock-kit.ts";
import { responsesMock } from "../../src/proxy/families/responses/mock.ts";

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  /** Header names lower-cased. */
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown> | null;
}

export interface Behaviour {
  /** The assistant's answer. */
  text?: string;
  /** Stream pieces; default: `text` split after each space. */
  chunks?: string[];
  /** Answer with this status and an error body in the family's format. */
  status?: number;
  errorMessage?: string;
  /** Only the first this many requests get `status`; later ones are answered normally. */
  statusTimes?: number;
  /** Send `retry-after-ms` with the error status, and no `x-should-retry: false`. */
  retryAfterMs?: number;
  /** Send `retry-after` (seconds) with the error status, and no `x-should-retry: false`. */
  retryAfterSeconds?: number;
  /** Wait before sending headers. */
  delayMs?: number;
  /** Wait between stream events. */
  chunkDelayMs?: number;
  /** Send the whole stream in one write, as a fast upstream or a batching network delivers it. */
  oneWrite?: boolean;
  /** Reset the connection after this many content chunks. */
  dropAfterChunks?: number;
  /** Guardrail judge calls (chat completions asking a `response_format`). */
  judge?: JudgeBehaviour;
  /** Answer with this tool call instead of text, in the family's format (arguments streamed piece by piece). */
  toolCall?: { name: string; argumentChunks: string[] };
  /** A whole answer, returned as this JSON exactly (for answers of shapes the mock does not build). */
  answer?: Record<string, unknown>;
  /** A whole answer of this text exactly, as \`application/json\` (for bodies JSON.parse rejects). */
  rawBody?: string;
  /** A stream of these events exactly: `[event name or null, JSON payload or "[DONE]"]`. */
  events?: [string | null, unknown][];
  /** A stream of these frames exactly as written (each ends with its own blank line, or not). */
  rawFrames?: string[];
  /** The stream's Content-Type; null sends none. */
  streamContentType?: string | null;
  /** Compress every answer with gzip (`content-encoding: gzip`), as real providers do. */
  gzip?: boolean;
  /** The moderations endpoint's answer. */
  moderation?: { flagged: boolean; categories: Record<string, boolean>; scores: Record<string, number> };
}

export interface JudgeBehaviour {
  /** The judge message's content, raw (a verdict JSON or anything else). */
  content?: string;
  /** Per request: the content, from the judged user message. */
  answer?: (userMessage: string) => string;
  status?: number;
  delayMs?: number;
  /** Answer only once this settles. */
  hold?: Promise<unknown>;
}

export const DEFAULT_ANSWER = "Hello! How can I help you today?";

export interface MockUpstream {
  readonly url: string;
  /** Compat base URL (`.../v1`). */
  readonly compatBaseUrl: string;
  readonly received: ReceivedRequest[];
  last(): ReceivedRequest;
  behave(b: Behaviour): void;
  reset(): void;
  /** Streams the mock is still writing. */
  openStreams(): number;
  /** Streams whose reader went away before the mock finished them. */
  cancelledStreams(): number;
  stop(): Promise<void>;
}

const encoder = new TextEncoder();

export function startMockUpstream(): MockUpstream {
  const received: ReceivedRequest[] = [];
  let behaviour: Behaviour = {};
  let open = 0;
  let cancelled = 0;
  let failed = 0;

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 30,
    async fetch(request) {
      const response = await respond(request);
      return behaviour.gzip ? gzipped(response) : response;
    },
  });

  async function respond(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    const text = request.method === "POST" ? await request.text() : "";
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    received.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body });
    const b = behaviour;
    if (b.delayMs) await Bun.sleep(b.delayMs);
    // generateContent clients list models at /v1/models too, with their own key header.
    const family = request.headers.has("x-goog-api-key") && /^\/v1\/models(\/[^:]*)?$/.test(url.pathname) ? "generate-models" : familyOf(url.pathname);
    if (!family) return new Response(JSON.stringify({ error: { message: `mock: no route ${url.pathname}` } }), { status: 404 });
    if (family.startsWith("azure")) {
      if (!url.searchParams.get("api-version")) return errorResponse("chat", 404, "Resource not found");
      if (!headers["api-key"] && !headers.authorization) return errorResponse("chat", 401, "Access denied due to missing subscription key.");
    }
    if (b.status && (b.statusTimes === undefined || failed++ < b.statusTimes)) {
      const response = errorResponse(family === "messages" || family === "models" ? "messages" : family === "generate" || family === "generate-models" ? "generate" : "chat", b.status, b.errorMessage ?? "mock upstream error");
      if (b.retryAfterMs !== undefined) {
        response.headers.delete("x-should-retry");
        response.headers.set("retry-after-ms", String(b.retryAfterMs));
      }
      if (b.retryAfterSeconds !== undefined) {
        response.headers.delete("x-should-retry");
        response.headers.set("retry-after", String(b.retryAfterSeconds));
      }
      return response;
    }
    if (family === "models") return modelsResponse(url.pathname);
    if (family === "generate-models") return generateModelsResponse(url.pathname, url.searchParams);
    if (family === "generate" && url.pathname.endsWith(":countTokens")) return Response.json({ totalTokens: 7 });
    if (family === "moderations") return Response.json(moderationResponse(b, body ?? {}));
    if (body?.response_format !== undefined && family === "chat") return judgeResponse(b.judge ?? {}, body);
    const answer = b.text ?? DEFAULT_ANSWER;
    const chunks = b.chunks ?? splitWords(answer);
    const model = typeof body?.model === "string" ? body.model : family === "generate" ? url.pathname.slice(url.pathname.lastIndexOf("/") + 1).split(":")[0]! : "mock-model";
    const stream = body?.stream === true || url.pathname.endsWith(":streamGenerateContent");
    const kind = family === "azure-chat" ? "chat" : family === "azure-responses" ? "responses" : family;
    if (!stream) {
      if (b.answer) return Response.json(b.answer);
      if (b.rawBody !== undefined) return new Response(b.rawBody, { headers: { "content-type": "application/json" } });
      if (b.toolCall) return Response.json(MOCKS[kind].toolCall(model, b.toolCall, body ?? {}));
      return Response.json(MOCKS[kind].whole(model, chunks.join(""), body ?? {}, splitWords(chunks.join("")).length), { headers: { "x-request-id": "req_mock_whole" } });
    }
    const events = b.rawFrames
      ? b.rawFrames.map((text) => ({ text, content: true }))
      : b.events
      ? b.events.map(([name, data]) => ({ text: `${name ? `event: ${name}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`, content: true }))
      : b.toolCall
        ? MOCKS[kind].toolCallStream(model, b.toolCall, body ?? {})
        : MOCKS[kind].stream(model, chunks, body ?? {});
    return sseResponse(events, b, {
      opened: () => open++,
      closed: (wasCancelled) => {
        open--;
        if (wasCancelled) cancelled++;
      },
    });
  }

  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    compatBaseUrl: `${url}/v1`,
    received,
    last: () => {
      const r = received.at(-1);
      if (!r) throw new Error("the mock upstream has received nothing");
      return r;
    },
    behave: (b) => {
      behaviour = b;
      failed = 0;
    },
    reset: () => {
      behaviour = {};
      failed = 0;
      received.length = 0;
    },
    openStreams: () => open,
    cancelledStreams: () => cancelled,
    stop: () => server.stop(true),
  };
}

type Family = "chat" | "responses" | "messages" | "models" | "moderations" | "azure-chat" | "azure-responses" | "generate" | "generate-models";

function familyOf(path: string): Family | null {
  if (path === "/v1/chat/completions") return "chat";
  if (path === "/v1/moderations") return "moderations";
  if (path === "/v1/responses") return "responses";
  if (path === "/v1/messages") return "messages";
  if (/^\/v1(beta)?\/(models|tunedModels)\/[^/]+:(generateContent|streamGenerateContent|countTokens)$/.test(path)) return "generate";
  if (path === "/v1beta/models" || path.startsWith("/v1beta/models/")) return "generate-models";
  if (path === "/v1/models" || path.startsWith("/v1/models/")) return "models";
  if (/^\/openai\/deployments\/[^/]+\/chat\/completions$/.test(path)) return "azure-chat";
  if (path === "/openai/responses") return "azure-responses";
  return null;
}

/** The answer with its body gzip-compressed (a stream in one piece: its frames are finite). */
async function gzipped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set("content-encoding", "gzip");
  headers.delete("content-length");
  return new Response(Bun.gzipSync(new Uint8Array(await response.arrayBuffer())), { status: response.status, headers });
}

function splitWords(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [text];
}

/** Each family's wire format, from its folder (src/proxy/families/<family>/mock.ts). */
const MOCKS: Readonly<Record<"chat" | "responses" | "messages" | "generate", FamilyMock>> = { chat: chatMock, responses: responsesMock, messages: messagesMock, generate: generateMock };

/** The generateContent catalogue, in pages of `pageSize` (default: all) from `pageToken` (`p{offset}`). */
function generateModelsResponse(path: string, query: URLSearchParams): Response {
  const models = [
    { name: "models/gemini-mock-2", displayName: "Gemini Mock 2", supportedGenerationMethods: ["generateContent", "countTokens"] },
    { name: "models/gemini-mock-1", displayName: "Gemini Mock 1", supportedGenerationMethods: ["generateContent"] },
    { name: "models/gemini-mock-0", displayName: "Gemini Mock 0", supportedGenerationMethods: ["generateContent"] },
  ];
  if (path === "/v1beta/models" || path === "/v1/models") {
    const from = Number(query.get("pageToken")?.slice(1) ?? 0);
    const size = Number(query.get("pageSize") ?? models.length);
    const page = models.slice(from, from + size);
    return Response.json({ models: page, ...(from + size < models.length ? { nextPageToken: `p${from + size}` } : {}) });
  }
  const id = path.slice(path.indexOf("/models/") + "/models/".length);
  const found = models.find((m) => m.name === `models/${id}`);
  return found ? Response.json(found) : Response.json({ error: { code: 404, message: "not found", status: "NOT_FOUND" } }, { status: 404 });
}

function errorResponse(format: "chat" | "messages" | "generate", status: number, message: string): Response {
  return Response.json(MOCKS[format].errorBody(status, message), { status, headers: { "x-request-id": "req_mock_error", "x-should-retry": "false" } });
}

function sseResponse(frames: MockFrame[], b: Behaviour, track: { opened(): void; closed(cancelled: boolean): void }): Response {
  let i = 0;
  let contentSent = 0;
  let done = false;
  const finish = (cancelled: boolean) => {
    if (done) return;
    done = true;
    track.closed(cancelled);
  };
  track.opened();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i >= frames.length) {
        controller.close();
        finish(false);
        return;
      }
      if (b.dropAfterChunks !== undefined && contentSent >= b.dropAfterChunks) {
        // Let what was sent reach the reader first: a reset can discard unsent bytes.
        await Bun.sleep(20);
        finish(false);
        // Errored without a reason: the connection is reset all the same, and Bun prints no
        // stack for it, so a green run does not show a deliberate drop as a failure.
        controller.error(undefined);
        return;
      }
      if (b.oneWrite) {
        controller.enqueue(encoder.encode(frames.map((f) => f.text).join("")));
        i = frames.length;
        return;
      }
      if (b.chunkDelayMs && i > 0) await Bun.sleep(b.chunkDelayMs);
      if (done) return;
      const frame = frames[i++]!;
      if (frame.content) contentSent++;
      controller.enqueue(encoder.encode(frame.text));
    },
    cancel() {
      finish(true);
    },
  });
  const headers = new Headers({ "x-request-id": "req_mock_stream" });
  const type = b.streamContentType === undefined ? "text/event-stream; charset=utf-8" : b.streamContentType;
  if (type !== null) headers.set("content-type", type);
  const response = new Response(stream, { headers });
  // Bun gives a stream body a default type: a null asks for none.
  if (type === null) response.headers.delete("content-type");
  return response;
}

async function judgeResponse(j: JudgeBehaviour, body: Record<string, unknown>): Promise<Response> {
  if (j.delayMs) await Bun.sleep(j.delayMs);
  if (j.hold) await j.hold;
  if (j.status) return errorResponse("chat", j.status, "judge failure");
  const messages = body.messages as { role: string; content: string }[];
  const user = messages.find((m) => m.role === "user")?.content ?? "";
  const content = j.answer ? j.answer(user) : (j.content ?? JSON.stringify({ flagged: false, confidence: 0.95 }));
  return Response.json({
    id: "chatcmpl-judge",
    object: "chat.completion",
    created: CREATED,
    model: body.model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
  });
}

function moderationResponse(b: Behaviour, body: Record<string, unknown>) {
  const m = b.moderation ?? { flagged: false, categories: {}, scores: {} };
  return { id: "modr-mock", model: body.model, results: [{ flagged: m.flagged, categories: m.categories, category_scores: m.scores }] };
}

function modelsResponse(path: string): Response {
  const models = [
    { type: "model", id: "claude-mock-4", display_name: "Claude Mock 4", created_at: "2025-05-14T00:00:00Z" },
    { type: "model", id: "claude-mock-3", display_name: "Claude Mock 3", created_at: "2024-10-22T00:00:00Z" },
  ];
  if (path === "/v1/models") return Response.json({ data: models, has_more: false, first_id: models[0]!.id, last_id: models.at(-1)!.id });
  const id = decodeURIComponent(path.slice("/v1/models/".length));
  const found = models.find((m) => m.id === id);
  return found ? Response.json(found) : errorResponse("messages", 404, `model: ${id}`);
}
