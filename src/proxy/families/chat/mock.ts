/** Test double: chat completions as the provider answers them, whole, streamed and as a tool call. */
import { CREATED, frameWriter, type FamilyMock, type MockFrame } from "../mock-kit.ts";

const usage = (n: number) => ({ prompt_tokens: 12, completion_tokens: n, total_tokens: 12 + n });

export const chatMock: FamilyMock = {
  whole(model, text, body, words) {
    const n = typeof body.n === "number" ? body.n : 1;
    return {
      id: "chatcmpl-mock1",
      object: "chat.completion",
      created: CREATED,
      model,
      choices: Array.from({ length: n }, (_, index) => ({ index, message: { role: "assistant", content: text, refusal: null, annotations: [] }, logprobs: null, finish_reason: "stop" })),
      usage: usage(words),
      service_tier: "default",
      system_fingerprint: "fp_mock",
    };
  },
  stream(model, chunks, body) {
    const frames: MockFrame[] = [];
    const { data, done } = frameWriter(frames);
    const n = typeof body.n === "number" ? body.n : 1;
    const base = { id: "chatcmpl-mock1", object: "chat.completion.chunk", created: CREATED, model, service_tier: "default", system_fingerprint: "fp_mock" };
    const choice = (index: number, delta: object, finish: string | null) => ({ index, delta, logprobs: null, finish_reason: finish });
    data({ ...base, choices: Array.from({ length: n }, (_, i) => choice(i, { role: "assistant", content: "", refusal: null }, null)) });
    for (const piece of chunks) for (let i = 0; i < n; i++) data({ ...base, choices: [choice(i, { content: piece }, null)] }, true);
    for (let i = 0; i < n; i++) data({ ...base, choices: [choice(i, {}, "stop")] });
    const options = body.stream_options as { include_usage?: boolean } | undefined;
    if (options?.include_usage) data({ ...base, choices: [], usage: usage(chunks.length) });
    done();
    return frames;
  },
  toolCall(model, call) {
    const tool_calls = [{ id: "call_mock_1", type: "function", function: { name: call.name, arguments: call.argumentChunks.join("") } }];
    return {
      id: "chatcmpl-mock1",
      object: "chat.completion",
      created: CREATED,
      model,
      choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls, refusal: null, annotations: [] }, logprobs: null, finish_reason: "tool_calls" }],
      usage: usage(call.argumentChunks.length),
    };
  },
  toolCallStream(model, call) {
    const frames: MockFrame[] = [];
    const { data, done } = frameWriter(frames);
    const base = { id: "chatcmpl-mock1", object: "chat.completion.chunk", created: CREATED, model };
    const chunk = (delta: object, finish: string | null = null) => data({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
    chunk({ role: "assistant", content: null, tool_calls: [{ index: 0, id: "call_mock_1", type: "function", function: { name: call.name, arguments: "" } }] });
    for (const piece of call.argumentChunks) chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] });
    chunk({}, "tool_calls");
    done();
    return frames;
  },
  errorBody: (status, message) => ({ error: { message, type: status >= 500 ? "server_error" : "invalid_request_error", param: null, code: status === 429 ? "rate_limit_exceeded" : null } }),
};
