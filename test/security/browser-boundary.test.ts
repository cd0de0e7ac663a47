/**
 * The browser boundary: a web page the developer opens must not drive the proxy on their
 * laptop. A real browser (Debian's chromium through playwright-core) on another loopback origin
 * tries the requests a page can make (a `text/plain` simple POST that needs no preflight, a JSON
 * POST that does); both are refused before anything is read or forwarded (the mock upstream and
 * the MCP server see nothing). A listed origin works, preflight included, and reads the answer.
 * DNS rebinding (`Host: evil.example`) is refused unless callers are authenticated.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { startMcpServer, type McpTestServer } from "../helpers/mcp-server.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";
import { policy } from "../helpers/policies.ts";
import { loadSettings } from "../../src/settings.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHAT = { model: "gpt-4o-mini", messages: [{ role: "user", content: "Say hello." }] };
const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "page", version: "1" } } };

let browser: Browser;
/** Serves the attacker's (or the listed app's) page on its own loopback origin. */
let pageServer: ReturnType<typeof Bun.serve>;
let pageOrigin: string;
let closed: ProxyFixture;
let listed: ProxyFixture;
let authenticated: ProxyFixture;
let mcpServer: McpTestServer;
let mcpDir: string;

beforeAll(async () => {
  pageServer = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("<!doctype html><title>a page</title><p>hello</p>", { headers: { "content-type": "text/html" } }) });
  // `localhost` vs the proxy's `127.0.0.1`: another origin (and another site) on this machine.
  pageOrigin = `http://localhost:${pageServer.port}`;
  mcpServer = startMcpServer();
  mcpDir = mkdtempSync(join(tmpdir(), "gp-boundary-"));
  const mcpConfig = join(mcpDir, "mcp.yaml");
  writeFileSync(mcpConfig, [`- name: tools`, `  url: ${mcpServer.url}`, `  policy: open`].join("\n"));
  const common = { policies: { "open.json": policy({}) }, defaultConfig: "open" };
  closed = await startProxyFixture({ ...common, env: { SVC_GUARDRAILS_MCP_CONFIG: mcpConfig, SVC_GUARDRAILS_PLAYGROUND: "true" } });
  listed = await startProxyFixture({ ...common, env: { SVC_GUARDRAILS_MCP_CONFIG: mcpConfig, SVC_GUARDRAILS_ALLOWED_ORIGINS: `https://app.example.com,${pageOrigin}`, SVC_GUARDRAILS_ALLOWED_HOSTS: "proxy.internal,.svc.cluster.local" } });
  authenticated = await startProxyFixture({ ...common, env: { SVC_GUARDRAILS_AUTH_TOKENS: "caller-token" } });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([closed?.stop(), listed?.stop(), authenticated?.stop(), mcpServer?.stop()]);
  await pageServer?.stop(true);
  rmSync(mcpDir, { recursive: true, force: true });
});

