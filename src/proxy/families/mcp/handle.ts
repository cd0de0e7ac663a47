/**
 * The MCP proxy (DECISIONS §12): `POST /mcp/{name}` (JSON-RPC messages, answered as JSON or as an
 * SSE stream, as the server answers), `GET` (the server's event stream) and `DELETE` (the end of
 * a session), every message in both directions through the policy's stages. What the client
 * sends is judged before it leaves (a blocked request is answered here and never reaches the
 * server); what the server sends is judged message by message before the client sees it.
 */
import type { RequestAudit } from "../../../audit/request-audit.ts";
import { finishAudit } from "../../../audit/request-audit.ts";
import { requestPolicy, CONFIG_ID_HEADER } from "../../../audit/request-policy.ts";
import { ApiError } from "../../../errors/api-error.ts";
import type { CompiledPolicy } from "../../../policy/compile.ts";
import { isObject } from "../../../schema/json.ts";
import { SseParser, SseTooLargeError } from "../../../streaming/sse.ts";
import { readAnswerText } from "../../../upstream/answer-size.ts";
import type { ProxyDeps } from "../../deps.ts";
import { Shadow } from "../../shadow.ts";
import type { McpServerEntry } from "./config.ts";
import { guardClient, guardServer, type McpGuardContext } from "./guard.ts";
import { blockedError, errorMessage, GUARDRAIL_ERROR_CODE, JsonRpcParseError, kindOf, methodLabel, parseJsonRpc, parseJsonRpcSliced, withheldToolResult, type JsonRpcMessage } from "./jsonrpc.ts";
import type { ToolPins } from "./pins.ts";
import type { Quarantine } from "./quarantine.ts";
import { readClientRequest, readClientResult, readError, readEventId } from "./reading.ts";
import { guardServerMessage, idKey, type ServerSide } from "./server-messages.ts";
import { renumbered, type McpSession, type McpSessions } from "./sessions.ts";
import { headersFor, openSession, sessionNotFound, sessionOf, withState } from "./session-requests.ts";
import { StateUnavailableError } from "../../../state/store.ts";
import { McpUpstreamError, sendToServer, timeoutMsOf } from "./upstream.ts";
import { Slicer } from "./slices.ts";

export interface McpRuntime {
  readonly entries: ReadonlyMap<string, McpServerEntry>;
  readonly sessions: McpSessions;
  readonly quarantine: Quarantine;
  readonly pins: ToolPins;
}

export interface McpCall {
  readonly entry: McpServerEntry;
  readonly request: Request;
  readonly audit: RequestAudit;
  /** The route pattern, for the request line and metrics. */
  readonly route: string;
}

const JSON_HEADERS = { "content-type": "application/json" };

/**
 * The most messages a client's batch may hold. Clients batch a handful (MCP 2025-06-18 dropped
 * batches altogether); thousands of messages in one request is a flood, refused before any is
 * judged or sent on.
 */
export const MAX_BATCH_MESSAGES = 1000;

/** `POST /mcp/{name}`: the client's JSON-RPC message (or batch), `bodyText` as received. */
export async function mcpPost(deps: ProxyDeps, rt: McpRuntime, call: McpCall, bodyText: string): Promise<Response> {
  // The policy's shadow, once the policy is known: its verdict is settled when the answer ends.
  const shadowed: { shadow: Shadow | null } = { shadow: null };
  try {
    const response = await withState(() => post(deps, rt, call, bodyText, (policy) => (shadowed.shadow = Shadow.of(deps, policy, call.audit))));
    // An SSE answer settles it when the stream ends (relaySse).
    if (!call.audit.deferred) shadowed.shadow?.settle();
    return response;
  } catch (e) {
    shadowed.shadow?.settle();
    throw e;
  }
}

