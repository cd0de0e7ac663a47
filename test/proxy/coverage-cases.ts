/**
 * Every place a request or an answer carries text, per route (DECISIONS §8), as data: where to
 * put a text in a request body or an upstream answer, and where to find it in what the
 * upstream received. coverage.test.ts runs every case; docs/coverage.md is this table.
 */

export type Route = "chat" | "responses" | "messages" | "generate";

export interface RequestCase {
  readonly route: Route;
  /** The field, as docs/coverage.md names it. */
  readonly field: string;
  /** Maskers rewrite it (false: tool definitions, signed thinking). */
  readonly masked: boolean;
  /** Input detectors judge it. */
  readonly judged: boolean;
  readonly body: (text: string) => Record<string, unknown>;
  /** The field's text in the body the upstream received. */
  readonly sent: (body: Record<string, any>) => string;
}

export interface AnswerCase {
  readonly route: Route;
  readonly field: string;
  /** A whole answer holding the text in the field. */
  readonly answer?: (text: string) => Record<string, unknown>;
  /** A stream holding the text in the field: events as the mock sends them. */
  readonly stream?: (text: string) => [string | null, unknown][];
}

const user = (content: unknown) => ({ role: "user", content });
const chat = (messages: unknown[], extra: Record<string, unknown> = {}) => ({ model: "gpt-4o-mini", messages, ...extra });
const responses = (input: unknown, extra: Record<string, unknown> = {}) => ({ model: "gpt-4.1", input, ...extra });
const messages = (list: unknown[], extra: Record<string, unknown> = {}) => ({ model: "claude-x", max_tokens: 64, messages: list, ...extra });
const b64 = (text: string) => Buffer.from(text).toString("base64");
const unb64 = (text: string) => Buffer.from(text, "base64").toString("utf8");
const toolCall = (args: string) => ({ id: "call_1", type: "function", function: { name: "send_mail", arguments: args } });
/** A data URL a text field may begin with: the rest of the field is still text. */
const DATA_PREFIX = "data:image/png;base64,iVBORw0KGgo= ";
/** Where a text is split over two neighbouring parts: inside the e-mail of the coverage text. */
const SPLIT_AT = 40;
const gUser = (text: string) => ({ role: "user", parts: [{ text }] });
const gen = (contents: unknown[], extra: Record<string, unknown> = {}) => ({ contents, ...extra });
const genAnswer = (parts: unknown[], finishReason: string | null = "STOP") => ({ candidates: [{ content: { parts, role: "model" }, ...(finishReason ? { finishReason } : {}), index: 0 }] });
const toolUse = (input: unknown) => ({ type: "tool_use", id: "toolu_1", name: "send_mail", input });

