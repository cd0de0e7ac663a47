/**
 * Each family on its own, no server: its reader finds every text of a request and an answer,
 * its stream interpreter reads events into texts on keys and writes them back, and its request
 * shape says where the model and the stream flag are. The end-to-end proof is
 * test/proxy/coverage.test.ts; these say which piece broke.
 */
import { describe, expect, test } from "bun:test";
import { FAMILIES } from "../../src/proxy/families/index.ts";
import type { ApiFamily } from "../../src/proxy/family.ts";
import type { SseEvent } from "../../src/streaming/sse.ts";

const family = (name: string): ApiFamily => FAMILIES.find((f) => f.name === name)!;
const event = (data: unknown, name: string | null = null): SseEvent => {
  const json = typeof data === "string" ? data : JSON.stringify(data);
  return { event: name, data: json, raw: `${name ? `event: ${name}\n` : ""}data: ${json}` };
};
const texts = (family: ApiFamily, body: Record<string, unknown>) => family.readRequest(body).slots.map((s) => [s.role, s.text, s.judged]);

describe("the families' list", () => {
  test("four families, every route path unique, each with a schema", () => {
    expect(FAMILIES.map((f) => f.name)).toEqual(["chat", "responses", "messages", "generate"]);
    const paths = FAMILIES.flatMap((f) => f.routes.map((r) => r.path));
    expect(new Set(paths).size).toBe(paths.length);
    for (const f of FAMILIES) for (const r of f.routes) expect(r.body).toBeDefined();
  });

  test("the model and the stream flag come from the family: the body, else the path's deployment", () => {
    const chat = family("chat");
    expect(chat.model({ model: "a" }, { deployment: "b" }, "http://x/hosted/deployments/b/chat/completions")).toBe("a");
    expect(chat.model({}, { deployment: "b" }, "http://x/hosted/deployments/b/chat/completions")).toBe("b");
    expect(chat.stream({ stream: true }, "http://x/v1/chat/completions")).toBe(true);
    expect(chat.stream({ stream: "true" }, "http://x/v1/chat/completions")).toBe(false);
  });
});

describe("chat", () => {
  const chat = family("chat");
  test("reads every role, judges user and tool turns, not the system prompt", () => {
    expect(texts(chat, { messages: [{ role: "system", content: "sys" }, { role: "user", content: "u1" }, { role: "assistant", content: "a1" }, { role: "tool", tool_call_id: "c", content: "t1" }] }).filter((t) => t[0] !== "user" || t[1] === "u1").slice(0, 4)).toEqual([
      ["system", "sys", false],
      ["user", "u1", true],
      ["assistant", "a1", false],
      ["tool", "t1", true],
    ]);
  });

  test("the stream interpreter reads content, keys its channels, and re-frames what the guard set", () => {
    const stream = chat.openStream();
    const reading = stream.read(event({ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: "hello", tool_calls: [{ index: 1, function: { arguments: "{}" } }] }, finish_reason: null }] }));
    expect(reading.adds.map((a) => [a.key, a.text])).toEqual([
      ["0", "hello"],
      ["0:tool:1", "{}"],
    ]);
    reading.adds[0]!.set("HELLO");
    expect(reading.frame()).toContain('"content":"HELLO"');
    expect(stream.read(event({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })).ends).toBe(true);
    expect(stream.read(event("[DONE]")).done).toBe(true);
    expect(stream.blockFrames({ guardrail: "PII", stage: "output", cause: "enforced", message: "m" })).toContain('"finish_reason":"content_filter"');
  });
});

describe("responses", () => {
  const responses = family("responses");
  test("reads instructions and input items; a function call's output is a tool turn", () => {
    const read = texts(responses, { instructions: "sys", input: [{ role: "user", content: "u" }, { type: "function_call_output", call_id: "c", output: "out" }] });
    expect(read).toContainEqual(["system", "sys", false]);
    expect(read).toContainEqual(["user", "u", true]);
    expect(read).toContainEqual(["tool", "out", true]);
  });

  test("the stream interpreter: deltas add to their part, done events repeat it, completed ends", () => {
    const stream = responses.openStream();
    const delta = stream.read(event({ type: "response.output_text.delta", output_index: 0, content_index: 1, delta: "hi" }, "response.output_text.delta"));
    expect(delta.adds.map((a) => a.key)).toEqual(["0:text:1"]);
    const done = stream.read(event({ type: "response.output_text.done", output_index: 0, content_index: 1, text: "hi" }, "response.output_text.done"));
    expect([done.repeats.map((r) => r.key), done.checkpoint]).toEqual([["0:text:1"], true]);
    expect(stream.read(event({ type: "response.completed", response: { id: "r", output: [] } }, "response.completed")).ends).toBe(true);
    expect(stream.group?.("0:text:1")).toBe("0:text");
  });
});

