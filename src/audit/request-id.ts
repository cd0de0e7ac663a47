/**
 * Request ids (DECISIONS §14): one id ties a request's answer (`X-Request-Id`), log line, span,
 * shadow verdict, upstream calls and error body together. A caller's own id is kept when it is
 * safe to put in a header and a log line (up to 128 characters of `[A-Za-z0-9._:-]`); anything
 * else is replaced, never echoed.
 */
import { VENDOR_PATTERN } from "../guardrails/secret-keys/patterns.ts";

export const REQUEST_ID_HEADER = "x-request-id";

const CALLER_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Nine digits or more, separators between them ignored: a national id, a card, a phone number. */
const VENDOR_KEY = new RegExp(VENDOR_PATTERN.source);
const DIGIT_RUN = /[0-9](?:[._:-]?[0-9]){8}/;

/**
 * The caller's `X-Request-Id` when it fits the grammar and cannot be a value the guardrails
 * would mask (it goes upstream, into log lines and back unmasked), else a new one. A refused id
 * is never logged nor echoed.
 */
export function requestIdOf(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given !== null && CALLER_ID.test(given) && !mayHoldValue(given) ? given : newRequestId();
}

/** Whether an id holds what looks like a personal number or a key (a UUID never does). */
function mayHoldValue(id: string): boolean {
  if (UUID.test(id)) return false;
  return DIGIT_RUN.test(id) || VENDOR_KEY.test(id);
}

/** A new id: a random UUID, unique without coordination between replicas. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
