/**
 * A relayed SSE stream re-framed as one JSON array streamed element by element (`[{...},\r\n{...}]`),
 * for a family whose clients may ask for that form (generateContent without `alt=sse`, DECISIONS
 * §13): the proxy reads SSE from the upstream and guards events as always, and only the framing
 * the client reads changes. Each event's data is an element; comments and `[DONE]` are dropped.
 * Incremental and linear (the SSE parser keeps one unfinished event).
 */
import { SseParser } from "./sse.ts";

export function sseToJsonArray(): TransformStream<Uint8Array, Uint8Array> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let elements = 0;
  const emit = (controller: TransformStreamDefaultController<Uint8Array>, text: string) => {
    for (const event of parser.push(text)) {
      const data = event.data.trim();
      if (data === "" || data === "[DONE]") continue;
      controller.enqueue(encoder.encode(`${elements++ === 0 ? "[" : ",\r\n"}${data}`));
    }
  };
  return new TransformStream({
    transform(chunk, controller) {
      emit(controller, decoder.decode(chunk, { stream: true }));
    },
    flush(controller) {
      // The last event may end without its blank line.
      emit(controller, `${decoder.decode()}\n\n`);
      controller.enqueue(encoder.encode(elements === 0 ? "[]" : "]"));
    },
  });
}
