/**
 * Real requests and answers of every LLM family, typed by the official SDKs' own types (so the
 * compiler holds them to the wire format): the bodies the canary property test
 * (canary.test.ts) plants its canaries in, path by path.
 */
import type OpenAI from "openai";
import type Anthropic from "@anthropic-ai/sdk";
import type { Content, GenerateContentResponse, Tool } from "@google/genai";

const schema = {
  type: "object",
  description: "Where to send it",
  properties: { to: { type: "string", description: "the address", pattern: "^.+@.+$", examples: ["a@b.c"] }, cc: { type: "array", items: { type: "string" } } },
  required: ["to"],
  $comment: "internal",
  "x-owner": "mail team",
};

export const chatRequest: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
  model: "gpt-4o-mini",
  messages: [
    { role: "system", content: "You are a mail assistant." },
    { role: "developer", content: [{ type: "text", text: "Be brief." }] },
    {
      role: "user",
      name: "ana",
      content: [
        { type: "text", text: "Send the report" },
        { type: "text", text: " to the team." },
        { type: "image_url", image_url: { url: "https://example.org/chart.png", detail: "low" } },
        { type: "file", file: { filename: "notes.txt", file_data: "data:text/plain;base64,aGVsbG8gd29ybGQ=" } },
      ],
    },
    { role: "assistant", content: null, refusal: "I cannot do that part.", tool_calls: [{ id: "call_1", type: "function", function: { name: "send_mail", arguments: '{"to":"team","body":"the report","copies":2}' } }] },
    { role: "tool", tool_call_id: "call_1", content: "sent to the team" },
    { role: "user", content: "Thanks, and the summary?" },
  ],
  tools: [{ type: "function", function: { name: "send_mail", description: "Sends a mail", parameters: schema } }],
  response_format: { type: "json_schema", json_schema: { name: "answer", schema: { type: "object", properties: { summary: { type: "string" } } } } },
  metadata: { ticket: "T-1" },
  user: "user-1",
  stop: ["END"],
  prediction: { type: "content", content: "The summary is" },
  temperature: 0.2,
  seed: 424242,
  max_tokens: 300,
};

export const chatAnswer: OpenAI.Chat.ChatCompletion = {
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1_760_000_000,
  model: "gpt-4o-mini",
  system_fingerprint: "fp_1",
  choices: [
    {
      index: 0,
      finish_reason: "tool_calls",
      logprobs: null,
      message: {
        role: "assistant",
        content: "The summary is ready.",
        refusal: null,
        annotations: [{ type: "url_citation", url_citation: { title: "Quarterly report", url: "https://example.org/q", start_index: 0, end_index: 5 } }],
        tool_calls: [{ id: "call_2", type: "function", function: { name: "save", arguments: '{"title":"summary","pages":3}' } }],
      },
    },
  ],
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
};

export const chatChunks: OpenAI.Chat.ChatCompletionChunk[] = [
  { id: "c", object: "chat.completion.chunk", created: 1_760_000_000, model: "m", choices: [{ index: 0, delta: { role: "assistant", content: "The summary " }, finish_reason: null }] },
  { id: "c", object: "chat.completion.chunk", created: 1_760_000_000, model: "m", choices: [{ index: 0, delta: { content: "is ready." }, finish_reason: null }] },
  { id: "c", object: "chat.completion.chunk", created: 1_760_000_000, model: "m", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "call_3", type: "function", function: { name: "save", arguments: '{"title":' } }] }, finish_reason: null }] },
  { id: "c", object: "chat.completion.chunk", created: 1_760_000_000, model: "m", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"summary"}' } }] }, finish_reason: "tool_calls" }] },
];

export const responsesRequest: OpenAI.Responses.ResponseCreateParamsNonStreaming = {
  model: "gpt-4.1",
  instructions: "You are a mail assistant.",
  input: [
    { role: "user", content: [{ type: "input_text", text: "Send the report" }, { type: "input_image", detail: "auto", image_url: "https://example.org/chart.png" }] },
    { type: "function_call", call_id: "call_1", name: "send_mail", arguments: '{"to":"team"}' },
    { type: "function_call_output", call_id: "call_1", output: "sent to the team" },
    { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "The user wants a mail." }] },
    { role: "assistant", content: "Done." },
    { role: "user", content: "And the summary?" },
  ],
  tools: [{ type: "function", name: "send_mail", description: "Sends a mail", parameters: schema, strict: false }],
  text: { format: { type: "json_schema", name: "answer", schema: { type: "object", properties: { summary: { type: "string" } } } } },
  metadata: { ticket: "T-1" },
  temperature: 0.2,
  max_output_tokens: 300,
};

