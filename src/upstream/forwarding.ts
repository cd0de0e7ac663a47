/**
 * What a request carries upstream besides its body (SPEC "Authentication" and "Header and query
 * forwarding"). Static headers and query are the client's defaults (built once); this adds the
 * per-request part, which wins over them on a name clash because the SDKs apply request
 * headers last. A null value removes a header the client would otherwise send.
 */
import type { UpstreamSettings } from "../settings.ts";
import type { UpstreamRoute } from "./routes.ts";

/** `url` is the inbound request's, for a provider that takes a caller's key from the query. */
export function upstreamHeaders(route: UpstreamRoute, inbound: Headers, forward: UpstreamSettings["forwardHeaders"], url?: string): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const name of forward) {
    const value = inbound.get(name);
    if (value !== null) out[name] = value;
  }
  route.spec.forwardCallerKey(inbound, out, route.client.apiKey !== undefined, url);
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