async function openPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${pageOrigin}/`);
  return page;
}

interface PageFetch {
  readonly error?: string;
  readonly status?: number;
  readonly body?: string;
  readonly requestId?: string | null;
  readonly sessionId?: string | null;
}

/** `fetch` from the page's own script, as any web page can. */
function pageFetch(page: Page, url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<PageFetch> {
  return page.evaluate(async ({ url, init }) => {
    try {
      const r = await fetch(url, init);
      return { status: r.status, body: await r.text(), requestId: r.headers.get("x-request-id"), sessionId: r.headers.get("mcp-session-id") };
    } catch (e) {
      return { error: String(e) };
    }
  }, { url, init });
}

/** A raw HTTP/1.1 request, so `Host` is exactly what a rebound name would send. */
function rawRequest(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }), ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** The proxy's request log lines so far. */
function requestLines(fixture: ProxyFixture): Record<string, unknown>[] {
  return fixture.server.logs().filter((l) => l.msg === "request");
}

function corsHeaderNames(headers: Record<string, string | string[] | undefined>): string[] {
  return Object.keys(headers).filter((h) => h.startsWith("access-control-"));
}

describe("a page on another origin", () => {
  test("a text/plain simple POST (no preflight) is refused with 403 origin_not_allowed and never forwarded", async () => {
    closed.mock.reset();
    const page = await openPage();
    const linesBefore = requestLines(closed).length;
    const result = await pageFetch(page, `${closed.server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify(CHAT) });
    // The answer carries no CORS header, so the page cannot even read the refusal.
    expect(result.error).toContain("TypeError");
    await closed.server.waitForLog((l) => l.msg === "request" && l.path === "/v1/chat/completions");
    // The browser did send it (a simple request): the proxy refused it.
    expect(requestLines(closed).slice(linesBefore).map((l) => `${l.method} ${l.status}`)).toEqual(["POST 403"]);
    expect(closed.mock.received).toHaveLength(0);
    await page.close();
  });

  test("a JSON POST's preflight is refused, the POST never sent, nothing forwarded", async () => {
    closed.mock.reset();
    const page = await openPage();
    const linesBefore = requestLines(closed).length;
    const result = await pageFetch(page, `${closed.server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer sk-page" }, body: JSON.stringify(CHAT) });
    expect(result.error).toContain("TypeError");
    await closed.server.waitForLog((l) => l.msg === "request" && l.method === "OPTIONS");
    await Bun.sleep(50);
    expect(requestLines(closed).slice(linesBefore).map((l) => `${l.method} ${l.status}`)).toEqual(["OPTIONS 403"]);
    expect(closed.mock.received).toHaveLength(0);
    await page.close();
  });

  test("the MCP route, the guard endpoint, the models list, the playground's API and metrics refuse it too; /health answers", async () => {
    const before = mcpServer.headers.length;
    const origin = { origin: "https://evil.example" };
    const mcp = await rawRequest(`${closed.server.url}/mcp/tools`, "POST", { ...origin, "content-type": "text/plain", accept: "application/json, text/event-stream" }, JSON.stringify(INITIALIZE));
    expect(mcp.status).toBe(403);
    const rpc = JSON.parse(mcp.body) as { jsonrpc: string; id: null; error: { code: number; data: { error: string } }; detail: { error: string } };
    expect(rpc).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000, data: { error: "origin_not_allowed" } }, detail: { error: "origin_not_allowed" } });
    expect(mcpServer.headers.length).toBe(before);
    const guard = await rawRequest(`${closed.server.url}/v1/guard/input`, "POST", { ...origin, "content-type": "text/plain" }, JSON.stringify({ text: "hi", config_id: "open" }));
    expect(guard.status).toBe(403);
    expect(JSON.parse(guard.body)).toMatchObject({ detail: { error: "origin_not_allowed" }, error: { code: "origin_not_allowed" } });
    const messages = await rawRequest(`${closed.server.url}/v1/messages`, "POST", { ...origin, "content-type": "text/plain" }, "{}");
    expect(JSON.parse(messages.body)).toMatchObject({ type: "error", error: { type: "permission_error" }, detail: { error: "origin_not_allowed" } });
    const playground = await rawRequest(`${closed.server.url}/playground/api/check`, "POST", { ...origin, "content-type": "text/plain" }, JSON.stringify({ text: "hi", stage: "input" }));
    expect(playground.status).toBe(403);
    // The playground's own page calls its API from the proxy's origin: served.
    const own = await rawRequest(`${closed.server.url}/playground/api/policies`, "GET", { origin: closed.server.url });
    expect(own.status).toBe(200);
    expect(corsHeaderNames(own.headers)).toEqual([]);
    for (const path of ["/v1/models", "/metrics", "/playground/api/policies"]) {
      const r = await rawRequest(`${closed.server.url}${path}`, "GET", origin);
      expect([path, r.status]).toEqual([path, 403]);
      expect(corsHeaderNames(r.headers)).toEqual([]);
    }
    expect((await rawRequest(`${closed.server.url}/health`, "GET", origin)).status).toBe(200);
    // A sandboxed frame or a file:// page sends "null".
    expect((await rawRequest(`${closed.server.url}/v1/guard/input`, "POST", { origin: "null", "content-type": "text/plain" }, JSON.stringify({ text: "hi", config_id: "open" }))).status).toBe(403);
  });

  test("an unlisted origin's preflight gets 403 and no CORS header", async () => {
    const r = await rawRequest(`${closed.server.url}/v1/chat/completions`, "OPTIONS", { origin: "https://evil.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type" });
    expect(r.status).toBe(403);
    expect(corsHeaderNames(r.headers)).toEqual([]);
  });
});

describe("a listed origin", () => {
  test("a proxied answer carries the CORS headers and X-Request-Id the hooks set, and its own headers", async () => {
    listed.mock.reset();
    const r = await rawRequest(`${listed.server.url}/v1/chat/completions`, "POST", { origin: "https://app.example.com", "content-type": "application/json", "x-guardrails-config-id": "open", "x-request-id": "cors-check-1" }, JSON.stringify(CHAT));
    expect(r.status).toBe(200);
    expect(r.headers["access-control-allow-origin"]).toBe("https://app.example.com");
    expect(r.headers["x-request-id"]).toBe("cors-check-1");
    expect(String(r.headers["content-type"])).toContain("application/json");
    expect(JSON.parse(r.body).choices[0].message.content).toBeString();
  });

  test("a page on it calls the API as the SDKs do (preflight, JSON, Authorization) and reads the answer and X-Request-Id", async () => {
    listed.mock.reset();
    const page = await openPage();
    const result = await pageFetch(page, `${listed.server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer sk-page", "x-guardrails-config-id": "open", "x-stainless-lang": "js", "x-stainless-retry-count": "0" },
      body: JSON.stringify(CHAT),
    });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(200);
    expect((JSON.parse(result.body!) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBeString();
    expect(result.requestId).toBeString();
    expect(listed.mock.received).toHaveLength(1);
    await page.close();
  });

  test("a page on it reaches an MCP server: initialize, with Mcp-Session-Id readable", async () => {
    const page = await openPage();
    const result = await pageFetch(page, `${listed.server.url}/mcp/tools`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify(INITIALIZE),
    });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(200);
    expect(result.sessionId).toBeString();
    await page.close();
  });

  test("its preflight names the methods and the headers SDKs send; answers to others carry no CORS header", async () => {
    const pre = await rawRequest(`${listed.server.url}/mcp/tools`, "OPTIONS", { origin: "https://app.example.com", "access-control-request-method": "POST", "access-control-request-headers": "content-type, mcp-session-id, x-guardrails-key" });
    expect(pre.status).toBe(204);
    expect(pre.headers["access-control-allow-origin"]).toBe("https://app.example.com");
    expect(String(pre.headers["access-control-allow-methods"])).toContain("DELETE");
    const allowed = String(pre.headers["access-control-allow-headers"]).split(", ");
    for (const h of ["authorization", "content-type", "x-guardrails-key", "x-guardrails-config-id", "mcp-session-id", "mcp-protocol-version", "last-event-id", "x-api-key", "anthropic-version", "x-goog-api-key"]) expect(allowed).toContain(h);
    // Without an Origin, and from an unlisted one: none.
    expect(corsHeaderNames((await rawRequest(`${listed.server.url}/v1/models`, "GET", {})).headers)).toEqual([]);
    expect(corsHeaderNames((await rawRequest(`${listed.server.url}/v1/models`, "GET", { origin: "https://app.example.com.evil.example" })).headers)).toEqual([]);
  });
});

