/** Where MCP's messages carry text (src/proxy/families/mcp/reading.ts, DECISIONS §12), method by method. */
import { describe, expect, test } from "bun:test";
import { readClientRequest, readClientResult, readServerRequest, readServerResult } from "../../src/proxy/families/mcp/reading.ts";

const texts = (r: { slots: { text: string; write?: unknown }[] }) => r.slots.map((s) => `${s.write ? "w" : "j"}:${s.text}`);

describe("what the client sends", () => {
  test("tool arguments: every string at any depth, rewritable in place; keys judged, never rewritten", () => {
    const params = { name: "send", arguments: { to: "a@b.example", nested: { list: ["x", { deep: "y" }] }, n: 3 } };
    const r = readClientRequest("tools/call", params);
    expect(texts(r).sort()).toEqual(["j:deep", "j:list", "j:n", "j:nested", "j:to", "w:a@b.example", "w:x", "w:y"].sort());
    r.slots.find((s) => s.text === "a@b.example")!.write!("<EMAIL_ADDRESS>");
    r.slots.find((s) => s.text === "y")!.write!("Y");
    expect(params.arguments).toEqual({ to: "<EMAIL_ADDRESS>", nested: { list: ["x", { deep: "Y" }] }, n: 3 });
  });

  test("prompt arguments, completion values, a resource URI (judged only), an unknown method's strings", () => {
    expect(texts(readClientRequest("prompts/get", { name: "p", arguments: { ticket: "T-1" } }))).toEqual(["j:ticket", "w:T-1"]);
    expect(texts(readClientRequest("completion/complete", { ref: { type: "ref/prompt", name: "p" }, argument: { name: "a", value: "jo@x.example" } }))).toEqual(["w:jo@x.example"]);
    expect(texts(readClientRequest("resources/read", { uri: "file:///home/jo/notes.txt" }))).toEqual(["j:file:///home/jo/notes.txt"]);
    expect(texts(readClientRequest("vendor/custom", { query: "launch codes", opts: { k: "v" } })).sort()).toEqual(["w:launch codes", "w:v"]);
    expect(texts(readClientRequest("initialize", { clientInfo: { name: "agent" } }))).toEqual([]);
  });

  test("the client's answers: sampling and elicitation results read; roots URIs judged", () => {
    expect(texts(readClientResult("sampling/createMessage", { role: "assistant", content: { type: "text", text: "hi" }, model: "m" })).sort()).toEqual(["w:assistant", "w:hi", "w:m", "w:text"].sort());
    expect(texts(readClientResult("roots/list", { roots: [{ uri: "file:///repo" }] }))).toEqual(["j:file:///repo"]);
  });
});

describe("what the server sends", () => {
  test("a tool result: text parts and structuredContent rewritable, binaries counted", () => {
    const r = readServerResult("tools/call", { content: [{ type: "text", text: "t" }, { type: "image", data: "AAA", mimeType: "image/png" }, { type: "resource", resource: { uri: "doc://1", text: "r" } }], structuredContent: { a: "s" } });
    expect(texts(r)).toEqual(["w:t", "j:doc://1", "w:r", "w:s"]);
    expect(r.unreadable).toEqual([{ kind: "image" }]);
  });

  test("tools/list: per entry; names and enum values judged, descriptions (schema ones too) rewritable", () => {
    const r = readServerResult("tools/list", {
      tools: [
        { name: "a", description: "da", inputSchema: { type: "object", properties: { p: { type: "string", description: "dp", enum: ["e1"] } } } },
        { name: "b", title: "tb" },
      ],
    });
    expect(r.slots.map((s) => [s.group, s.write ? "w" : "j", s.text])).toEqual([
      [0, "j", "a"], [0, "w", "da"], [0, "j", "p"], [0, "w", "dp"], [0, "j", "e1"],
      [1, "j", "b"], [1, "w", "tb"],
    ]);
  });

  test("prompts, resources, instructions, server requests and notifications", () => {
    expect(texts(readServerResult("prompts/get", { description: "d", messages: [{ role: "user", content: { type: "text", text: "m" } }] }))).toEqual(["w:d", "w:m"]);
    expect(texts(readServerResult("resources/read", { contents: [{ uri: "u", text: "c" }, { uri: "v", blob: "AAAA" }] }))).toEqual(["j:u", "w:c", "j:v"]);
    expect(texts(readServerResult("initialize", { instructions: "use x", serverInfo: { name: "s" } }))).toEqual(["w:use x", "j:s"]);
    expect(texts(readServerRequest("sampling/createMessage", { systemPrompt: "sp", messages: [{ role: "user", content: { type: "text", text: "q" } }] }))).toEqual(["w:sp", "w:q"]);
    expect(texts(readServerRequest("elicitation/create", { message: "confirm?", requestedSchema: { type: "object", properties: { c: { type: "string", description: "where" } } } }))).toEqual(["w:confirm?", "j:c", "w:where"]);
    expect(texts(readServerRequest("notifications/message", { level: "info", data: { msg: "jo@x.example" } })).sort()).toEqual(["w:info", "w:jo@x.example"]);
    expect(texts(readServerRequest("notifications/progress", { progressToken: 1, progress: 1, message: "half" }))).toEqual(["w:half"]);
    expect(texts(readServerResult(undefined, { anything: ["x"] }))).toEqual(["w:x"]);
  });
});