describe("messages", () => {
  const messages = family("messages");
  test("reads the system prompt and content blocks; a tool_result is a tool turn", () => {
    const read = texts(messages, { system: "sys", messages: [{ role: "user", content: [{ type: "text", text: "u" }, { type: "tool_result", tool_use_id: "t", content: "res" }] }] });
    expect(read).toContainEqual(["system", "sys", false]);
    expect(read).toContainEqual(["tool", "res", true]);
  });

  test("the stream interpreter reads the payload's type, keys blocks by index, and ends at message_stop", () => {
    const stream = messages.openStream();
    stream.read(event({ type: "content_block_start", index: 2, content_block: { type: "text", text: "" } }, "content_block_start"));
    // The event name disagrees with the payload: the payload's type is what the SDK accumulates.
    const delta = stream.read(event({ type: "content_block_delta", index: 2, delta: { type: "text_delta", text: "x" } }, "ping"));
    expect(delta.adds.map((a) => [a.key, a.text])).toEqual([["2", "x"]]);
    expect(stream.read(event({ type: "content_block_stop", index: 2 }, "content_block_stop")).closes).toEqual(["2"]);
    expect(stream.read(event({ type: "message_stop" }, "message_stop")).ends).toBe(true);
    expect(stream.addFrame("2", "held")).toBe(`event: content_block_delta\ndata: ${JSON.stringify({ type: "content_block_delta", index: 2, delta: { type: "text_delta", text: "held" } })}\n\n`);
  });
});

describe("generate", () => {
  const generate = family("generate");

  test("the model and the action come from the URL; streams only as SSE; countTokens runs pre_flight alone", () => {
    expect(generate.model({}, { target: "gemini-2.5-flash:generateContent" }, "http://x/v1beta/models/gemini-2.5-flash:generateContent")).toBe("gemini-2.5-flash");
    expect(() => generate.model({}, { target: "gemini-2.5-flash:embedContent" }, "http://x/v1beta/models/gemini-2.5-flash:embedContent")).toThrow();
    expect(generate.stream({}, "http://x/v1beta/models/m:streamGenerateContent?alt=sse")).toBe(true);
    expect(generate.stream({}, "http://x/v1beta/models/m:generateContent")).toBe(false);
    expect(generate.stream({}, "http://x/v1beta/models/m:streamGenerateContent")).toBe(true);
    expect([generate.streamFraming?.("http://x/v1beta/models/m:streamGenerateContent"), generate.streamFraming?.("http://x/v1beta/models/m:streamGenerateContent?alt=sse")]).toEqual(["json-array", "sse"]);
    expect(generate.upstreamPath("tuned-model", "http://x/v1/models/m:streamGenerateContent?alt=sse&key=k")).toBe("/v1/models/tuned-model:streamGenerateContent?alt=sse");
    expect(generate.preFlightOnly?.("http://x/v1beta/models/m:countTokens")).toBe(true);
  });

  test("reads the system instruction, parts by role, function calls and responses in place (names, keys and values), text inlineData, signed thoughts too; files counted", () => {
    const body = {
      systemInstruction: { parts: [{ text: "sys" }] },
      contents: [
        { role: "user", parts: [{ text: "u1" }, { inlineData: { mimeType: "text/plain", data: Buffer.from("doc").toString("base64") } }, { fileData: { mimeType: "application/pdf", fileUri: "gs://b/f" } }] },
        { role: "model", parts: [{ text: "thinking", thought: true, thoughtSignature: "sig" }, { functionCall: { name: "f", args: { q: "a1" } } }] },
        { role: "user", parts: [{ functionResponse: { name: "f", response: { r: "t1" } } }] },
      ],
      tools: [{ functionDeclarations: [{ name: "f", description: "finds things" }] }],
    };
    const reading = generate.readRequest(body);
    const texts = reading.slots.filter((s) => !s.window).map((s) => `${s.role}:${s.text}`);
    expect(texts).toEqual(["system:sys", "user:u1", "user:doc", "user:gs://b/f", "assistant:thinking", "assistant:f", "assistant:a1", "assistant:q", "tool:f", "tool:t1", "tool:r", "tool:f\nfinds things"]);
    expect(reading.unreadable).toEqual(["file"]);
  });

  test("the stream interpreter keys text per candidate, thoughts apart, and ends when every candidate finished", () => {
    const stream = generate.openStream();
    const ev = (data: unknown) => ({ event: null, data: JSON.stringify(data), raw: `data: ${JSON.stringify(data)}` });
    const first = stream.read(ev({ candidates: [{ content: { parts: [{ text: "thinking", thought: true }, { text: "Hel" }] }, index: 0 }] }));
    // Only a signed part is verbatim (never rewritten); an unsigned thought is text like any other.
    expect(first.adds.map((a) => [a.key, a.text, a.verbatim])).toEqual([["0:thought", "thinking", false], ["0", "Hel", false]]);
    const signed = generate.openStream().read(ev({ candidates: [{ content: { parts: [{ text: "more", thought_signature: "c2ln" }] }, index: 0 }] }));
    expect(signed.adds.map((a) => [a.key, a.text, a.verbatim])).toEqual([["0", "more", true]]);
    const last = stream.read(ev({ candidates: [{ content: { parts: [{ text: "lo" }] }, finishReason: "STOP", index: 0 }] }));
    expect([last.ends, last.closes]).toEqual([true, ["0", "0:thought"]]);
    expect(JSON.parse(stream.blockFrames({ guardrail: "K", stage: "output", cause: "enforced", message: "m" }).slice(6))).toEqual({ candidates: [{ index: 0, finishReason: "SAFETY" }] });
  });
});
