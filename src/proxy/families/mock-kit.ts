/**
 * What every family's test double shares (`<family>/mock.ts`): the mock upstream of the tests
 * (test/helpers/mock-upstream.ts) answers in a family's wire format through its `FamilyMock`.
 * Test code: the server never imports it.
 */

/** The `created` time of every mock answer. */
export const CREATED = 1_763_700_000;

/** A stream as a list of frames; `content` marks frames that carry answer text. */
export interface MockFrame {
  readonly text: string;
  readonly content: boolean;
}

/** An answer that is one tool call, its arguments in pieces. */
export interface MockToolCall {
  readonly name: string;
  readonly argumentChunks: string[];
}

type Body = Record<string, unknown>;

export interface FamilyMock {
  /** A whole answer holding `text` (`words` of it, for the usage). */
  whole(model: string, text: string, body: Body, words: number): unknown;
  /** The same answer as a stream, one content frame per chunk. */
  stream(model: string, chunks: string[], body: Body): MockFrame[];
  toolCall(model: string, call: MockToolCall, body: Body): unknown;
  toolCallStream(model: string, call: MockToolCall, body: Body): MockFrame[];
  /** An error body as the provider sends it. */
  errorBody(status: number, message: string): unknown;
}

/** Frame writers: `data:` lines, and named events. */
export function frameWriter(frames: MockFrame[]) {
  return {
    data: (payload: unknown, content = false) => frames.push({ text: `data: ${JSON.stringify(payload)}\n\n`, content }),
    named: (event: string, payload: unknown, content = false) => frames.push({ text: `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`, content }),
    done: () => frames.push({ text: "data: [DONE]\n\n", content: false }),
  };
}
