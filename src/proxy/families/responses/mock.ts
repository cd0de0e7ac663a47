/** Test double: the Responses API as the provider answers it, with the full stream event sequence. */
import { chatMock } from "../chat/mock.ts";
import { CREATED, frameWriter, type FamilyMock, type MockFrame } from "../mock-kit.ts";

type Body = Record<string, unknown>;

const usage = (n: number) => ({ input_tokens: 12, input_tokens_details: { cached_tokens: 0 }, output_tokens: n, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 12 + n });

function responseObject(model: string, body: Body, status: string, output: unknown[], usage: unknown) {
  return {
    id: "resp_mock_1",
    object: "response",
    created_at: CREATED,
    status,
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model,
    output,
    parallel_tool_calls: true,
    previous_response_id: body.previous_response_id ?? null,
    reasoning: { effort: null, summary: null },
    store: true,
    temperature: body.temperature ?? 1,
    text: { format: { type: "text" } },
    tool_choice: "auto",
    tools: [],
    top_p: body.top_p ?? 1,
    truncation: "disabled",
    usage,
    user: body.user ?? null,
    metadata: {},
  };
}

function messageItem(text: string, status: string) {
  return { id: "msg_mock_1", type: "message", status, role: "assistant", content: text === "" && status === "in_progress" ? [] : [outputText(text)] };
}

function outputText(text: string) {
  return { type: "output_text", annotations: [], logprobs: [], text };
}

function functionCallItem(name: string, args: string, status: string) {
  return { id: "fc_mock_1", type: "function_call", status, call_id: "call_mock_1", name, arguments: args };
}

export const responsesMock: FamilyMock = {
  whole: (model, text, body, words) => responseObject(model, body, "completed", [messageItem(text, "completed")], usage(words)),
  stream(model, chunks, body) {
    const frames: MockFrame[] = [];
    const { named } = frameWriter(frames);
    const full = chunks.join("");
    let seq = 0;
    const ev = (type: string, fields: object, content = false) => named(type, { type, sequence_number: seq++, ...fields }, content);
    ev("response.created", { response: responseObject(model, body, "in_progress", [], null) });
    ev("response.in_progress", { response: responseObject(model, body, "in_progress", [], null) });
    ev("response.output_item.added", { output_index: 0, item: messageItem("", "in_progress") });
    ev("response.content_part.added", { item_id: "msg_mock_1", output_index: 0, content_index: 0, part: outputText("") });
    for (const piece of chunks) ev("response.output_text.delta", { item_id: "msg_mock_1", output_index: 0, content_index: 0, delta: piece, logprobs: [] }, true);
    ev("response.output_text.done", { item_id: "msg_mock_1", output_index: 0, content_index: 0, text: full, logprobs: [] });
    ev("response.content_part.done", { item_id: "msg_mock_1", output_index: 0, content_index: 0, part: outputText(full) });
    ev("response.output_item.done", { output_index: 0, item: messageItem(full, "completed") });
    ev("response.completed", { response: responseObject(model, body, "completed", [messageItem(full, "completed")], usage(chunks.length)) });
    return frames;
  },
  toolCall: (model, call, body) => responseObject(model, body, "completed", [functionCallItem(call.name, call.argumentChunks.join(""), "completed")], usage(call.argumentChunks.length)),
  toolCallStream(model, call, body) {
    const frames: MockFrame[] = [];
    const { named } = frameWriter(frames);
    const args = call.argumentChunks.join("");
    let seq = 0;
    const ev = (type: string, fields: object) => named(type, { type, sequence_number: seq++, ...fields });
    ev("response.created", { response: responseObject(model, body, "in_progress", [], null) });
    ev("response.output_item.added", { output_index: 0, item: functionCallItem(call.name, "", "in_progress") });
    for (const piece of call.argumentChunks) ev("response.function_call_arguments.delta", { item_id: "fc_mock_1", output_index: 0, delta: piece });
    ev("response.function_call_arguments.done", { item_id: "fc_mock_1", output_index: 0, arguments: args });
    ev("response.output_item.done", { output_index: 0, item: functionCallItem(call.name, args, "completed") });
    ev("response.completed", { response: responseObject(model, body, "completed", [functionCallItem(call.name, args, "completed")], usage(call.argumentChunks.length)) });
    return frames;
  },
  // The same provider as chat completions: the same error body.
  errorBody: chatMock.errorBody,
};