async function post(deps: ProxyDeps, rt: McpRuntime, call: McpCall, bodyText: string, shadowOf: (policy: CompiledPolicy) => Shadow | null): Promise<Response> {
  let parsed: unknown;
  try {
    parsed = await parseJsonRpcSliced(bodyText, new Slicer());
  } catch (e) {
    if (!(e instanceof JsonRpcParseError)) throw e;
    return Response.json(errorMessage(null, e.code, e.message, { error: "validation_error" }), { status: 400 });
  }
  const batch = Array.isArray(parsed);
  const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  if (messages.length === 0) return Response.json(errorMessage(null, -32600, "an empty batch", { error: "validation_error" }), { status: 400 });
  if (messages.length > MAX_BATCH_MESSAGES) {
    return Response.json(errorMessage(null, -32600, `a batch of ${messages.length} messages; at most ${MAX_BATCH_MESSAGES} are read in one request`, { error: "batch_too_large" }), { status: 413 });
  }

  const policy = policyOf(deps, call);
  const found = await sessionOf(rt, call, policy);
  if (found === "not_found") return sessionNotFound(batch);
  const session = found ?? undefined;
  const ctx: McpGuardContext = { policy, audit: call.audit, shadow: shadowOf(policy), slicer: new Slicer(), ...(session ? { session } : {}) };
  const local: JsonRpcMessage[] = [];
  const forward: JsonRpcMessage[] = [];
  const asked = new Map<string, string>();

  for (const message of messages) {
    await ctx.slicer!.turn();
    const startedAt = performance.now();
    const kind = kindOf(message);
    if (kind === "invalid") {
      local.push(errorMessage(isObject(message) ? (message.id ?? null) : null, -32600, "not a JSON-RPC 2.0 message", { error: "validation_error" }));
      continue;
    }
    const msg = message as JsonRpcMessage;
    if (kind === "response") {
      // The client's answer to a request of the server's.
      const serverMethod = await session?.answered(msg.id);
      const block = await guardClient(ctx, "result" in msg ? readClientResult(serverMethod, msg.result, msg) : readError(msg.error, msg));
      count(deps, call, serverMethod, "client", block ? "blocked" : "passed", startedAt);
      // A blocked answer: the server gets the error, the client its 202.
      forward.push(block ? blockedError(msg.id, block) : msg);
      continue;
    }
    const method = msg.method as string;
    if (kind === "request" && method === "tools/call") {
      const refusal = await quarantined(deps, rt, call, ctx, msg);
      if (refusal) {
        count(deps, call, method, "client", "blocked", startedAt);
        local.push(refusal);
        continue;
      }
    }
    const block = await guardClient(ctx, readClientRequest(method, msg.params, msg));
    count(deps, call, method, "client", block ? "blocked" : "passed", startedAt);
    if (block) {
      if (kind === "request") local.push(blockedError(msg.id, block));
      else deps.log.warning("MCP client notification dropped", { server: call.entry.name, method: methodLabel(method), guardrail: block.guardrail, config_id: policy.id });
      continue;
    }
    if (kind === "request") asked.set(idKey(msg.id), method);
    forward.push(msg);
  }

  if (forward.length === 0) return local.length === 0 ? new Response(null, { status: 202 }) : Response.json(batch ? local : local[0], { headers: JSON_HEADERS });
  const initializes = !session && forward.some((m) => m.method === "initialize" && kindOf(m) === "request");
  if (initializes) await rt.sessions.ready();

  const abort = new AbortController();
  call.request.signal.addEventListener("abort", () => abort.abort(), { once: true });
  let upstream: Response;
  try {
    upstream = await sendToServer(call.entry, "POST", headersFor(call, session), JSON.stringify(batch ? forward : forward[0]), abort);
  } catch (e) {
    if (!(e instanceof McpUpstreamError)) throw e;
    return failedAnswer(e.status, [...asked.keys()].map((k) => JSON.parse(k) as unknown), e.code, e.message, batch, local);
  }
  // The session an initialize answer starts (the proxy's own, DECISIONS §15): its placeholders start with it.
  const answeredSession = session ?? (initializes && upstream.ok ? await openSession(rt, call, policy, upstream) : undefined);
  const answerCtx: McpGuardContext = answeredSession ? { ...ctx, session: answeredSession } : ctx;
  const side = serverSide(deps, rt, call, answeredSession, asked);
  return relayAnswer(deps, call, answerCtx, side, upstream, abort, batch, local);
}

/** `GET /mcp/{name}`: the server's own event stream, each message judged before it is relayed. */
export async function mcpGet(deps: ProxyDeps, rt: McpRuntime, call: McpCall): Promise<Response> {
  return withState(() => get(deps, rt, call));
}

