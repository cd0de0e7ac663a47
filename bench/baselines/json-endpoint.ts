/**
 * Baseline: the least a JSON endpoint on Bun can do. Parses the body and answers a fixed
 * guard-shaped object. guardrail-proxy's guard endpoint is measured against this floor.
 */
const port = Number(process.argv[2] ?? 19100);
Bun.serve({
  hostname: "127.0.0.1",
  port,
  async fetch(req) {
    if (req.method === "GET") return Response.json({ status: "ok" });
    const body = (await req.json()) as { text: string };
    return Response.json({ allowed: true, sanitized_text: null, guardrail: null, message: null, length: body.text.length });
  },
});
export {};
