/**
 * Request bodies are JSON whatever the Content-Type says (curl's `-d` sends a form type), and
 * never larger than the configured limit: a declared length over the limit is refused before
 * a byte is read, and a chunked body is counted as it arrives.
 */
import { ApiError } from "../errors/api-error.ts";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../schema/json-depth.ts";
import { jsonErrorPlace } from "../schema/json-error.ts";
import { heavyStepTurn, LARGE_JSON_CHARS, markLarge } from "../schema/large-json.ts";

export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const text = await readBodyText(request, limit);
  if (text.trim() === "") throw new ApiError(422, "validation_error", "request body is empty: a JSON object is expected");
  // Reading a large body costs milliseconds of this thread per megabyte: several arriving
  // together would run back to back, so each step takes its turn (probes answer between).
  const large = text.length >= LARGE_JSON_CHARS;
  if (large) await heavyStepTurn();
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ApiError(422, "validation_error", `request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`);
  }
  if (large) await heavyStepTurn();
  try {
    const document: unknown = JSON.parse(text);
    if (large) markLarge(document);
    return document;
  } catch {
    // The parser's own message quotes the token it stumbled on: a piece of the caller's text.
    // Only the place is said.
    const place = jsonErrorPlace(text);
    throw new ApiError(422, "validation_error", place ? `request body is not valid JSON (line ${place.line}, column ${place.column})` : "request body is not valid JSON");
  }
}

export function tooLarge(limit: number): ApiError {
  return new ApiError(413, "request_too_large", `request body is larger than the ${limit}-byte limit (SVC_GUARDRAILS_MAX_BODY_BYTES)`);
}

/** Refuses a declared Content-Length over the limit. */
export function checkDeclaredLength(request: Request, limit: number): void {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
}

/** The body as text, within the limit (a chunked body is counted as it arrives). */
export function readBodyWithin(request: Request, limit: number): Promise<string> {
  return readBodyText(request, limit);
}

/** A body's bytes as text, as `Request.text()` decodes them (UTF-8, a leading BOM dropped). */
const utf8 = new TextDecoder();

/**
 * The declared length was checked when the request arrived (the app's `onRequest`). A large or
 * chunked body is read piece by piece as it arrives (a chunked one counted against the limit):
 * `text()` and `arrayBuffer()` gather and decode it where it completes, and eight 8 MB bodies
 * completing together held the event loop 50-60 ms; its bytes are decoded in a turn of their
 * own (schema/large-json.ts).
 */
async function readBodyText(request: Request, limit: number): Promise<string> {
  // The declared length first: `request.body` builds a ReadableStream, which a small body read
  // whole by `text()` never needs.
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) < LARGE_JSON_CHARS) return request.text();
  if (!request.body) return request.text();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  if (total >= LARGE_JSON_CHARS) await heavyStepTurn();
  return utf8.decode(Buffer.concat(chunks, total));
}