async function get(deps: ProxyDeps, rt: McpRuntime, call: McpCall): Promise<Response> {
  const policy = policyOf(deps, call);
  const found = await sessionOf(rt, call, policy);
  if (found === "not_found") return sessionNotFound(false);
  const session = found ?? undefined;
  const abort = new AbortController();
  call.request.signal.addEventListener("abort", () => abort.abort(), { once: true });
  let upstream: Response;
  try {
    upstream = await sendToServer(call.entry, "GET", headersFor(call, session), undefined, abort);
  } catch (e) {
    if (!(e instanceof McpUpstreamError)) throw e;
    return failedAnswer(e.status, [], e.code, e.message, false, []);
  }
  // The stream's shadow folds each message's verdict as it comes and settles when the stream ends.
  const shadow = Shadow.of(deps, policy, call.audit, { eager: true });
  const ctx: McpGuardContext = { policy, audit: call.audit, shadow, slicer: new Slicer(), ...(session ? { session } : {}) };
  const response = await relayAnswer(deps, call, ctx, serverSide(deps, rt, call, session, new Map()), upstream, abort, false, [], false);
  if (!call.audit.deferred) shadow?.settle();
  return response;
}

/** `DELETE /mcp/{name}`: the session ends here too once the server ends it. */
export async function mcpDelete(deps: ProxyDeps, rt: McpRuntime, call: McpCall): Promise<Response> {
  return withState(() => del(deps, rt, call));
}

/** The session ends here; the server's own session, when it has one, ends with it. */
async function del(deps: ProxyDeps, rt: McpRuntime, call: McpCall): Promise<Response> {
  const policy = policyOf(deps, call);
  const found = await sessionOf(rt, call, policy);
  if (found === "not_found") return sessionNotFound(false);
  if (found) await rt.sessions.end(found);
  // A stateless server has no session to end.
  if (found && found.record.upstream === null) return new Response(null, { status: 200 });
  const abort = new AbortController();
  let upstream: Response;
  try {
    upstream = await sendToServer(call.entry, "DELETE", headersFor(call, found ?? undefined), undefined, abort);
  } catch (e) {
    if (!(e instanceof McpUpstreamError)) throw e;
    return failedAnswer(e.status, [], e.code, e.message, false, []);
  }
  // The session is over: what the server says about it (a body of any kind) is not relayed unread, nor at all.
  await upstream.body?.cancel().catch(() => {});
  return new Response(null, { status: upstream.status, headers: relayedHeaders(upstream, undefined) });
}

/** Header, else the entry's policy, else the caller's or the server's default (DECISIONS §12). */
function policyOf(deps: ProxyDeps, call: McpCall): CompiledPolicy {
  const named = call.request.headers.get(CONFIG_ID_HEADER) || call.entry.policy;
  return requestPolicy(deps, call.audit, call.request, named || undefined);
}

function serverSide(deps: ProxyDeps, rt: McpRuntime, call: McpCall, session: McpSession | undefined, asked: Map<string, string>): ServerSide {
  return {
    entry: call.entry,
    quarantine: rt.quarantine,
    pins: rt.pins,
    log: deps.log,
    asked,
    refuseServerRequest(error) {
      const headers = headersFor(call, session, { "content-type": "application/json", accept: "application/json, text/event-stream" });
      void sendToServer(call.entry, "POST", headers, JSON.stringify(error), new AbortController())
        .then((r) => r.body?.cancel())
        .catch(() => deps.log.warning("MCP server could not be told of a withheld request", { server: call.entry.name }));
    },
  };
}

/** The answer's headers the client needs: its type, and the proxy's session id (never the server's). */
function relayedHeaders(upstream: Response, session: McpSession | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["content-type", "mcp-protocol-version"]) {
    const value = upstream.headers.get(name);
    if (value !== null) out[name] = value;
  }
  if (session) out["mcp-session-id"] = session.id;
  return out;
}

/** An upstream failure: HTTP 502/504 with the JSON-RPC error for each request that was sent. */
function failedAnswer(status: number, ids: readonly unknown[], code: string, message: string, batch: boolean, local: readonly JsonRpcMessage[]): Response {
  const errors = [...local, ...(ids.length === 0 ? [errorMessage(null, -32603, message, { error: code })] : ids.map((id) => errorMessage(id, -32603, message, { error: code })))];
  return Response.json(batch ? errors : errors[0], { status, headers: JSON_HEADERS });
}

/**
 * The server's answer: a 202 or an error status relayed as is; JSON judged message by message;
 * an SSE stream judged event by event, each whole before it is relayed.
 */
