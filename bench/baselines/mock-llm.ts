/**
 * Benchmark upstream: the least an OpenAI-compatible chat completions server can do. A fixed
 * answer (padded to `mock_answer_bytes` when given), or a stream of `mock_chunks` chunks
 * (default 20) spaced `mock_gap_ms` apart (default 0: as fast as the socket takes them). Those
 * fields ride in the request body, which the proxies forward as they forward any unknown field.
 */
const port = Number(process.argv[2] ?? 19300);
const encoder = new TextEncoder();
const ANSWER = JSON.stringify({
  id: "chatcmpl-bench",
  object: "chat.completion",
  created: 1_763_700_000,
  model: "bench-model",
  choices: [{ index: 0, message: { role: "assistant", content: "Sure, here is a short answer to your question.", refusal: null }, logprobs: null, finish_reason: "stop" }],
  usage: { prompt_tokens: 250, completion_tokens: 12, total_tokens: 262 },
});
const chunk = (i: number) =>
  `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1763700000,"model":"bench-model","choices":[{"index":0,"delta":{"content":"word${i % 100} "},"logprobs":null,"finish_reason":null}]}\n\n`;
const FINISH = `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1763700000,"model":"bench-model","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`;
/** The fixed answer with its content made `bytes` long. */
function paddedAnswer(bytes: number): string {
  const content = "word ".repeat(Math.ceil(bytes / 5)).slice(0, bytes);
  return ANSWER.replace("Sure, here is a short answer to your question.", content);
}

/** Chunks written per pull when there is no gap, so a long stream is not one syscall per chunk. */
const BATCH = 50;

Bun.serve({
  hostname: "127.0.0.1",
  port,
  idleTimeout: 120,
  async fetch(req) {
    if (req.method === "GET") return Response.json({ status: "ok" });
    const body = (await req.json()) as { stream?: boolean; mock_chunks?: number; mock_gap_ms?: number; mock_answer_bytes?: number };
    if (!body.stream) return new Response(body.mock_answer_bytes ? paddedAnswer(body.mock_answer_bytes) : ANSWER, { headers: { "content-type": "application/json" } });
    const total = body.mock_chunks ?? 20;
    const gap = body.mock_gap_ms ?? 0;
    let i = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (i >= total) {
          controller.enqueue(encoder.encode(FINISH));
          controller.close();
          return;
        }
        if (gap > 0) {
          if (i > 0) await Bun.sleep(gap);
          controller.enqueue(encoder.encode(chunk(i++)));
          return;
        }
        let out = "";
        for (const end = Math.min(total, i + BATCH); i < end; i++) out += chunk(i);
        controller.enqueue(encoder.encode(out));
      },
    });
    return new Response(stream, { headers: { "content-type": "text/event-stream" } });
  },
});
export {};
