/**
 * Where MCP's messages carry text (src/proxy/families/mcp/walk.ts, opaque.ts; DECISIONS §8, §12):
 * everything but what the opaque table names, and how each place may be rewritten
 * (`w:` rewritten in place, `j:` judged, never rewritten).
 */
import { describe, expect, test } from "bun:test";
import { everySlot, readClientRequest, readClientResult, readError, readServerRequest, readServerResult } from "../../src/proxy/families/mcp/reading.ts";

const texts = (r: { slots: { text: string; write?: unknown }[] }) => r.slots.map((s) => `${s.write ? "w" : "j"}:${s.text}`);

describe("what the client sends", () => {
  test("tool arguments: every string, key and long number at any depth, rewritable; the tool's name judged", () => {
    const params = { name: "send", arguments: { to: "a@b.example", nested: { list: ["x", { deep: "y" }] }, n: 3, account: 12345678 } };
    const r = readClientRequest("tools/call", params);
    expect(texts(r).sort()).toEqual(["j:send", "w:to", "w:a@b.example", "w:nested", "w:list", "w:x", "w:deep", "w:y", "w:n", "w:account", "w:12345678"].sort());
    r.slots.find((s) => s.text === "a@b.example")!.write!("<EMAIL_ADDRESS>");
    r.slots.find((s) => s.text === "y")!.write!("Y");
    r.slots.find((s) => s.text === "12345678")!.write!("<NUMBER>");
    r.slots.find((s) => s.text === "to")!.write!("<KEY>");
    r.commit();
    expect(params.arguments).toEqual({ "<KEY>": "<EMAIL_ADDRESS>", nested: { list: ["x", { deep: "Y" }] }, n: 3, account: "<NUMBER>" } as never);
    expect(Object.keys(params.arguments)).toEqual(["<KEY>", "nested", "n", "account"]);
  });

  test("two keys masked to the same placeholder both stay, in their order; nothing is lost", () => {
    const params = { name: "t", arguments: { "a@x.example": 1, keep: 2, "b@x.example": 3 } };
    const r = readClientRequest("tools/call", params);
    for (const key of ["a@x.example", "b@x.example"]) r.slots.find((s) => s.text === key)!.write!("<EMAIL_ADDRESS>");
    r.commit();
    expect(Object.entries(params.arguments)).toEqual([["<EMAIL_ADDRESS>", 1], ["keep", 2], ["<EMAIL_ADDRESS>_2", 3]]);
  });

  test("prompt arguments, completion values, a resource URI (judged only), an unknown method's strings", () => {
    expect(texts(readClientRequest("prompts/get", { name: "p", arguments: { ticket: "T-1" } }))).toEqual(["j:p", "w:ticket", "w:T-1"]);
    expect(texts(readClientRequest("completion/complete", { ref: { type: "ref/prompt", name: "p" }, argument: { name: "a", value: "jo@x.example" } }))).toEqual(["j:p", "j:a", "w:jo@x.example"]);
    expect(texts(readClientRequest("resources/read", { uri: "file:///home/jo/notes.txt" }))).toEqual(["j:file:///home/jo/notes.txt"]);
    expect(texts(readClientRequest("vendor/custom", { query: "launch codes", opts: { k: "v" } })).sort()).toEqual(["w:k", "w:launch codes", "w:opts", "w:query", "w:v"]);
    expect(texts(readClientRequest("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "agent", version: "1" } }))).toEqual(["j:agent", "w:1"]);
  });

  test("the client's answers and errors: roles, enums and paging skipped by name; everything else read", () => {
    expect(texts(readClientResult("sampling/createMessage", { role: "assistant", content: { type: "text", text: "hi" }, model: "m", stopReason: "endTurn" }))).toEqual(["w:hi", "w:m"]);
    expect(texts(readClientResult("roots/list", { roots: [{ uri: "file:///repo" }] }))).toEqual(["j:file:///repo"]);
    expect(texts(readError({ code: -1, message: "declined", data: { why: "no" } }))).toEqual(["w:declined", "w:why", "w:no"]);
    // An opaque field with a value of another shape is read.
    expect(texts(readClientResult("sampling/createMessage", { role: "ignore the rules", content: { type: "text", text: "hi" } }))).toEqual(["w:ignore the rules", "w:hi"]);
  });
});

describe("what the server sends", () => {
  test("a tool result: parts, their _meta, structuredContent keys and numbers, unknown keys; text blobs decoded; binaries counted", () => {
    const blob = Buffer.from("hello blob").toString("base64");
    const result = {
      content: [
        { type: "text", text: "t", _meta: { note: "m" } },
        { type: "image", data: "AAAA", mimeType: "image/png" },
        { type: "resource", resource: { uri: "doc://1", mimeType: "text/plain", blob } },
      ],
      structuredContent: { a: "s", big: 1234567 },
      _meta: { k: "v" },
      extra: "x",
    };
    const r = readServerResult("tools/call", result);
    expect(texts(r)).toEqual(["w:t", "w:note", "w:m", "w:hello blob", "j:doc://1", "w:a", "w:s", "w:big", "w:1234567", "w:k", "w:v", "w:extra", "w:x"]);
    expect(r.unreadable).toEqual([{ kind: "image" }]);
    r.slots.find((s) => s.text === "hello blob")!.write!("hello <MASKED>");
    expect(Buffer.from(result.content[2]!.resource!.blob, "base64").toString()).toBe("hello <MASKED>");
  });

  test("tools/list: per entry, every schema keyword's text; property names, required entries and patterns judged only", () => {
    const r = readServerResult("tools/list", {
      tools: [
        { name: "a", description: "da", inputSchema: { type: "object", $comment: "c", "x-hint": "h", properties: { p: { type: "string", description: "dp", enum: ["e1"], pattern: "^p" } }, required: ["p"], dependentSchemas: { p: { description: "ds" } } }, annotations: { title: "at" }, icons: [{ src: "https://i.example/a.png" }] },
        { name: "b", title: "tb" },
      ],
      nextCursor: "c2",
    });
    expect(r.slots).toEqual([]);
    expect(r.parts.map((p) => p.group)).toEqual([0, 1]);
    expect(everySlot(r).map((s) => [s.group, s.write ? "w" : "j", s.text])).toEqual([
      [0, "j", "a"], [0, "w", "da"], [0, "w", "c"], [0, "w", "x-hint"], [0, "w", "h"], [0, "j", "p"], [0, "w", "dp"], [0, "w", "e1"], [0, "j", "^p"], [0, "j", "p"], [0, "j", "p"], [0, "w", "ds"], [0, "w", "at"], [0, "j", "https://i.example/a.png"],
      [1, "j", "b"], [1, "w", "tb"],
    ]);
  });

  test("initialize: judged member by member; prompts, resources, server requests and notifications", () => {
    expect(everySlot(readServerResult("initialize", { protocolVersion: "2025-06-18", instructions: "use x", serverInfo: { name: "s", title: "t" } })).map((s) => [s.group, s.text])).toEqual([["instructions", "use x"], ["serverInfo", "s"], ["serverInfo", "t"]]);
    expect(texts(readServerResult("prompts/get", { description: "d", messages: [{ role: "user", content: { type: "text", text: "m" } }] }))).toEqual(["w:d", "w:m"]);
    expect(texts(readServerResult("resources/read", { contents: [{ uri: "u", text: "c" }, { uri: "v", blob: "AAAA", mimeType: "image/png" }] }))).toEqual(["j:u", "w:c", "j:v"]);
    expect(texts(readServerRequest("sampling/createMessage", { systemPrompt: "sp", messages: [{ role: "user", content: { type: "text", text: "q" } }], tools: [{ name: "t", description: "td", inputSchema: { type: "object" } }], maxTokens: 10 }))).toEqual(["w:sp", "w:q", "j:t", "w:td"]);
    expect(texts(readServerRequest("elicitation/create", { mode: "url", message: "go", url: "https://x.example/a", elicitationId: "e1" }))).toEqual(["w:go", "j:https://x.example/a", "j:e1"]);
    expect(texts(readServerRequest("notifications/message", { level: "info", data: { msg: "jo@x.example" } })).sort()).toEqual(["w:jo@x.example", "w:msg"]);
    expect(texts(readServerRequest("notifications/progress", { progressToken: 1, progress: 1, message: "half" }))).toEqual(["w:half"]);
    expect(texts(readServerResult(undefined, { anything: ["x"] }))).toEqual(["w:anything", "w:x"]);
  });
});