async function relayAnswer(deps: ProxyDeps, call: McpCall, ctx: McpGuardContext, side: ServerSide, upstream: Response, abort: AbortController, batch: boolean, local: readonly JsonRpcMessage[], eventTimeout = true): Promise<Response> {
  const type = upstream.headers.get("content-type") ?? "";
  const max = deps.settings.maxAnswerBytes;
  if (upstream.status === 202 || !upstream.ok || !upstream.body) return relayOtherStatus(deps, call, ctx, side, upstream, batch, local);
  if (/text\/event-stream/i.test(type)) return relaySse(deps, call, ctx, side, upstream, abort, local, eventTimeout);
  let text: string;
  try {
    text = await readAnswerText(upstream, max);
  } catch (e) {
    if (e instanceof ApiError && e.code === "upstream_answer_too_large") return Response.json(tooLargeAnswers(side, batch, local), { headers: { ...JSON_HEADERS, ...sessionHeader(ctx.session) } });
    throw e;
  }
  let parsed: unknown;
  try {
    parsed = await parseJsonRpcSliced(text, ctx.slicer ?? new Slicer());
  } catch {
    return Response.json(errorMessage(null, -32603, `the MCP server '${call.entry.name}' answered something that is not JSON-RPC`, { error: "upstream_invalid_answer" }), { status: 502, headers: JSON_HEADERS });
  }
  const { answers, answered } = await guardAnswers(deps, call, ctx, side, parsed, local);
  // A request whose answer was not JSON-RPC 2.0 (dropped above) still gets one.
  for (const key of side.asked.keys()) if (!answered.has(key)) answers.push(errorMessage(JSON.parse(key) as unknown, -32603, `the MCP server '${call.entry.name}' answered without a readable answer to the request`, { error: "upstream_invalid_answer" }));
  return Response.json(batch || answers.length !== 1 ? answers : answers[0], { headers: { ...JSON_HEADERS, ...sessionHeader(ctx.session) } });
}

/** The method a server message concerns: the request it answers, else its own. */
function methodOf(side: ServerSide, message: unknown): string | undefined {
  return side.asked.get(idKey(isObject(message) ? message.id : null)) ?? (isObject(message) ? (message.method as string | undefined) : undefined);
}

/**
 * The server's parsed answer (one message or a batch) judged message by message, the event loop
 * turning between them: what goes to the client (after the proxy's own `local` answers) and the
 * ids of the requests it answered.
 */
async function guardAnswers(deps: ProxyDeps, call: McpCall, ctx: McpGuardContext, side: ServerSide, parsed: unknown, local: readonly JsonRpcMessage[]): Promise<{ answers: JsonRpcMessage[]; answered: Set<string> }> {
  const answers: JsonRpcMessage[] = [...local];
  const answered = new Set<string>();
  const slicer = ctx.slicer ?? new Slicer();
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    await slicer.turn();
    const startedAt = performance.now();
    const guarded = await guardedAndKept(ctx, side, message);
    count(deps, call, methodOf(side, message), "server", guarded === message ? "passed" : "blocked", startedAt);
    if (guarded) answers.push(guarded);
    if (kindOf(message) === "response") answered.add(idKey((message as JsonRpcMessage).id));
  }
  return { answers, answered };
}

/**
 * An answer with a status other than 200 (a 202, a 4xx or 5xx, a redirect) is read like any
 * other: a JSON-RPC body is judged message by message and relayed with its status; any other
 * body (an HTML error page, text) is never relayed: the client gets the proxy's own JSON-RPC
 * error for each request in flight (or, for a 202, nothing). A redirect is the server's failure
 * to answer (the proxy does not follow it): 502.
 */
