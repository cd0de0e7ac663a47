/** A stand-in for the platform service on loopback: records calls, serves a policy. */

export interface PlatformCall {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | null;
  readonly body: unknown;
}

export interface MockPlatform {
  readonly url: string;
  readonly calls: PlatformCall[];
  stop(): void;
}

export interface MockPlatformOptions {
  /** Document served at GET /v1/policy; a number answers with that status instead. */
  policy?: unknown;
  /** Status for POST /v1/instances/connect (default 200). */
  connectStatus?: number;
}

export function startMockPlatform(options: MockPlatformOptions = {}): MockPlatform {
  const calls: PlatformCall[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname;
      const text = await req.text();
      calls.push({ method: req.method, path, authorization: req.headers.get("authorization"), body: text ? JSON.parse(text) : null });
      if (req.method === "POST" && path === "/v1/instances/connect") return Response.json({ ok: true }, { status: options.connectStatus ?? 200 });
      if (req.method === "GET" && path === "/v1/policy") {
        if (typeof options.policy === "number") return new Response("nope", { status: options.policy });
        if (typeof options.policy === "string") return new Response(options.policy, { headers: { "content-type": "application/json" } });
        return Response.json(options.policy ?? { version: 1 });
      }
      return new Response("not found", { status: 404 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, calls, stop: () => server.stop(true) };
}