describe("DNS rebinding: the Host header", () => {
  const bodyOf = JSON.stringify(CHAT);
  const json = { "content-type": "application/json" };

  test("a name that is not loopback, an IP address or listed is refused with 403 host_not_allowed, even without Origin", async () => {
    closed.mock.reset();
    for (const host of ["evil.example", "evil.example:8000", "localhost.evil.example", "127.0.0.1.nip.io", "[::1]x", "localhost:80:80"]) {
      const r = await rawRequest(`${closed.server.url}/v1/chat/completions`, "POST", { ...json, host }, bodyOf);
      expect([host, r.status]).toEqual([host, 403]);
      expect((JSON.parse(r.body) as { detail: { error: string } }).detail.error).toBe("host_not_allowed");
    }
    // A rebound page also sends its own origin: refused the same.
    const rebound = await rawRequest(`${closed.server.url}/mcp/tools`, "POST", { ...json, host: "evil.example.com", origin: "http://evil.example.com", accept: "application/json, text/event-stream" }, JSON.stringify(INITIALIZE));
    expect(rebound.status).toBe(403);
    expect(closed.mock.received).toHaveLength(0);
    expect((await rawRequest(`${closed.server.url}/health`, "GET", { host: "evil.example" })).status).toBe(200);
  });

  test("loopback names and IP addresses with any port are served", async () => {
    for (const host of ["localhost", "localhost:8000", "LOCALHOST:1", "127.0.0.1", "127.0.0.1:9", "[::1]", "[::1]:8000", "10.1.2.3:8000", "[fd00::1]:80"]) {
      const r = await rawRequest(`${closed.server.url}/v1/chat/completions`, "POST", { ...json, host }, bodyOf);
      expect([host, r.status]).toEqual([host, 200]);
    }
  });

  test("listed names, exact or by suffix, are served; others are not", async () => {
    for (const [host, status] of [["proxy.internal", 200], ["proxy.internal:8000", 200], ["guardrail-proxy.tools.svc.cluster.local:8000", 200], ["x.proxy.internal", 403], ["svc.cluster.local.evil.example", 403]] as const) {
      const r = await rawRequest(`${listed.server.url}/v1/chat/completions`, "POST", { ...json, host }, bodyOf);
      expect([host, r.status]).toEqual([host, status]);
    }
  });

  test("with caller authentication on, any Host is served (a page cannot present the key)", async () => {
    const r = await rawRequest(`${authenticated.server.url}/v1/chat/completions`, "POST", { ...json, host: "guardrail-proxy.example.com", "x-guardrails-key": "caller-token" }, bodyOf);
    expect(r.status).toBe(200);
    const anonymous = await rawRequest(`${authenticated.server.url}/v1/chat/completions`, "POST", { ...json, host: "guardrail-proxy.example.com" }, bodyOf);
    expect(anonymous.status).toBe(401);
  });

  test("the MCP server never sees the caller's Host or Origin", async () => {
    const before = mcpServer.headers.length;
    const r = await rawRequest(`${listed.server.url}/mcp/tools`, "POST", { ...json, host: "proxy.internal", origin: "https://app.example.com", accept: "application/json, text/event-stream" }, JSON.stringify(INITIALIZE));
    expect(r.status).toBe(200);
    const sent = mcpServer.headers.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const h of sent) {
      expect(h.host).toBe(new URL(mcpServer.url).host);
      expect(h.origin).toBeUndefined();
    }
  });
});