async function relayOtherStatus(deps: ProxyDeps, call: McpCall, ctx: McpGuardContext, side: ServerSide, upstream: Response, batch: boolean, local: readonly JsonRpcMessage[]): Promise<Response> {
  const text = upstream.body ? await readAnswerText(upstream, deps.settings.maxAnswerBytes).catch(() => "") : "";
  const headers = { ...JSON_HEADERS, ...sessionHeader(ctx.session) };
  let parsed: unknown = undefined;
  if (text.trim().length > 0) parsed = await parseJsonRpcSliced(text, ctx.slicer ?? new Slicer()).catch(() => undefined);
  const status = upstream.status >= 300 && upstream.status < 400 ? 502 : upstream.status;
  if (parsed !== undefined && (isObject(parsed) || Array.isArray(parsed))) {
    const { answers } = await guardAnswers(deps, call, ctx, side, parsed, local);
    if (answers.length === 0) return new Response(null, { status, headers: sessionHeader(ctx.session) });
    return Response.json(batch || answers.length !== 1 ? answers : answers[0], { status, headers });
  }
  if (text.trim().length > 0) deps.log.warning("MCP server answer that is not JSON-RPC withheld", { server: call.entry.name, status: upstream.status });
  if (upstream.ok) {
    if (local.length > 0) return Response.json(batch ? local : local[0], { headers: JSON_HEADERS });
    return new Response(null, { status: upstream.status, headers: sessionHeader(ctx.session) });
  }
  const message = `the MCP server '${call.entry.name}' answered HTTP ${upstream.status}${text.trim().length > 0 ? " with a body that is not JSON-RPC (withheld)" : ""}`;
  const ids = [...side.asked.keys()].map((k) => JSON.parse(k) as unknown);
  const errors = [...local, ...(ids.length === 0 ? [errorMessage(null, -32603, message, { error: "upstream_error" })] : ids.map((id) => errorMessage(id, -32603, message, { error: "upstream_error" })))];
  return Response.json(batch || errors.length !== 1 ? errors : errors[0], { status, headers });
}

function sessionHeader(session: McpSession | undefined): Record<string, string> {
  return session ? { "mcp-session-id": session.id } : {};
}

/**
 * A server message judged, and what judging it added to the session (placeholders, server
 * requests) written to the store before the client sees it; a placeholder renumbered there is
 * renumbered in the message too.
 */
async function guardedAndKept(ctx: McpGuardContext, side: ServerSide, message: unknown): Promise<JsonRpcMessage | null> {
  const guarded = await guardServerMessage(ctx, side, message);
  if (!ctx.session) return guarded;
  return renumbered(guarded, await ctx.session.persist());
}

/** Each request in flight answered with `upstream_answer_too_large` (a tool call as a tool error). */
function tooLargeAnswers(side: ServerSide, batch: boolean, local: readonly JsonRpcMessage[]): unknown {
  const message = "the MCP server's answer is larger than SVC_GUARDRAILS_MAX_ANSWER_BYTES";
  const answers = [...local];
  for (const [key, method] of side.asked) {
    const id = JSON.parse(key) as unknown;
    answers.push(method === "tools/call" ? withheldToolResult(id, `${message} (upstream_answer_too_large)`) : errorMessage(id, -32603, message, { error: "upstream_answer_too_large" }));
  }
  return batch || answers.length !== 1 ? answers : answers[0];
}

/**
 * An SSE answer relayed event by event: each message parsed and judged whole, then written as
 * its own event (its `id:` kept, for Last-Event-ID). A gap longer than the entry's timeout, or
 * more than SVC_GUARDRAILS_MAX_ANSWER_BYTES, ends it with an error for each request still open.
 */