export const REQUEST_CASES: readonly RequestCase[] = [
  // Chat completions (and the hosted deployment route, which reads the same body)
  { route: "chat", field: "messages[] user content (string)", masked: true, judged: true, body: (t) => chat([user(t)]), sent: (b) => b.messages[0].content },
  { route: "chat", field: "messages[] earlier user turn", masked: true, judged: true, body: (t) => chat([user(t), { role: "assistant", content: "ok" }, user("next question")]), sent: (b) => b.messages[0].content },
  { route: "chat", field: "messages[] user content[] text part", masked: true, judged: true, body: (t) => chat([user([{ type: "text", text: t }])]), sent: (b) => b.messages[0].content[0].text },
  { route: "chat", field: "messages[] content[] part of another type with `text`", masked: true, judged: true, body: (t) => chat([user([{ type: "input_text", text: t }])]), sent: (b) => b.messages[0].content[0].text },
  { route: "chat", field: "messages[] system", masked: true, judged: false, body: (t) => chat([{ role: "system", content: t }, user("hello")]), sent: (b) => b.messages[0].content },
  { route: "chat", field: "messages[] developer", masked: true, judged: false, body: (t) => chat([{ role: "developer", content: [{ type: "text", text: t }] }, user("hello")]), sent: (b) => b.messages[0].content[0].text },
  { route: "chat", field: "messages[] assistant content (history)", masked: true, judged: false, body: (t) => chat([user("hi"), { role: "assistant", content: t }, user("go on")]), sent: (b) => b.messages[1].content },
  { route: "chat", field: "messages[] assistant refusal (history)", masked: true, judged: false, body: (t) => chat([user("hi"), { role: "assistant", content: null, refusal: t }, user("go on")]), sent: (b) => b.messages[1].refusal },
  { route: "chat", field: "messages[] assistant content[] refusal part", masked: true, judged: false, body: (t) => chat([user("hi"), { role: "assistant", content: [{ type: "refusal", refusal: t }] }, user("go on")]), sent: (b) => b.messages[1].content[0].refusal },
  {
    route: "chat",
    field: "messages[] assistant tool_calls[].function.arguments (string values, kept valid JSON)",
    masked: true,
    judged: false,
    body: (t) => chat([user("hi"), { role: "assistant", content: null, tool_calls: [toolCall(JSON.stringify({ body: t, to: ["x"] }))] }, { role: "tool", tool_call_id: "call_1", content: "sent" }]),
    sent: (b) => JSON.parse(b.messages[1].tool_calls[0].function.arguments).body,
  },
  {
    route: "chat",
    field: "messages[] assistant function_call.arguments (legacy)",
    masked: true,
    judged: false,
    body: (t) => chat([user("hi"), { role: "assistant", content: null, function_call: { name: "send_mail", arguments: JSON.stringify({ body: t }) } }, { role: "function", name: "send_mail", content: "sent" }]),
    sent: (b) => JSON.parse(b.messages[1].function_call.arguments).body,
  },
  { route: "chat", field: "messages[] tool content", masked: true, judged: true, body: (t) => chat([user("hi"), { role: "assistant", content: null, tool_calls: [toolCall("{}")] }, { role: "tool", tool_call_id: "call_1", content: t }]), sent: (b) => b.messages[2].content },
  { route: "chat", field: "messages[] function content (legacy)", masked: true, judged: true, body: (t) => chat([user("hi"), { role: "function", name: "lookup", content: t }]), sent: (b) => b.messages[1].content },
  { route: "chat", field: "messages[] trailing assistant (prefill)", masked: true, judged: true, body: (t) => chat([user("hi"), { role: "assistant", content: t }]), sent: (b) => b.messages[1].content },
  {
    route: "chat",
    field: "messages[] content[] file part, text file as data (re-encoded)",
    masked: true,
    judged: true,
    body: (t) => chat([user([{ type: "file", file: { filename: "notes.txt", file_data: `data:text/plain;base64,${b64(t)}` } }])]),
    sent: (b) => unb64(b.messages[0].content[0].file.file_data.split(",")[1]),
  },
  {
    route: "chat",
    field: "messages[] content[] image_url part holding a text data URL",
    masked: true,
    judged: true,
    body: (t) => chat([user([{ type: "image_url", image_url: { url: `data:text/markdown;base64,${b64(t)}` } }])]),
    sent: (b) => unb64(b.messages[0].content[0].image_url.url.split(",")[1]),
  },
  { route: "chat", field: "messages[] a field no table names (read by default)", masked: true, judged: true, body: (t) => chat([{ role: "user", content: "hi", note: t }]), sent: (b) => b.messages[0].note },
  { route: "chat", field: "messages[] name", masked: true, judged: true, body: (t) => chat([{ role: "user", name: t, content: "hi" }]), sent: (b) => b.messages[0].name },
  { route: "chat", field: "a top-level field no table names (metadata, user, ...)", masked: true, judged: true, body: (t) => chat([user("hi")], { metadata: { note: t } }), sent: (b) => b.metadata.note },
  {
    route: "chat",
    field: "response_format schema (a definition: judged, not masked)",
    masked: false,
    judged: true,
    body: (t) => chat([user("hi")], { response_format: { type: "json_schema", json_schema: { name: "r", schema: { type: "object", description: t } } } }),
    sent: (b) => b.response_format.json_schema.schema.description,
  },
  { route: "chat", field: "prediction.content", masked: true, judged: false, body: (t) => chat([user("rewrite this")], { prediction: { type: "content", content: t } }), sent: (b) => b.prediction.content },
  {
    route: "chat",
    field: "tools[].function.description (judged, not masked)",
    masked: false,
    judged: true,
    body: (t) => chat([user("hi")], { tools: [{ type: "function", function: { name: "send_mail", description: t, parameters: { type: "object" } } }] }),
    sent: (b) => b.tools[0].function.description,
  },
  {
    route: "chat",
    field: "tools[].function.parameters descriptions (judged, not masked)",
    masked: false,
    judged: true,
    body: (t) => chat([user("hi")], { tools: [{ type: "function", function: { name: "send_mail", parameters: { type: "object", properties: { to: { type: "string", description: t } } } } }] }),
    sent: (b) => b.tools[0].function.parameters.properties.to.description,
  },
  {
    route: "chat",
    field: "functions[].description (legacy; judged, not masked)",
    masked: false,
    judged: true,
    body: (t) => chat([user("hi")], { functions: [{ name: "send_mail", description: t, parameters: { type: "object" } }] }),
    sent: (b) => b.functions[0].description,
  },

  // Responses
  { route: "responses", field: "input (string)", masked: true, judged: true, body: (t) => responses(t), sent: (b) => b.input },
  { route: "responses", field: "instructions", masked: true, judged: false, body: (t) => responses("hello", { instructions: t }), sent: (b) => b.instructions },
  { route: "responses", field: "input[] user message, content string", masked: true, judged: true, body: (t) => responses([user(t)]), sent: (b) => b.input[0].content },
  { route: "responses", field: "input[] earlier user message", masked: true, judged: true, body: (t) => responses([user(t), { role: "assistant", content: "ok" }, user("next question")]), sent: (b) => b.input[0].content },
  { route: "responses", field: "input[] user message, input_text part", masked: true, judged: true, body: (t) => responses([user([{ type: "input_text", text: t }])]), sent: (b) => b.input[0].content[0].text },
  { route: "responses", field: "input[] developer / system message", masked: true, judged: false, body: (t) => responses([{ role: "developer", content: t }, user("hello")]), sent: (b) => b.input[0].content },
  {
    route: "responses",
    field: "input[] assistant message, output_text part (history)",
    masked: true,
    judged: false,
    body: (t) => responses([user("hi"), { type: "message", role: "assistant", status: "completed", id: "msg_1", content: [{ type: "output_text", text: t, annotations: [] }] }, user("go on")]),
    sent: (b) => b.input[1].content[0].text,
  },
  {
    route: "responses",
    field: "input[] function_call.arguments (kept valid JSON)",
    masked: true,
    judged: false,
    body: (t) => responses([user("hi"), { type: "function_call", call_id: "c1", name: "send_mail", arguments: JSON.stringify({ body: t }) }, { type: "function_call_output", call_id: "c1", output: "sent" }]),
    sent: (b) => JSON.parse(b.input[1].arguments).body,
  },
  { route: "responses", field: "input[] function_call_output.output", masked: true, judged: true, body: (t) => responses([{ type: "function_call_output", call_id: "c1", output: t }]), sent: (b) => b.input[0].output },
  {
    route: "responses",
    field: "input[] function_call_output.output[] input_text",
    masked: true,
    judged: true,
    body: (t) => responses([{ type: "function_call_output", call_id: "c1", output: [{ type: "input_text", text: t }] }]),
    sent: (b) => b.input[0].output[0].text,
  },
  { route: "responses", field: "input[] custom_tool_call.input", masked: true, judged: false, body: (t) => responses([user("hi"), { type: "custom_tool_call", call_id: "c2", name: "shell", input: t }, { type: "custom_tool_call_output", call_id: "c2", output: "ok" }]), sent: (b) => b.input[1].input },
  { route: "responses", field: "input[] custom_tool_call_output.output", masked: true, judged: true, body: (t) => responses([{ type: "custom_tool_call_output", call_id: "c2", output: t }]), sent: (b) => b.input[0].output },
  {
    route: "responses",
    field: "input[] reasoning summary[].text",
    masked: true,
    judged: false,
    body: (t) => responses([user("hi"), { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: t }] }, user("go on")]),
    sent: (b) => b.input[1].summary[0].text,
  },
  { route: "responses", field: "input[] local_shell_call_output.output", masked: true, judged: true, body: (t) => responses([{ type: "local_shell_call_output", id: "ls_1", output: t }]), sent: (b) => b.input[0].output },
  {
    route: "responses",
    field: "input[] shell_call_output.output[].stdout",
    masked: true,
    judged: true,
    body: (t) => responses([{ type: "shell_call_output", call_id: "sh_1", output: [{ stdout: t, stderr: "", outcome: { type: "exit", exit_code: 0 } }] }]),
    sent: (b) => b.input[0].output[0].stdout,
  },
  {
    route: "responses",
    field: "input[] mcp_call.output (the tool's answer)",
    masked: true,
    judged: true,
    body: (t) => responses([{ type: "mcp_call", id: "mcp_1", server_label: "crm", name: "lookup", arguments: "{}", output: t }]),
    sent: (b) => b.input[0].output,
  },
  {
    route: "responses",
    field: "input[] mcp_list_tools.tools[].description (judged, not masked)",
    masked: false,
    judged: true,
    body: (t) => responses([{ type: "mcp_list_tools", id: "mcpl_1", server_label: "crm", tools: [{ name: "lookup", description: t, input_schema: {} }] }, user("hi")]),
    sent: (b) => b.input[0].tools[0].description,
  },
  {
    route: "responses",
    field: "input[] input_file part, text file as data (re-encoded)",
    masked: true,
    judged: true,
    body: (t) => responses([user([{ type: "input_file", filename: "notes.md", file_data: `data:text/markdown;base64,${b64(t)}` }])]),
    sent: (b) => unb64(b.input[0].content[0].file_data.split(",")[1]),
  },
  { route: "responses", field: "prompt.variables", masked: true, judged: true, body: (t) => ({ model: "gpt-4.1", prompt: { id: "pmpt_1", variables: { customer: t } } }), sent: (b) => b.prompt.variables.customer },
  { route: "responses", field: "tools[].description (judged, not masked)", masked: false, judged: true, body: (t) => responses("hi", { tools: [{ type: "function", name: "send_mail", description: t, parameters: {} }] }), sent: (b) => b.tools[0].description },

  // Messages
  { route: "messages", field: "system (string)", masked: true, judged: false, body: (t) => messages([user("hello")], { system: t }), sent: (b) => b.system },
  { route: "messages", field: "system[] text blocks", masked: true, judged: false, body: (t) => messages([user("hello")], { system: [{ type: "text", text: t }] }), sent: (b) => b.system[0].text },
  { route: "messages", field: "messages[] user content (string)", masked: true, judged: true, body: (t) => messages([user(t)]), sent: (b) => b.messages[0].content },
  { route: "messages", field: "messages[] earlier user turn", masked: true, judged: true, body: (t) => messages([user(t), { role: "assistant", content: "ok" }, user("next question")]), sent: (b) => b.messages[0].content },
  { route: "messages", field: "messages[] user text block", masked: true, judged: true, body: (t) => messages([user([{ type: "text", text: t }])]), sent: (b) => b.messages[0].content[0].text },
  {
    route: "messages",
    field: "messages[] document block, text source",
    masked: true,
    judged: true,
    body: (t) => messages([user([{ type: "document", source: { type: "text", media_type: "text/plain", data: t } }, { type: "text", text: "summarise" }])]),
    sent: (b) => b.messages[0].content[0].source.data,
  },
  {
    route: "messages",
    field: "messages[] document block, Base64 source of a text type (re-encoded)",
    masked: true,
    judged: true,
    body: (t) => messages([user([{ type: "document", source: { type: "base64", media_type: "text/plain", data: b64(t) } }])]),
    sent: (b) => unb64(b.messages[0].content[0].source.data),
  },
  {
    route: "messages",
    field: "messages[] document block, content source and title",
    masked: true,
    judged: true,
    body: (t) => messages([user([{ type: "document", title: t, source: { type: "content", content: [{ type: "text", text: "body" }] } }])]),
    sent: (b) => b.messages[0].content[0].title,
  },
  {
    route: "messages",
    field: "messages[] search_result block content",
    masked: true,
    judged: true,
    body: (t) => messages([user([{ type: "search_result", source: "https://kb.example/a", title: "KB", content: [{ type: "text", text: t }] }])]),
    sent: (b) => b.messages[0].content[0].content[0].text,
  },
  {
    route: "messages",
    field: "messages[] tool_result content (string)",
    masked: true,
    judged: true,
    body: (t) => messages([user("hi"), { role: "assistant", content: [toolUse({})] }, user([{ type: "tool_result", tool_use_id: "toolu_1", content: t }])]),
    sent: (b) => b.messages[2].content[0].content,
  },
  {
    route: "messages",
    field: "messages[] tool_result holding a document and a search_result",
    masked: true,
    judged: true,
    body: (t) =>
      messages([
        user([
          {
            type: "tool_result",
            tool_use_id: "toolu_1",
            content: [
              { type: "document", source: { type: "text", media_type: "text/plain", data: "doc" } },
              { type: "search_result", source: "kb", title: "KB", content: [{ type: "text", text: t }] },
            ],
          },
        ]),
      ]),
    sent: (b) => b.messages[0].content[0].content[1].content[0].text,
  },
  {
    route: "messages",
    field: "messages[] assistant tool_use.input (history)",
    masked: true,
    judged: false,
    body: (t) => messages([user("hi"), { role: "assistant", content: [toolUse({ body: t })] }, user([{ type: "tool_result", tool_use_id: "toolu_1", content: "sent" }])]),
    sent: (b) => b.messages[1].content[0].input.body,
  },
  { route: "messages", field: "messages[] trailing assistant (prefill)", masked: true, judged: true, body: (t) => messages([user("hi"), { role: "assistant", content: t }]), sent: (b) => b.messages[1].content },
  {
    route: "messages",
    field: "messages[] assistant thinking with a signature (left as signed)",
    masked: false,
    judged: false,
    body: (t) => messages([user("hi"), { role: "assistant", content: [{ type: "thinking", thinking: t, signature: "sig-abc" }, { type: "text", text: "ok" }] }, user("go on")]),
    sent: (b) => b.messages[1].content[0].thinking,
  },
  {
    route: "messages",
    field: "tools[].description and input_schema descriptions (judged, not masked)",
    masked: false,
    judged: true,
    body: (t) => messages([user("hi")], { tools: [{ name: "send_mail", description: t, input_schema: { type: "object" } }] }),
    sent: (b) => b.tools[0].description,
  },
  // Places an attacker reached through before they were read (docs/security.md).
  {
    route: "chat",
    field: "messages[] user content that begins with a data URL (read as text)",
    masked: true,
    judged: true,
    body: (t) => chat([user(`${DATA_PREFIX}${t}`)]),
    sent: (b) => b.messages[0].content.slice(DATA_PREFIX.length),
  },
  {
    route: "chat",
    field: "messages[] assistant tool_calls[].function.arguments object keys",
    masked: true,
    judged: false,
    body: (t) => chat([user("hi"), { role: "assistant", content: null, tool_calls: [toolCall(JSON.stringify({ [t]: 1 }))] }, { role: "tool", tool_call_id: "call_1", content: "sent" }]),
    sent: (b) => Object.keys(JSON.parse(b.messages[1].tool_calls[0].function.arguments))[0]!,
  },
  {
    route: "chat",
    field: "tools[].function.parameters titles, enums, defaults, examples (judged, not masked)",
    masked: false,
    judged: true,
    body: (t) => chat([user("hi")], { tools: [{ type: "function", function: { name: "send_mail", parameters: { type: "object", properties: { to: { type: "string", enum: ["a", t] } } } } }] }),
    sent: (b) => b.tools[0].function.parameters.properties.to.enum[1],
  },
  {
    route: "responses",
    field: "input[] message content[] neighbouring input_text parts (read joined)",
    masked: true,
    judged: true,
    body: (t) => responses([user([{ type: "input_text", text: t.slice(0, SPLIT_AT) }, { type: "input_text", text: t.slice(SPLIT_AT) }])]),
    sent: (b) => b.input[0].content.map((p: { text: string }) => p.text).join(""),
  },
  {
    route: "messages",
    field: "messages[] search_result source",
    masked: true,
    judged: true,
    body: (t) => messages([user([{ type: "search_result", source: t, title: "KB", content: [{ type: "text", text: "plain" }] }])]),
    sent: (b) => b.messages[0].content[0].source,
  },
  {
    route: "messages",
    field: "messages[] tool_use.input object keys (history)",
    masked: true,
    judged: false,
    body: (t) => messages([user("hi"), { role: "assistant", content: [toolUse({ [t]: true })] }, user([{ type: "tool_result", tool_use_id: "toolu_1", content: "sent" }])]),
    sent: (b) => Object.keys(b.messages[1].content[0].input)[0]!,
  },
  // generateContent (the model and the action in the URL)
  { route: "generate", field: "contents[] user parts[].text", masked: true, judged: true, body: (t) => gen([gUser(t)]), sent: (b) => b.contents[0].parts[0].text },
  { route: "generate", field: "contents[] earlier model parts[].text", masked: true, judged: false, body: (t) => gen([gUser("hi"), { role: "model", parts: [{ text: t }] }, gUser("next question")]), sent: (b) => b.contents[1].parts[0].text },
  { route: "generate", field: "systemInstruction.parts[].text", masked: true, judged: false, body: (t) => gen([gUser("hi")], { systemInstruction: { parts: [{ text: t }] } }), sent: (b) => b.systemInstruction.parts[0].text },
  { route: "generate", field: "systemInstruction (string)", masked: true, judged: false, body: (t) => gen([gUser("hi")], { systemInstruction: t }), sent: (b) => b.systemInstruction },
  { route: "generate", field: "contents[] model parts[].functionCall.args", masked: true, judged: false, body: (t) => gen([gUser("hi"), { role: "model", parts: [{ functionCall: { name: "send_mail", args: { body: t } } }] }, gUser("go on")]), sent: (b) => b.contents[1].parts[0].functionCall.args.body },
  { route: "generate", field: "contents[] parts[].functionResponse.response", masked: true, judged: true, body: (t) => gen([gUser("hi"), { role: "user", parts: [{ functionResponse: { name: "lookup", response: { result: t } } }] }]), sent: (b) => b.contents[1].parts[0].functionResponse.response.result },
  { route: "generate", field: "contents[] parts[].inlineData (text/plain, Base64)", masked: true, judged: true, body: (t) => gen([{ role: "user", parts: [{ inlineData: { mimeType: "text/plain", data: b64(t) } }] }]), sent: (b) => unb64(b.contents[0].parts[0].inlineData.data) },
  { route: "generate", field: "contents[] user parts[].text with a thoughtSignature", masked: true, judged: true, body: (t) => gen([{ role: "user", parts: [{ text: t, thoughtSignature: "c2ln" }] }]), sent: (b) => b.contents[0].parts[0].text },
  { route: "generate", field: "contents[] parts[].function_response.response.data (protobuf names, any key)", masked: true, judged: true, body: (t) => gen([gUser("hi"), { role: "user", parts: [{ function_response: { name: "lookup", response: { data: t } } }] }]), sent: (b) => b.contents[1].parts[0].function_response.response.data },
  { route: "generate", field: "system_instruction.parts[].text (protobuf name)", masked: true, judged: false, body: (t) => gen([gUser("hi")], { system_instruction: { parts: [{ text: t }] } }), sent: (b) => b.system_instruction.parts[0].text },
  { route: "generate", field: "contents[] parts[].inline_data (protobuf names, text/plain)", masked: true, judged: true, body: (t) => gen([{ role: "user", parts: [{ inline_data: { mime_type: "text/plain", data: b64(t) } }] }]), sent: (b) => unb64(b.contents[0].parts[0].inline_data.data) },
  { route: "generate", field: "a field no table names (read by default)", masked: true, judged: true, body: (t) => gen([gUser("hi")], { someFutureField: { note: t } }), sent: (b) => b.someFutureField.note },
  { route: "generate", field: "tools[].functionDeclarations[].parameters, any keyword (judged, not masked)", masked: false, judged: true, body: (t) => gen([gUser("hi")], { tools: [{ functionDeclarations: [{ name: "send_mail", parameters: { type: "object", $comment: t } }] }] }), sent: (b) => b.tools[0].functionDeclarations[0].parameters.$comment },
  { route: "generate", field: "tools[].functionDeclarations[].description", masked: false, judged: true, body: (t) => gen([gUser("hi")], { tools: [{ functionDeclarations: [{ name: "send_mail", description: t }] }] }), sent: (b) => b.tools[0].functionDeclarations[0].description },
];

