/**
 * What of an upstream answer goes back to the caller besides the body: the status, the content
 * type, request ids and rate-limit state, which callers and their SDKs read (retries honour
 * `retry-after`). Transport headers are the proxy's own.
 */
import type { UpstreamStatusError } from "./errors.ts";

const RELAYED = /^(?:request-id|retry-after|retry-after-ms|openai-[a-z-]+|x-ratelimit-[a-z-]+|anthropic-ratelimit-[a-z-]+|apim-request-id|x-ms-region)$/;

export function relayedHeaders(upstream: Headers, contentType = upstream.get("content-type") ?? "application/json"): Headers {
  const out = new Headers({ "content-type": contentType });
  upstream.forEach((value, name) => {
    if (RELAYED.test(name)) out.set(name, value);
  });
  // `X-Request-Id` is the proxy's own (the caller's id, or a new one); the provider's goes back
  // under another name, for the provider's support.
  const upstreamId = upstream.get("x-request-id");
  if (upstreamId !== null) out.set("x-upstream-request-id", upstreamId);
  return out;
}

/** An upstream error answer, relayed with its status and body (DECISIONS §5). */
export function relayedError(err: UpstreamStatusError): Response {
  return new Response(err.body, { status: err.status, headers: relayedHeaders(err.headers) });
}