function relaySse(deps: ProxyDeps, call: McpCall, ctx: McpGuardContext, side: ServerSide, upstream: Response, abort: AbortController, local: readonly JsonRpcMessage[], eventTimeout: boolean): Response {
  call.audit.deferred = true;
  const reader: Reader = upstream.body!.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const max = deps.settings.maxAnswerBytes;
  const timeoutMs = timeoutMsOf(call.entry);
  const encoder = new TextEncoder();
  let finished = false;
  const finish = (status: number) => {
    if (finished) return;
    finished = true;
    call.audit.deferred = false;
    ctx.shadow?.settle();
    finishAudit(call.audit, status, call.route, deps);
  };
  const open = new Map(side.asked);
  const slicer = ctx.slicer ?? new Slicer();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => controller.enqueue(encoder.encode(text));
      const endWithErrors = (code: string, message: string) => {
        for (const [key, method] of open) {
          const id = JSON.parse(key) as unknown;
          const answer = method === "tools/call" && code === "upstream_answer_too_large" ? withheldToolResult(id, `${message} (${code})`) : errorMessage(id, -32603, message, { error: code });
          write(`event: message\ndata: ${JSON.stringify(answer)}\n\n`);
        }
      };
      for (const answer of local) write(`event: message\ndata: ${JSON.stringify(answer)}\n\n`);
      let bytes = 0;
      try {
        for (;;) {
          const next = await readWithin(reader, eventTimeout ? timeoutMs : 0);
          if (next === "timeout") {
            endWithErrors("upstream_timeout", `the MCP server '${call.entry.name}' sent nothing for ${timeoutMs / 1000} s`);
            abort.abort();
            break;
          }
          if (next.done) {
            // A request whose answer never came, or came unreadable (dropped above), still gets one.
            if (open.size > 0) endWithErrors("upstream_invalid_answer", `the MCP server '${call.entry.name}' ended its answer without a readable answer to the request`);
            break;
          }
          bytes += next.value.byteLength;
          if (bytes > max) {
            endWithErrors("upstream_answer_too_large", "the MCP server's answer is larger than SVC_GUARDRAILS_MAX_ANSWER_BYTES");
            abort.abort();
            break;
          }
          for (const event of parser.push(decoder.decode(next.value, { stream: true }))) {
            await slicer.turn();
            // The proxy writes its own frames: comments are dropped, an event of another type than
            // `message` (which MCP clients ignore) too, an id only once judged, a retry only as a number.
            if (event.event !== null && event.event !== "message") {
              deps.log.warning("MCP server event of another type than message dropped", { server: call.entry.name });
              continue;
            }
            const id = event.id === null || event.id === undefined ? null : await judgedEventId(deps, call, ctx, event.id);
            const retry = event.retry !== null && event.retry !== undefined && /^\d{1,9}$/.test(event.retry) ? event.retry : null;
            const head = `${id !== null ? `id: ${id}\n` : ""}${retry !== null ? `retry: ${retry}\n` : ""}`;
            if (event.data === "") {
              // A priming event (its id for resumption, its retry for reconnection): nothing else to judge.
              if (head !== "") write(`${head}data: \n\n`);
              continue;
            }
            let message: unknown;
            try {
              message = parseJsonRpc(event.data);
            } catch {
              deps.log.warning("MCP server event that is not JSON-RPC dropped", { server: call.entry.name });
              continue;
            }
            const method = methodOf(side, message);
            const startedAt = performance.now();
            const guarded = await guardedAndKept(ctx, side, message);
            count(deps, call, method, "server", guarded === message ? "passed" : "blocked", startedAt);
            if (isObject(message) && kindOf(message) === "response") open.delete(idKey(message.id));
            if (!guarded) continue;
            write(`${head}event: message\ndata: ${JSON.stringify(guarded)}\n\n`);
          }
        }
        finish(200);
      } catch (e) {
        if (e instanceof StateUnavailableError) endWithErrors("state_unavailable", "the proxy's session store is unavailable; try again shortly");
        else if (e instanceof SseTooLargeError) endWithErrors("upstream_answer_too_large", "an event of the MCP server is larger than the proxy reads");
        else if (!abort.signal.aborted) endWithErrors("upstream_unreachable", `the MCP server '${call.entry.name}' broke off its answer`);
        finish(200);
      }
      try {
        controller.close();
      } catch {
        // The client went away first.
      }
    },
    cancel() {
      abort.abort();
      void reader.cancel().catch(() => {});
      finish(499);
    },
  });
  return new Response(body, { status: upstream.status, headers: { ...relayedHeaders(upstream, ctx.session), "content-type": "text/event-stream", "cache-control": "no-cache" } });
}

/**
 * An SSE event id as the server wrote it, judged like a name (never rewritten: the client sends
 * it back as Last-Event-ID): null, and the event relayed without it, when a guardrail would
 * mask or block it.
 */
async function judgedEventId(deps: ProxyDeps, call: McpCall, ctx: McpGuardContext, id: string): Promise<string | null> {
  if (id === "") return id;
  const { block } = await guardServer(ctx, readEventId(id));
  if (!block) return id;
  deps.log.warning("MCP server event id withheld", { server: call.entry.name, guardrail: block.guardrail, config_id: ctx.policy.id });
  return null;
}

/** The next read, or "timeout" after `ms` of silence (0: no limit). */
type Reader = { read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array }>; cancel(): Promise<void> };

