/**
 * Benchmark upstream: the least an OpenAI-compatible chat completions server can do. A fixed
 * answer (padded to `mock_answer_bytes` when given), or a stream of `mock_chunks` chunks
 * (default 20) spaced `mock_gap_ms` apart (default 0: as fast as the socket takes them). Those
 * fields ride in the request body, which the proxies forward as they forward any unknown field.
 * With `mock_tokens: true` the stream is written as a model writes it: a first chunk with the
 * role and no text, then one word per chunk with its space before it (" the", " order"), so the
 * last word of the text so far is always unfinished. With `mock_stream_id`, the time each chunk
 * was written (performance.timeOrigin + performance.now(), ms) is kept, and `GET /sent/<id>`
 * answers them (once) as a JSON array, one per chunk.
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
const WORDS = "Sure, here is what I found about the order you placed: it has shipped and should arrive soon, so you can follow it from your account page at any time and write to us if it does not.".split(" ");
const TOKEN_OPENING = `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1763700000,"model":"bench-model","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}\n\n`;
const token = (i: number) =>
  `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1763700000,"model":"bench-model","choices":[{"index":0,"delta":{"content":${JSON.stringify((i === 0 ? "" : " ") + WORDS[i % WORDS.length])}},"logprobs":null,"finish_reason":null}]}\n\n`;
const FINISH = `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1763700000,"model":"bench-model","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`;
/** The fixed answer with its content made `bytes` long. */
function paddedAnswer(bytes: number): string {
  const content = "word ".repeat(Math.ceil(bytes / 5)).slice(0, bytes);
  return ANSWER.replace("Sure, here is a short answer to your question.", content);
}

/** Chunks written per pull when there is no gap, so a long stream is not one syscall per chunk. */
const BATCH = 50;
/** Write times of the chunks of streams that asked for them, by stream id. */
const sentTimes = new Map<string, number[]>();
const now = () => performance.timeOrigin + performance.now();

Bun.serve({
  hostname: "127.0.0.1",
  port,
  idleTimeout: 120,
  async fetch(req) {
    if (req.method === "GET") {
      const id = /^\/sent\/(.+)$/.exec(new URL(req.url).pathname)?.[1];
      if (id === undefined) return Response.json({ status: "ok" });
      const times = sentTimes.get(id) ?? [];
      sentTimes.delete(id);
      return Response.json(times);
    }
    const body = (await req.json()) as {
      stream?: boolean;
      mock_chunks?: number;
      mock_gap_ms?: number;
      mock_answer_bytes?: number;
      mock_tokens?: boolean;
      mock_stream_id?: string;
    };
    if (!body.stream) return new Response(body.mock_answer_bytes ? paddedAnswer(body.mock_answer_bytes) : ANSWER, { headers: { "content-type": "application/json" } });
    const total = body.mock_chunks ?? 20;
    const gap = body.mock_gap_ms ?? 0;
    const write = body.mock_tokens ? token : chunk;
    const times: number[] | null = body.mock_stream_id ? [] : null;
    if (times) sentTimes.set(body.mock_stream_id!, times);
    let opened = !body.mock_tokens;
    let i = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!opened) {
          opened = true;
          controller.enqueue(encoder.encode(TOKEN_OPENING));
          return;
        }
        if (i >= total) {
          controller.enqueue(encoder.encode(FINISH));
          controller.close();
          return;
        }
        if (gap > 0) {
          if (i > 0) await Bun.sleep(gap);
          times?.push(now());
          controller.enqueue(encoder.encode(write(i++)));
          return;
        }
        let out = "";
        for (const end = Math.min(total, i + BATCH); i < end; i++) {
          times?.push(now());
          out += write(i);
        }
        controller.enqueue(encoder.encode(out));
      },
    });
    return new Response(stream, { headers: { "content-type": "text/event-stream" } });
  },
});
export {};
