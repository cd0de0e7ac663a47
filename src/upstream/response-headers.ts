/**
 * Upstream response headers worth relaying: request ids and rate-limit state, which callers
 * and their SDKs read (retries honour `retry-after`). Transport headers are the proxy's own.
 */
const RELAYED = /^(?:x-request-id|request-id|retry-after|retry-after-ms|openai-[a-z-]+|x-ratelimit-[a-z-]+|anthropic-ratelimit-[a-z-]+|apim-request-id|x-ms-region)$/;

export function relayedHeaders(upstream: Headers, contentType: string): Headers {
  const out = new Headers({ "content-type": contentType });
  upstream.forEach((value, name) => {
    if (RELAYED.test(name)) out.set(name, value);
  });
  return out;
}
