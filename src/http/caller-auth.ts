/**
 * Caller authentication (DECISIONS §7, §10). With SVC_GUARDRAILS_AUTH_TOKENS or a callers file
 * set, every route but `/health` needs `X-Guardrails-Key` with a known token, else 401
 * `unauthorized`. A token of the tokens list may use every policy; a token of the callers file
 * is its caller: a name for logs and metrics, and the policies it may use.
 *
 * Tokens are compared as SHA-256 digests in constant time, against every known digest without
 * an early exit, so neither the length nor a prefix of a token, nor which one matched, leaks
 * through timing. `Authorization` is left alone: it is the caller's upstream key.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Caller } from "../audit/request-audit.ts";
import type { CallerDefinition } from "./callers-file.ts";
import { ApiError } from "../errors/api-error.ts";

export const CALLER_KEY_HEADER = "x-guardrails-key";


/** Throws 401 when the request's token is missing or not known; else who is calling. */
export type Authenticate = (request: Request) => Caller;

/**
 * The one exemption: the liveness probe, `GET /health` exactly. Decided twice: on the path
 * before routing (so nothing is parsed for an unknown caller) and on the route Elysia matched
 * (so a URL that two parsers read differently can never reach another route unauthenticated).
 */
/** `GET /health`, and the playground's page shell when it is on (its API asks the key, as every route). */
export function exemptFromAuthentication(method: string, path: string, playground = false): boolean {
  return method === "GET" && (path === "/health" || (playground && path === "/playground"));
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

export type { Caller };

const ANY_POLICY: Caller = {};

/** Null when neither tokens nor callers are configured: callers are then not authenticated. */
export function callerAuthentication(tokens: readonly string[], callers: readonly CallerDefinition[]): Authenticate | null {
  if (tokens.length === 0 && callers.length === 0) return null;
  const known: { readonly digest: Buffer; readonly caller: Caller }[] = [
    ...tokens.map((t) => ({ digest: digest(t), caller: ANY_POLICY })),
    ...callers.map((c) => ({
      digest: c.tokenDigest,
      caller: { name: c.name, access: { name: c.name, policies: c.policies, defaultPolicy: c.defaultPolicy } },
    })),
  ];
  return (request) => {
    const presented = request.headers.get(CALLER_KEY_HEADER);
    if (presented === null) throw new ApiError(401, "unauthorized", "missing X-Guardrails-Key header");
    const d = digest(presented);
    let found: Caller | null = null;
    for (const entry of known) {
      // No early exit: every digest is compared whichever matches.
      if (timingSafeEqual(d, entry.digest)) found ??= entry.caller;
    }
    if (!found) throw new ApiError(401, "unauthorized", "invalid X-Guardrails-Key");
    return found;
  };
}
