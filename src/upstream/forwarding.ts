/**
 * What a request carries upstream besides its body (SPEC "Authentication" and "Header and query
 * forwarding"). Static headers and query are the client's defaults (built once); this adds the
 * per-request part, which wins over them on a name clash because the SDKs apply request
 * headers last. A null value removes a header the client would otherwise send.
 */
import type { UpstreamSettings } from "../settings.ts";
import type { UpstreamRoute } from "./routes.ts";

/** Headers `POST /v1/messages` always forwards when present (SPEC Authentication rule 2). */
const MESSAGES_HEADERS = ["x-api-key", "authorization", "messages-version", "messages-beta", "anthropic-version", "anthropic-beta"] as const;

export function upstreamHeaders(route: UpstreamRoute, inbound: Headers, forward: UpstreamSettings["forwardHeaders"]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const name of forward) {
    const value = inbound.get(name);
    if (value !== null) out[name] = value;
  }
  const serverKey = route.client.apiKey !== undefined;
  switch (route.provider) {
    case "compat":
      // A key configured on the server wins (DECISIONS §5); else the caller's is forwarded as-is.
      if (serverKey) delete out.authorization;
      else out.authorization = inbound.get("authorization");
      break;
    case "hosted":
      if (serverKey) {
        delete out.authorization;
        delete out["api-key"];
      } else {
        // Azure callers send `api-key`; Entra ID callers send a bearer token.
        out["api-key"] = inbound.get("api-key");
        out.authorization = inbound.get("authorization");
      }
      break;
    case "messages": {
      for (const name of MESSAGES_HEADERS) {
        const value = inbound.get(name);
        if (value !== null) out[name] = value;
      }
      const callerKey = out["x-api-key"] !== undefined || out.authorization !== undefined;
      // The caller's key is used as sent, alone; without one, the server's key (or none).
      if (callerKey || !serverKey) {
        out["x-api-key"] ??= null;
        out.authorization ??= null;
      }
      break;
    }
  }
  return out;
}

/** The named query parameters of the inbound URL; undefined when none are configured or present. */
export function upstreamQuery(url: string, forward: UpstreamSettings["forwardQueryParams"]): Record<string, string> | undefined {
  if (forward.length === 0) return undefined;
  const q = url.indexOf("?");
  if (q === -1) return undefined;
  const params = new URLSearchParams(url.slice(q + 1));
  let out: Record<string, string> | undefined;
  for (const name of forward) {
    const value = params.get(name);
    if (value !== null) (out ??= {})[name] = value;
  }
  return out;
}
