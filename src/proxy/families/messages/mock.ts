/** Test double: the messages API as the provider answers it, with named stream events. */
import { frameWriter, type FamilyMock, type MockFrame } from "../mock-kit.ts";

const usage = (n: number) => ({ input_tokens: 12, output_tokens: n });
const start = (model: string) => ({ type: "message_start", message: { id: "msg_mock_1", type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 12, output_tokens: 1 } } });

export const messagesMock: FamilyMock = {
  whole: (model, text, _body, words) => ({ id: "msg_mock_1", type: "message", role: "assistant", model, content: [{ type: "text", text }], stop_reason: "end_turn", stop_sequence: null, usage: usage(words) }),
  stream(model, chunks) {
    const frames: MockFrame[] = [];
    const { named } = frameWriter(frames);
    named("message_start", start(model));
    named("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
    named("ping", { type: "ping" });
    for (const piece of chunks) named("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } }, true);
    named("content_block_stop", { type: "content_block_stop", index: 0 });
    named("message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: chunks.length } });
    named("message_stop", { type: "message_stop" });
    return frames;
  },
  toolCall: (model, call) => ({
    id: "msg_mock_1",
    type: "message",
    role: "assistant",
    model,
    content: [{ type: "tool_use", id: "toolu_mock_1", name: call.name, input: JSON.parse(call.argumentChunks.join("")) as unknown }],
    stop_reason: "tool_use",
    stop_sequence: null,
    usage: usage(call.argumentChunks.length),
  }),
  toolCallStream(model, call) {
    const frames: MockFrame[] = [];
    const { named } = frameWriter(frames);
    const ev = (event: string, payload: object) => named(event, { type: event, ...payload });
    named("message_start", start(model));
    ev("content_block_start", { index: 0, content_block: { type: "tool_use", id: "toolu_mock_1", name: call.name, input: {} } });
    for (const piece of call.argumentChunks) ev("content_block_delta", { index: 0, delta: { type: "input_json_delta", partial_json: piece } });
    ev("content_block_stop", { index: 0 });
    ev("message_delta", { delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: call.argumentChunks.length } });
    ev("message_stop", {});
    return frames;
  },
  errorBody: (status, message) => ({ type: "error", error: { type: status === 429 ? "rate_limit_error" : status >= 500 ? "api_error" : "invalid_request_error", message }, request_id: "req_mock" }),
};
