/**
 * Sending one upstream request from a template the SDK built (see `client-call.ts`), with the SDKs'
 * own transport rules: the timeout covers the wait for response headers (a stream's body is
 * not cut short), connection failures and 408/409/429/5xx are retried up to `maxRetries`
 * times with the SDKs' backoff (`retry-after-ms`, `retry-after`, else 0.5 s doubling to 8 s,
 * with jitter) unless the upstream says `x-should-retry: false`. Unlike the SDKs (60 s), an
 * upstream that asks for more than 10 s, or for longer than the call's timeout, is not waited
 * for (DECISIONS §7): its answer goes back to the caller at once, `retry-after` included, and
 * the caller's own SDK decides whether to wait.
 *
 * Why not the SDKs' own call path: under load it cost about 117 µs of CPU per request
 * (header iteration, log-line formatting, per-call promise and controller machinery), more
 * than the proxy's whole budget; this path costs a few microseconds.
 */
import { ApiError } from "../errors/api-error.ts";
import type { RawRequest } from "./clients.ts";
import { readAnswerText } from "./answer-size.ts";
import { abortAfter, clear, TIMED_OUT } from "./deadlines.ts";
import { CallerGoneError, UpstreamStatusError } from "./errors.ts";
import { heavyStepTurn, isLarge } from "../schema/large-json.ts";

/** A request as the SDK would send it, minus the body and per-request parts. */
export interface RequestTemplate {
  readonly url: string;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
}

export interface TransportLimits {
  readonly timeoutMs: number;
  readonly maxRetries: number;
}

export async function send(template: RequestTemplate, request: RawRequest, limits: TransportLimits): Promise<Response> {
  const url = request.query ? withQuery(template.url, request.query) : template.url;
  // A large body's serialisation takes its turn, as its parsing did (schema/large-json.ts).
  if (isLarge(request.body)) await heavyStepTurn();
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const callerSignal = request.signal;
  const longestWait = Math.min(MAX_RETRY_AFTER_MS, limits.timeoutMs);
  for (let attempt = 0; ; attempt++) {
    let headers = template.headers;
    if (request.headers) {
      const merged: Record<string, string> = { ...template.headers };
      for (const name in request.headers) {
        const value = request.headers[name];
        if (value === null || value === undefined) delete merged[name];
        else merged[name] = value;
      }
      headers = merged;
    }
    // The caller's controller serves the first attempt, so aborting it (a block, a client
    // gone mid-stream) cancels the request; a retry after a timeout needs a fresh one.
    const controller = attempt === 0 && request.controller && !request.controller.signal.aborted ? request.controller : new AbortController();
    const callerGone = () => controller.abort();
    callerSignal?.addEventListener("abort", callerGone, { once: true });
    abortAfter(controller, limits.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { method: request.method === "post" ? "POST" : "GET", headers, body, signal: controller.signal });
    } catch (e) {
      clear(controller);
      callerSignal?.removeEventListener("abort", callerGone);
      if (callerSignal?.aborted) throw new CallerGoneError("the caller went away");
      const timedOut = controller.signal.reason === TIMED_OUT;
      if (attempt < limits.maxRetries) {
        await pause(backoffMs(attempt), callerSignal);
        continue;
      }
      // The log line says where and why (ECONNREFUSED, ENOTFOUND, a TLS error); never the
      // query string or a key, which may sit in the URL.
      const logFields = { upstream_host: hostOf(url), cause: timedOut ? "timeout" : causeOf(e) };
      throw timedOut
        ? new ApiError(504, "upstream_timeout", "the upstream did not answer in time", undefined, logFields)
        : new ApiError(502, "upstream_unreachable", "the upstream could not be reached", undefined, logFields);
    }
    // Headers are in: the timeout is over. The caller's signal stays wired to the body.
    clear(controller);
    if (response.ok) return response;
    callerSignal?.removeEventListener("abort", callerGone);
    const wait = attempt < limits.maxRetries && shouldRetry(response) ? retryDelayMs(response.headers, attempt, longestWait) : null;
    if (wait !== null) {
      await response.body?.cancel().catch(() => undefined);
      await pause(wait, callerSignal);
      continue;
    }
    let text: string;
    try {
      text = await readAnswerText(response, request.maxAnswerBytes);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw new ApiError(502, "upstream_unreachable", "the upstream connection was lost while it answered with an error");
    }
    throw new UpstreamStatusError(response.status, text, response.headers);
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "unknown";
  }
}

/** An error code (`ECONNREFUSED`, `ENOTFOUND`, `CERT_HAS_EXPIRED`), or the error's name. */
function causeOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[A-Za-z0-9_]{1,64}$/.test(code)) return code;
  return e instanceof Error ? e.name : "unknown";
}

function withQuery(url: string, query: Readonly<Record<string, string>>): string {
  const parsed = new URL(url);
  for (const name in query) parsed.searchParams.set(name, query[name]!);
  return parsed.toString();
}

function shouldRetry(response: Response): boolean {
  const header = response.headers.get("x-should-retry");
  if (header === "true") return true;
  if (header === "false") return false;
  const s = response.status;
  return s === 408 || s === 409 || s === 429 || s >= 500;
}

/** The longest `retry-after` the proxy waits for while its caller waits (DECISIONS §7). */
export const MAX_RETRY_AFTER_MS = 10_000;

/**
 * How long to wait before the next attempt: the upstream's advice, else the backoff; null when
 * the advice is longer than `longest`.
 */
function retryDelayMs(headers: Headers, attempt: number, longest: number): number | null {
  let ms: number | undefined;
  const afterMs = headers.get("retry-after-ms");
  if (afterMs !== null && !Number.isNaN(parseFloat(afterMs))) ms = parseFloat(afterMs);
  const after = headers.get("retry-after");
  if (ms === undefined && after !== null) {
    const seconds = parseFloat(after);
    ms = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
  }
  if (ms === undefined || Number.isNaN(ms) || ms <= 0) return backoffMs(attempt);
  return ms <= longest ? ms : null;
}

/** 0.5 s doubling per attempt up to 8 s, less up to 25 % jitter. */
function backoffMs(attempt: number): number {
  const seconds = Math.min(0.5 * 2 ** attempt, 8);
  return seconds * (1 - Math.random() * 0.25) * 1000;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CallerGoneError("the caller went away"));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CallerGoneError("the caller went away"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
