/**
 * Optional caller authentication (DECISIONS §7): with SVC_GUARDRAILS_AUTH_TOKENS set, every
 * route but `/health` needs `X-Guardrails-Key` with one of the tokens. Tokens are compared as
 * SHA-256 digests in constant time, so neither the length nor a prefix of a token leaks
 * through timing. `Authorization` is left alone: it is the caller's upstream key.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError } from "./errors.ts";

export const CALLER_KEY_HEADER = "x-guardrails-key";

export type CallerCheck = (request: Request, path: string) => void;

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

export function callerCheck(tokens: readonly string[]): CallerCheck | null {
  if (tokens.length === 0) return null;
  const digests = tokens.map(digest);
  return (request, path) => {
    if (path === "/health") return;
    const presented = request.headers.get(CALLER_KEY_HEADER);
    if (presented === null) throw new ApiError(401, "unauthorized", "missing X-Guardrails-Key header");
    const d = digest(presented);
    let ok = false;
    // No early exit: every token is compared whichever matches.
    for (const known of digests) ok = timingSafeEqual(d, known) || ok;
    if (!ok) throw new ApiError(401, "unauthorized", "invalid X-Guardrails-Key");
  };
}
