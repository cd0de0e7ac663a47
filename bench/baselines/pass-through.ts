/**
 * Baseline: a minimal Bun pass-through proxy, the floor for one proxy hop. It forwards method,
 * path, headers and body to the upstream and streams the answer back, nothing else.
 */
const port = Number(process.argv[2] ?? 19301);
const upstream = process.argv[3] ?? "http://127.0.0.1:19300";

Bun.serve({
  hostname: "127.0.0.1",
  port,
  idleTimeout: 120,
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/health") return Response.json({ status: "ok" });
    const headers = new Headers(req.headers);
    headers.delete("host");
    headers.delete("content-length");
    const res = await fetch(upstream + url.pathname + url.search, {
      method: req.method,
      headers,
      body: req.method === "GET" ? undefined : await req.arrayBuffer(),
      signal: req.signal,
    });
    const out = new Headers(res.headers);
    out.delete("content-length");
    out.delete("content-encoding");
    return new Response(res.body, { status: res.status, headers: out });
  },
});
export {};
