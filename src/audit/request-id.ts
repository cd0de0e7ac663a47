/**
 * Request ids (DECISIONS §14): one id ties a request's answer (`X-Request-Id`), log line, span,
 * shadow verdict, upstream calls and error body together. A caller's own id is kept when it is
 * safe to put in a header and a log line (up to 128 characters of `[A-Za-z0-9._:-]`); anything
 * else is replaced, never echoed.
 */
export const REQUEST_ID_HEADER = "x-request-id";

const CALLER_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `X-Request-Id` when it fits the grammar, else a new one. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given !== null && CALLER_ID.test(given) ? given : newRequestId();
}

/** A new id: a random UUID, unique without coordination between replicas. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