export const responsesAnswer = {
  id: "resp_1",
  object: "response",
  created_at: 1_760_000_000,
  status: "completed",
  model: "gpt-4.1",
  output: [
    { type: "reasoning", id: "rs_2", summary: [{ type: "summary_text", text: "Summarising." }] },
    { type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text: "The summary is ready.", annotations: [{ type: "url_citation", title: "Quarterly report", url: "https://example.org/q", start_index: 0, end_index: 3 }] }] },
    { type: "function_call", id: "fc_1", call_id: "call_2", name: "save", arguments: '{"title":"summary"}', status: "completed" },
  ],
  usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
} satisfies Partial<OpenAI.Responses.Response> & Record<string, unknown>;

export const messagesRequest: Anthropic.MessageCreateParamsNonStreaming = {
  model: "claude-sonnet-4-5",
  max_tokens: 300,
  system: [{ type: "text", text: "You are a mail assistant." }],
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "Send the report" },
        { type: "text", text: " to the team." },
        { type: "document", source: { type: "text", media_type: "text/plain", data: "the report text" }, title: "Report", context: "quarterly" },
      ],
    },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "The user wants a mail.", signature: "c2lnbmF0dXJl" },
        { type: "text", text: "Sending." },
        { type: "tool_use", id: "toolu_1", name: "send_mail", input: { to: "team", body: "the report", copies: 2 } },
      ],
    },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "sent to the team" }] }] },
  ],
  tools: [{ name: "send_mail", description: "Sends a mail", input_schema: schema as Anthropic.Tool.InputSchema }],
  metadata: { user_id: "u-1" },
  stop_sequences: ["END"],
};

export const messagesAnswer: Anthropic.Message = {
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude-sonnet-4-5",
  stop_reason: "tool_use",
  stop_sequence: null,
  container: null,
  content: [
    { type: "thinking", thinking: "Summarising the report.", signature: "c2lnbmF0dXJl" },
    { type: "text", text: "The summary is ready.", citations: null },
    { type: "tool_use", id: "toolu_2", name: "save", input: { title: "summary", pages: 3 } },
  ],
  usage: { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: null, cache_read_input_tokens: null, server_tool_use: null, service_tier: null, cache_creation: null, inference_geo: null },
} as Anthropic.Message;

const generateContents: Content[] = [
  { role: "user", parts: [{ text: "Send the report" }, { text: " to the team." }, { inlineData: { mimeType: "text/plain", data: "aGVsbG8gd29ybGQ=" } }] },
  { role: "model", parts: [{ text: "The user wants a mail.", thought: true, thoughtSignature: "c2ln" }, { functionCall: { name: "send_mail", args: { to: "team", body: "the report", copies: 2 } }, thoughtSignature: "c2ln" }] },
  { role: "user", parts: [{ functionResponse: { name: "send_mail", response: { status: "sent", detail: "to the team" } } }] },
];
const generateTools: Tool[] = [{ functionDeclarations: [{ name: "send_mail", description: "Sends a mail", parametersJsonSchema: schema }] }];

export const generateRequest = {
  contents: generateContents,
  systemInstruction: { parts: [{ text: "You are a mail assistant." }] },
  tools: generateTools,
  generationConfig: { temperature: 0.2, maxOutputTokens: 300, stopSequences: ["END"] },
};

export const generateAnswer = {
  candidates: [
    {
      index: 0,
      finishReason: "STOP" as GenerateContentResponse["candidates"] extends (infer C)[] | undefined ? C extends { finishReason?: infer F } ? F : never : never,
      content: { role: "model", parts: [{ text: "Summarising.", thought: true, thoughtSignature: "c2ln" }, { text: "The summary is ready." }, { functionCall: { name: "save", args: { title: "summary", pages: 3 } } }] },
      citationMetadata: { citations: [{ title: "Quarterly report", uri: "https://example.org/q" }] },
    },
  ],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  modelVersion: "gemini-2.5-flash",
  responseId: "r1",
} satisfies Partial<GenerateContentResponse> & Record<string, unknown>;

export const generateChunks = [
  { candidates: [{ index: 0, content: { role: "model", parts: [{ text: "The summary " }] } }] },
  { candidates: [{ index: 0, content: { role: "model", parts: [{ text: "is ready.", thoughtSignature: "c2ln" }] } }] },
  { candidates: [{ index: 0, content: { role: "model", parts: [{ functionCall: { name: "save", args: { title: "summary" } } }] }, finishReason: "STOP" }] },
];

export const messagesEvents: [string, Record<string, unknown>][] = [
  ["message_start", { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "m", content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 1 } } }],
  ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
  ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "The summary " } }],
  ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "is ready." } }],
  ["content_block_stop", { type: "content_block_stop", index: 0 }],
  ["content_block_start", { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "toolu_3", name: "save", input: {} } }],
  ["content_block_delta", { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"title":"summary"}' } }],
  ["content_block_stop", { type: "content_block_stop", index: 1 }],
  ["message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 5 } }],
  ["message_stop", { type: "message_stop" }],
];
