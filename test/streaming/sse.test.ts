/** The SSE parser: framing rules, arbitrary chunk boundaries, and linear time on hostile input. */
import { describe, expect, test } from "bun:test";
import { MAX_EVENT_CHARS, SseParser, SseTooLargeError, type SseEvent } from "../../src/streaming/sse.ts";

function parseAll(chunks: readonly string[]): SseEvent[] {
  const parser = new SseParser();
  const events = chunks.flatMap((c) => parser.push(c));
  const last = parser.flush();
  return last ? [...events, last] : events;
}

const STREAM = 'event: message_start\ndata: {"a":1}\n\n: keep-alive\n\ndata: first\ndata: second\n\nid: 7\ndata:no-space\n\ndata: [DONE]\n\n';

describe("framing", () => {
  test("named events, comments, multi-line data, a field without its space", () => {
    const events = parseAll([STREAM]);
    expect(events.map((e) => [e.event, e.data])).toEqual([
      ["message_start", '{"a":1}'],
      [null, ""],
      [null, "first\nsecond"],
      [null, "no-space"],
      [null, "[DONE]"],
    ]);
    expect(events[0]!.raw).toBe('event: message_start\ndata: {"a":1}');
  });

  test("every split of the stream gives the same events", () => {
    const whole = parseAll([STREAM]);
    for (let i = 1; i < STREAM.length; i++) expect(parseAll([STREAM.slice(0, i), STREAM.slice(i)])).toEqual(whole);
    expect(parseAll([...STREAM])).toEqual(whole);
  });

  test("CRLF and CR line endings, a CR at the end of one chunk and its LF in the next", () => {
    const crlf = STREAM.replaceAll("\n", "\r\n");
    expect(parseAll([crlf])).toEqual(parseAll([STREAM]));
    const i = crlf.indexOf("\r\n\r\n") + 1;
    expect(parseAll([crlf.slice(0, i), crlf.slice(i)])).toEqual(parseAll([STREAM]));
    expect(parseAll([STREAM.replaceAll("\n", "\r")])).toEqual(parseAll([STREAM]));
  });

  test("an event left unterminated when the stream ends is still returned by flush", () => {
    expect(parseAll(['data: {"x":1}']).map((e) => e.data)).toEqual(['{"x":1}']);
  });
});

describe("hostile upstreams", () => {
  test("a long event arriving in small pieces costs linear time", () => {
    const time = (size: number) => {
      const parser = new SseParser();
      const piece = "x".repeat(1024);
      const t0 = performance.now();
      parser.push("data: ");
      for (let n = 0; n < size; n += piece.length) parser.push(piece);
      parser.push("\n\n");
      return performance.now() - t0;
    };
    time(1 << 20);
    const small = time(1 << 20);
    const large = time(4 << 20);
    expect(large).toBeLessThan(Math.max(small, 2) * 10);
  });

  test("an event that never ends is refused once it passes the bound", () => {
    const parser = new SseParser();
    const piece = "y".repeat(1 << 20);
    expect(() => {
      for (let n = 0; n <= MAX_EVENT_CHARS; n += piece.length) parser.push(piece);
    }).toThrow(SseTooLargeError);
  });
});
