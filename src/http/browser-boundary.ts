/**
 * The browser boundary. The proxy often runs on a developer's laptop, where any web page the
 * developer opens can send it requests: a `text/plain` POST needs no preflight, and a page whose
 * name was rebound to 127.0.0.1 (DNS rebinding) even reads the answers. So, on every route but
 * `GET /health`, before anything is read or forwarded:
 *
 * - `Host`: without caller authentication it must be a loopback name, an IP address or a name
 *   of SVC_GUARDRAILS_ALLOWED_HOSTS, else 403 `host_not_allowed` (a rebound name is none of
 *   these). With authentication on, any `Host` is served: a page cannot present the key.
 * - `Origin` (browsers send it on every cross-site request and on same-site POSTs): only a
 *   listed origin (SVC_GUARDRAILS_ALLOWED_ORIGINS, exact) or the proxy's own (the playground
 *   page, served on the `Host` the request names) passes, else 403 `origin_not_allowed`.
 *
 * A listed origin's preflight (`OPTIONS`) is answered here with the CORS headers, and its
 * requests' answers carry `Access-Control-Allow-Origin` so its page can read them; no other
 * answer carries a CORS header.
 */
import { isIP } from "node:net";
import { ApiError } from "../errors/api-error.ts";
import { callerValue } from "../log/caller-value.ts";

/** The methods the routes take. */
const ALLOWED_METHODS = "GET, POST, DELETE, OPTIONS";

/** What the official SDKs send, beside the CORS-safelisted headers, and the proxy's own. */
const ALLOWED_HEADERS = [
  "authorization", "content-type", "x-guardrails-key", "x-guardrails-config-id",
  "mcp-session-id", "mcp-protocol-version", "last-event-id",
  "x-api-key", "anthropic-version", "anthropic-beta", "anthropic-dangerous-direct-browser-access",
  "x-goog-api-key", "x-goog-api-client", "x-goog-user-project",
  "openai-organization", "openai-project", "openai-beta", "x-stainless-arch", "x-stainless-lang", "x-stainless-os", "x-stainless-package-version",
  "x-stainless-retry-count", "x-stainless-runtime", "x-stainless-runtime-version", "x-stainless-timeout", "x-stainless-helper-method", "x-stainless-helper",
  "api-key", "traceparent", "tracestate",
].join(", ");

/** Answer headers a listed page may read. */
const EXPOSED_HEADERS = "X-Request-Id, Request-Id, Mcp-Session-Id, Mcp-Protocol-Version, Retry-After";

/** How long a browser may reuse a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = "600";

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export interface BoundarySettings {
  readonly allowedOrigins: readonly string[];
  readonly allowedHosts: readonly string[];
  /** Callers are authenticated (tokens or a callers file): any `Host` is then served. */
  readonly authenticated: boolean;
}

/** What the request may do: go on (with CORS headers for its answer when from a listed origin), or the preflight's answer. */
export type Admission =
  | { readonly kind: "pass"; readonly corsHeaders?: Readonly<Record<string, string>> }
  | { readonly kind: "preflight"; readonly response: Response };

const PASS: Admission = { kind: "pass" };

export class BrowserBoundary {
  private readonly origins: ReadonlySet<string>;
  private readonly exactHosts: ReadonlySet<string>;
  private readonly hostSuffixes: readonly string[];

  constructor(private readonly settings: BoundarySettings) {
    this.origins = new Set(settings.allowedOrigins);
    this.exactHosts = new Set(settings.allowedHosts.filter((h) => !h.startsWith(".")));
    this.hostSuffixes = settings.allowedHosts.filter((h) => h.startsWith("."));
  }

  /** Throws 403 `host_not_allowed` or `origin_not_allowed`; `GET /health` is never refused. */
  admit(request: Request, path: string): Admission {
    if (request.method === "GET" && path === "/health") return PASS;
    const host = request.headers.get("host");
    if (!this.settings.authenticated && !this.hostAllowed(host)) {
      throw new ApiError(
        403,
        "host_not_allowed",
        `the Host '${callerValue(host ?? "")}' is not a loopback name, an IP address or a name of SVC_GUARDRAILS_ALLOWED_HOSTS: list the name this server is reached by, or turn caller authentication on`,
      );
    }
    const origin = request.headers.get("origin");
    if (origin === null) return PASS;
    const listed = this.origins.has(origin);
    if (!listed && !isOwnOrigin(origin, host)) {
      throw new ApiError(403, "origin_not_allowed", `requests from the web origin '${callerValue(origin)}' are refused: list it in SVC_GUARDRAILS_ALLOWED_ORIGINS to let its pages call this server`);
    }
    if (!listed) return PASS;
    const cors = { "access-control-allow-origin": origin, vary: "Origin", "access-control-expose-headers": EXPOSED_HEADERS };
    if (request.method === "OPTIONS" && request.headers.has("access-control-request-method")) {
      return {
        kind: "preflight",
        response: new Response(null, {
          status: 204,
          headers: { ...cors, "access-control-allow-methods": ALLOWED_METHODS, "access-control-allow-headers": ALLOWED_HEADERS, "access-control-max-age": PREFLIGHT_MAX_AGE },
        }),
      };
    }
    return { kind: "pass", corsHeaders: cors };
  }

  /** Loopback names and IP addresses with any port, and the listed names. A request without `Host` comes from no browser. */
  private hostAllowed(host: string | null): boolean {
    if (host === null) return true;
    const name = hostName(host.toLowerCase());
    if (name === null) return false;
    if (LOOPBACK_NAMES.has(name) || isIP(name) !== 0 || (name.startsWith("[") && isIP(name.slice(1, -1)) === 6)) return true;
    return this.exactHosts.has(name) || this.hostSuffixes.some((suffix) => name.endsWith(suffix));
  }
}

/** The name of a `Host` value without its port (`[::1]:8000` -> `[::1]`); null when it is not one. */
function hostName(host: string): string | null {
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    if (end === -1) return null;
    const rest = host.slice(end + 1);
    return rest === "" || /^:\d{1,5}$/.test(rest) ? host.slice(0, end + 1) : null;
  }
  const colon = host.indexOf(":");
  if (colon === -1) return host;
  return /^:\d{1,5}$/.test(host.slice(colon)) ? host.slice(0, colon) : null;
}

/**
 * A page the proxy served itself (the playground): its origin is the address the request was
 * sent to, over HTTP or, behind a TLS-terminating proxy, HTTPS.
 */
function isOwnOrigin(origin: string, host: string | null): boolean {
  if (host === null) return false;
  const o = origin.toLowerCase();
  const h = host.toLowerCase();
  return o === `http://${h}` || o === `https://${h}`;
}