const chatAnswer = (message: Record<string, unknown>) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1,
  model: "gpt-4o-mini",
  choices: [{ index: 0, message: { role: "assistant", content: null, refusal: null, ...message }, logprobs: null, finish_reason: "stop" }],
});
const responsesAnswer = (output: unknown[], extra: Record<string, unknown> = {}) => ({ id: "resp_1", object: "response", created_at: 1, model: "gpt-4.1", status: "completed", output, ...extra });
const messagesAnswer = (content: unknown[]) => ({ id: "msg_1", type: "message", role: "assistant", model: "claude-x", content, stop_reason: "end_turn", usage: { input_tokens: 1, output_tokens: 1 } });
const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] });

export const ANSWER_CASES: readonly AnswerCase[] = [
  { route: "chat", field: "choices[].message.content", answer: (t) => chatAnswer({ content: t }), stream: (t) => [[null, chunk({ content: t })], [null, chunk({}, "stop")], [null, "[DONE]"]] },
  { route: "chat", field: "choices[].message.refusal", answer: (t) => chatAnswer({ refusal: t }), stream: (t) => [[null, chunk({ refusal: t })], [null, chunk({}, "stop")], [null, "[DONE]"]] },
  {
    route: "chat",
    field: "choices[].message.tool_calls[].function.arguments",
    answer: (t) => chatAnswer({ tool_calls: [toolCall(JSON.stringify({ body: t }))] }),
    stream: (t) => [[null, chunk({ tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "send_mail", arguments: JSON.stringify({ body: t }) } }] })], [null, chunk({}, "tool_calls")], [null, "[DONE]"]],
  },
  { route: "chat", field: "choices[].message.function_call.arguments (legacy)", answer: (t) => chatAnswer({ function_call: { name: "send_mail", arguments: JSON.stringify({ body: t }) } }) },
  { route: "chat", field: "choices[].message.audio.transcript", answer: (t) => chatAnswer({ audio: { id: "audio_1", data: "UklGRg==", expires_at: 1, transcript: t } }) },
  { route: "chat", field: "choices[].message.reasoning_content", answer: (t) => chatAnswer({ content: "ok", reasoning_content: t }), stream: (t) => [[null, chunk({ reasoning_content: t })], [null, chunk({}, "stop")], [null, "[DONE]"]] },
  { route: "chat", field: "choices[].text (completions)", answer: (t) => ({ id: "cmpl-1", object: "text_completion", created: 1, model: "m", choices: [{ index: 0, text: t, finish_reason: "stop" }] }) },
  {
    route: "responses",
    field: "output[] message output_text",
    answer: (t) => responsesAnswer([{ type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text: t, annotations: [] }] }]),
  },
  {
    route: "responses",
    field: "output[] message refusal",
    answer: (t) => responsesAnswer([{ type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "refusal", refusal: t }] }]),
    stream: (t) => [
      ["response.refusal.delta", { type: "response.refusal.delta", output_index: 0, content_index: 0, delta: t, sequence_number: 1 }],
      ["response.completed", { type: "response.completed", sequence_number: 2, response: responsesAnswer([]) }],
    ],
  },
  {
    route: "responses",
    field: "output[] function_call.arguments",
    answer: (t) => responsesAnswer([{ type: "function_call", id: "fc_1", call_id: "c1", name: "send_mail", arguments: JSON.stringify({ body: t }), status: "completed" }]),
    stream: (t) => [
      ["response.function_call_arguments.delta", { type: "response.function_call_arguments.delta", output_index: 0, item_id: "fc_1", delta: JSON.stringify({ body: t }), sequence_number: 1 }],
      ["response.completed", { type: "response.completed", sequence_number: 2, response: responsesAnswer([]) }],
    ],
  },
  { route: "responses", field: "output[] custom_tool_call.input", answer: (t) => responsesAnswer([{ type: "custom_tool_call", id: "ct_1", call_id: "c2", name: "shell", input: t }]) },
  {
    route: "responses",
    field: "output[] reasoning summary[].text",
    answer: (t) => responsesAnswer([{ type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: t }] }]),
    stream: (t) => [
      ["response.reasoning_summary_text.delta", { type: "response.reasoning_summary_text.delta", output_index: 0, summary_index: 0, item_id: "rs_1", delta: t, sequence_number: 1 }],
      ["response.completed", { type: "response.completed", sequence_number: 2, response: responsesAnswer([]) }],
    ],
  },
  { route: "responses", field: "output_text (where an upstream adds it)", answer: (t) => responsesAnswer([], { output_text: t }) },
  {
    route: "messages",
    field: "content[] text block",
    answer: (t) => messagesAnswer([{ type: "text", text: t }]),
    stream: (t) => [
      ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: t } }],
      ["message_stop", { type: "message_stop" }],
    ],
  },
  {
    route: "messages",
    field: "content[] tool_use.input",
    answer: (t) => messagesAnswer([toolUse({ body: t })]),
    stream: (t) => [
      ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify({ body: t }) } }],
      ["message_stop", { type: "message_stop" }],
    ],
  },
  {
    route: "messages",
    field: "content[] thinking (signed: judged, not rewritten)",
    answer: (t) => messagesAnswer([{ type: "thinking", thinking: t, signature: "sig" }, { type: "text", text: "ok" }]),
    stream: (t) => [
      ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: t } }],
      ["message_stop", { type: "message_stop" }],
    ],
  },
  {
    route: "chat",
    field: "choices[].logprobs.content[].token",
    answer: (t) => ({ ...chatAnswer({ content: "ok" }), choices: [{ index: 0, message: { role: "assistant", content: "ok" }, logprobs: { content: [{ token: t, logprob: -1, bytes: [], top_logprobs: [] }] }, finish_reason: "stop" }] }),
    stream: (t) => [[null, { ...chunk({ content: "ok" }), choices: [{ index: 0, delta: { content: "ok" }, logprobs: { content: [{ token: t, logprob: -1, bytes: [], top_logprobs: [] }] }, finish_reason: null }] }], [null, chunk({}, "stop")], [null, "[DONE]"]],
  },
  {
    route: "chat",
    field: "choices[].delta.reasoning_details[].text (a field by its path)",
    stream: (t) => [[null, chunk({ reasoning_details: [{ type: "reasoning.text", text: t, index: 0 }] })], [null, chunk({}, "stop")], [null, "[DONE]"]],
  },
  {
    route: "responses",
    field: "output[] code_interpreter_call outputs[].logs",
    answer: (t) => responsesAnswer([{ type: "code_interpreter_call", id: "ci_1", status: "completed", code: "print()", container_id: "c", outputs: [{ type: "logs", logs: t }] }]),
    stream: (t) => [
      ["response.output_item.done", { type: "response.output_item.done", sequence_number: 1, output_index: 0, item: { type: "code_interpreter_call", id: "ci_1", status: "completed", code: "print()", container_id: "c", outputs: [{ type: "logs", logs: t }] } }],
      ["response.completed", { type: "response.completed", sequence_number: 2, response: responsesAnswer([]) }],
    ],
  },
  {
    route: "messages",
    field: "content[] neighbouring text blocks (read joined)",
    answer: (t) => messagesAnswer([{ type: "text", text: t.slice(0, SPLIT_AT) }, { type: "text", text: t.slice(SPLIT_AT) }]),
    stream: (t) => [
      ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: t.slice(0, SPLIT_AT) } }],
      ["content_block_stop", { type: "content_block_stop", index: 0 }],
      ["content_block_start", { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } }],
      ["content_block_delta", { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: t.slice(SPLIT_AT) } }],
      ["message_stop", { type: "message_stop" }],
    ],
  },
  {
    route: "messages",
    field: "content[] server tool result arriving whole (web_fetch_tool_result document)",
    answer: (t) => messagesAnswer([{ type: "web_fetch_tool_result", tool_use_id: "s1", content: { type: "web_fetch_result", url: "https://x.example", content: { type: "document", source: { type: "text", media_type: "text/plain", data: t } } } }]),
    stream: (t) => [
      ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "web_fetch_tool_result", tool_use_id: "s1", content: { type: "web_fetch_result", url: "https://x.example", content: { type: "document", source: { type: "text", media_type: "text/plain", data: t } } } } }],
      ["message_stop", { type: "message_stop" }],
    ],
  },
  { route: "generate", field: "candidates[].content.parts[].text", answer: (t) => genAnswer([{ text: t }]), stream: (t) => [[null, genAnswer([{ text: t }], null)], [null, genAnswer([{ text: "" }])]] },
  { route: "generate", field: "candidates[].content.parts[].functionCall.args", answer: (t) => genAnswer([{ functionCall: { name: "send_mail", args: { body: t } } }]), stream: (t) => [[null, genAnswer([{ functionCall: { name: "send_mail", args: { body: t } } }])]] },
  { route: "generate", field: "candidates[].content.parts[] thought (signed)", answer: (t) => genAnswer([{ text: t, thought: true, thoughtSignature: "c2ln" }, { text: "ok" }]) },
  { route: "generate", field: "candidates[].content.parts[] text with a thoughtSignature (masking it blocks)", answer: (t) => genAnswer([{ text: t, thoughtSignature: "c2ln" }]), stream: (t) => [[null, genAnswer([{ text: t, thoughtSignature: "c2ln" }], null)], [null, genAnswer([{ text: "" }])]] },
  { route: "generate", field: "candidates[].content.parts[].functionCall.args, any key", answer: (t) => genAnswer([{ functionCall: { name: "f", args: { data: t } } }]), stream: (t) => [[null, genAnswer([{ functionCall: { name: "f", args: { data: t } } }])]] },
  { route: "generate", field: "an answer field no table names (citations, fields not known yet)", answer: (t) => ({ ...genAnswer([{ text: "ok" }]), futureField: { note: t } }) },
  { route: "generate", field: "candidates[].content.parts[].executableCode.code", answer: (t) => genAnswer([{ executableCode: { language: "PYTHON", code: `print(${JSON.stringify(t)})` } }]) },
  { route: "generate", field: "candidates[].content.parts[].codeExecutionResult.output", answer: (t) => genAnswer([{ codeExecutionResult: { outcome: "OUTCOME_OK", output: t } }]) },
];

export const PATHS: Readonly<Record<Route, string>> = { chat: "/v1/chat/completions", responses: "/v1/responses", messages: "/v1/messages", generate: "/v1beta/models/gemini-x:generateContent" };
/** A generate stream's path: the action, and SSE. */
export const GENERATE_STREAM_PATH = "/v1beta/models/gemini-x:streamGenerateContent?alt=sse";