async function readWithin(reader: Reader, ms: number): Promise<Awaited<ReturnType<Reader["read"]>> | "timeout"> {
  if (ms === 0) return reader.read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), ms)));
  try {
    return await Promise.race([reader.read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A tools/call naming a quarantined tool is refused; one naming a tool this policy has not judged
 * yet makes the proxy list the server's tools itself first (DECISIONS §12).
 */
async function quarantined(deps: ProxyDeps, rt: McpRuntime, call: McpCall, ctx: McpGuardContext, msg: JsonRpcMessage): Promise<JsonRpcMessage | null> {
  const name = isObject(msg.params) && typeof msg.params.name === "string" ? msg.params.name : undefined;
  if (name === undefined) return null;
  const server = call.entry.name;
  let verdict = await rt.quarantine.verdict(server, ctx.policy.id, "tools/list", name);
  // Listed at most once per session (or server and policy, without one) while it lasts: a name
  // the server does not list stays unjudged instead of costing a listing per call (DECISIONS §12).
  if (!verdict.judged && ctx.policy.stages.output.length > 0 && (await rt.quarantine.mayRelist(ctx.session ? `session:${ctx.session.handle}` : `${server}\u0000${ctx.policy.id}`))) {
    await listToolsItself(deps, rt, call, ctx);
    verdict = await rt.quarantine.verdict(server, ctx.policy.id, "tools/list", name);
  }
  const block = verdict.block;
  if (!block) return null;
  return errorMessage(msg.id, GUARDRAIL_ERROR_CODE, `tool '${name}' is quarantined: ${block.message}`, { error: "guardrail_enforcement_triggered", guardrail: block.guardrail });
}

/** Pages of tools/list the proxy asks for itself (bounded). */
const MAX_LIST_PAGES = 10;

async function listToolsItself(deps: ProxyDeps, rt: McpRuntime, call: McpCall, ctx: McpGuardContext): Promise<void> {
  const headers = headersFor(call, ctx.session, { "content-type": "application/json", accept: "application/json, text/event-stream" });
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const id = `guardrail-proxy-tools-${page}`;
    const asked = new Map([[idKey(id), "tools/list"]]);
    const request = { jsonrpc: "2.0", id, method: "tools/list", ...(cursor ? { params: { cursor } } : {}) };
    let message: unknown;
    try {
      const answer = await sendToServer(call.entry, "POST", headers, JSON.stringify(request), new AbortController());
      message = await firstAnswer(answer, id, deps.settings.maxAnswerBytes);
    } catch {
      deps.log.warning("MCP tools could not be listed to judge a call; it goes on unjudged", { server: call.entry.name });
      return;
    }
    const side: ServerSide = { entry: call.entry, quarantine: rt.quarantine, pins: rt.pins, log: deps.log, asked, refuseServerRequest: () => {} };
    // The proxy's own listing is not the request's traffic: its shadow does not read it.
    const guarded = await guardServerMessage({ ...ctx, session: undefined, shadow: null }, side, message);
    const next = isObject(guarded) && isObject(guarded.result) ? guarded.result.nextCursor : undefined;
    if (typeof next !== "string") return;
    cursor = next;
  }
}

/** The answer with `id` in a JSON or SSE answer. */
async function firstAnswer(answer: Response, id: string, max: number): Promise<unknown> {
  const text = await readAnswerText(answer, max);
  if (!/text\/event-stream/i.test(answer.headers.get("content-type") ?? "")) return parseJsonRpc(text);
  for (const event of new SseParser().push(`${text}\n\n`)) {
    if (event.data === "") continue;
    const message = parseJsonRpc(event.data);
    if (isObject(message) && message.id === id) return message;
  }
  throw new Error("no answer");
}

/** One message judged: counted by server, method, direction and outcome, and a span when tracing is on. */
function count(deps: ProxyDeps, call: McpCall, method: string | undefined, from: "client" | "server", outcome: "passed" | "blocked", startedAt: number): void {
  const labels = { server: call.entry.name, method: methodLabel(method), from, outcome } as const;
  // The request line names the server and each method judged, with its direction and outcome.
  const fields = (call.audit.logFields ??= { mcp_server: call.entry.name, mcp_messages: [] as string[] });
  const messages = fields.mcp_messages as string[];
  if (messages.length < 32) messages.push(`${from} ${labels.method} ${outcome}`);
  deps.metrics.inc("guardrail_proxy_mcp_messages_total", labels);
  call.audit.trace?.message(labels, startedAt);
}