describe("settings", () => {
  const base = { SVC_KEY: "k" };
  test("origins must be exact web origins, hosts plain names", () => {
    expect(loadSettings({ ...base, SVC_GUARDRAILS_ALLOWED_ORIGINS: "https://app.example.com, http://localhost:3000" }, { requireLicence: true }).allowedOrigins).toEqual(["https://app.example.com", "http://localhost:3000"]);
    for (const bad of ["https://app.example.com/", "*", "app.example.com", "https://App.example.com", "https://app.example.com/path", "file:///x"]) {
      expect(() => loadSettings({ ...base, SVC_GUARDRAILS_ALLOWED_ORIGINS: bad }, { requireLicence: true })).toThrow("SVC_GUARDRAILS_ALLOWED_ORIGINS");
    }
    expect(loadSettings({ ...base, SVC_GUARDRAILS_ALLOWED_HOSTS: "Proxy.Internal,.svc" }, { requireLicence: true }).allowedHosts).toEqual(["proxy.internal", ".svc"]);
    for (const bad of ["http://proxy", "proxy:8000", "*.svc", "a..b"]) {
      expect(() => loadSettings({ ...base, SVC_GUARDRAILS_ALLOWED_HOSTS: bad }, { requireLicence: true })).toThrow("SVC_GUARDRAILS_ALLOWED_HOSTS");
    }
  });
});
