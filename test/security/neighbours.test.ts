/**
 * Values split across neighbours (issue "Bypasses an attacker found in an afternoon", item 3):
 * `"mail jane.roe@"` + `"example.org"` in two text parts, a keyword across two messages, an SSN
 * across two output blocks or parts. The model and the SDK helpers read neighbours joined, so
 * the proxy judges them joined and lets a masked value span parts. Also: text hidden in tag
 * characters reaches a judge model only masked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import { cutMasked } from "../../src/proxy/reading/neighbours.ts";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const KEYWORD = "Project Nightingale";
const SSN = "536-22-8716";

describe("cutMasked", () => {
  test("a value split over two parts: its placeholder stays with the part it began in, the rest follows", () => {
    expect(cutMasked(["mail jane.roe@", "example.org today"], "mail <EMAIL_ADDRESS> today")).toEqual(["mail <EMAIL_ADDRESS>", " today"]);
    expect(cutMasked(["a ", "b@x.org", " c"], "a <EMAIL_ADDRESS> c")).toEqual(["a ", "<EMAIL_ADDRESS>", " c"]);
    expect(cutMasked(["jane.", "roe@", "example.org!"], "<EMAIL_ADDRESS>!")).toEqual(["<EMAIL_ADDRESS>", "", "!"]);
  });

  test("unchanged and separately masked parts keep their own text", () => {
    expect(cutMasked(["hello ", "world"], "hello world")).toEqual(["hello ", "world"]);
    expect(cutMasked(["to a@x.org ", "and b@y.org."], "to <EMAIL_ADDRESS> and <EMAIL_ADDRESS>.")).toEqual(["to <EMAIL_ADDRESS> ", "and <EMAIL_ADDRESS>."]);
  });

  test("whatever the texts, the pieces are the masked text cut in order", () => {
    const cases: [string[], string][] = [
      [["John Sm", "ith said hi"], "<PERSON> said hi"],
      [["<b>", "x@y.org</b>"], "<b><EMAIL_ADDRESS></b>"],
      [["a", "b", "c"], "<X><Y>"],
      [["", "abc"], "abc"],
    ];
    for (const [parts, masked] of cases) {
      const pieces = cutMasked(parts, masked);
      expect(pieces).toHaveLength(parts.length);
      expect(pieces.join("")).toBe(masked);
    }
  });
});

let fx: ProxyFixture;
beforeAll(async () => {
  fx = await startProxyFixture({
    policies: {
      "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS", "US_SSN"] } }] }),
      "keyword.json": policy({ input: [{ name: "Keywords", config: { keywords: [KEYWORD] } }] }),
      "pii-block.json": policy({ input: [{ name: "PII", suppress_enforcement: false, config: { block: true, entities: ["EMAIL_ADDRESS"] } }] }),
      "out-block.json": policy({ output: [{ name: "PII", suppress_enforcement: false, config: { block: true, entities: ["US_SSN"] } }] }),
      "out-mask.json": policy({ output: [{ name: "PII", config: { entities: ["US_SSN"] } }] }),
      "judged-jailbreak.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }], input: [{ name: "Jailbreak", config: { engine: "llm" } }] }),
    },
    env: { MESSAGES_API_KEY: "k" },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

type Family = "chat" | "responses" | "messages";
const PATHS: Record<Family, string> = { chat: "/v1/chat/completions", responses: "/v1/responses", messages: "/v1/messages" };
const send = (family: Family, body: Record<string, unknown>, configId: string) =>
  fx.server.post(PATHS[family], { ...body, guardrails: { config_id: configId } }, { authorization: "Bearer sk-x", "x-api-key": "k" });

function parts(family: Family, texts: string[]): Record<string, unknown> {
  const content = texts.map((text) => (family === "responses" ? { type: "input_text", text } : { type: "text", text }));
  if (family === "chat") return { model: "m", messages: [{ role: "user", content }] };
  if (family === "responses") return { model: "m", input: [{ role: "user", content }] };
  return { model: "m", max_tokens: 5, messages: [{ role: "user", content }] };
}

function turns(family: Family, texts: string[]): Record<string, unknown> {
  const messages = texts.flatMap((content, i) => (i === 0 ? [{ role: "user", content }] : [{ role: "assistant", content: "ok" }, { role: "user", content }]));
  if (family === "responses") return { model: "m", input: messages };
  if (family === "messages") return { model: "m", max_tokens: 5, messages };
  return { model: "m", messages };
}

const FAMILIES: Family[] = ["chat", "responses", "messages"];

describe("requests", () => {
  for (const family of FAMILIES) {
    test(`${family}: an e-mail split over two text parts is masked, the parts stay two`, async () => {
      for (const split of [["mail jane.roe@", "example.org today"], ["mail jane.roe", "@example.org"], ["mail j", "ane.roe@exam", "ple.org ok"]]) {
        fx.mock.reset();
        expect((await send(family, parts(family, split), "mask")).status).toBe(200);
        const sent = JSON.stringify(fx.mock.last().body);
        expect(sent).not.toContain("example.org");
        expect(sent).not.toContain("jane.roe");
        expect(sent).toContain("<EMAIL_ADDRESS>");
        const body = fx.mock.last().body as Record<string, any>;
        const content = family === "chat" ? body.messages[0].content : family === "responses" ? body.input[0].content : body.messages[0].content;
        expect(content).toHaveLength(split.length);
      }
    });

    test(`${family}: a keyword split over two parts or two user turns blocks`, async () => {
      for (const body of [parts(family, ["about Project ", "Nightingale now"]), turns(family, ["tell me about Project", "Nightingale, please"])]) {
        fx.mock.reset();
        expect((await send(family, body, "keyword")).status).toBe(400);
        expect(fx.mock.received).toHaveLength(0);
      }
      // The same words far apart in ordinary turns pass.
      expect((await send(family, turns(family, ["A project plan, please.", "A nightingale sings."]), "keyword")).status).toBe(200);
    });

    test(`${family}: an e-mail split over two turns trips a blocking PII entry`, async () => {
      expect((await send(family, turns(family, ["write to jane.roe@", "example.org"]), "pii-block")).status).toBe(400);
    });
  }

  test("a judge model never sees what masking rewrites in the text a leading data URL embeds", async () => {
    fx.mock.behave({ judge: { content: JSON.stringify({ flagged: false, confidence: 0.9 }) } });
    const embedded = Buffer.from("mail jane.roe@example.org please").toString("base64");
    const res = await send("chat", { model: "m", messages: [{ role: "user", content: `data:text/plain;base64,${embedded} and more text here` }] }, "judged-jailbreak");
    expect(res.status).toBe(200);
    const judged = JSON.stringify(fx.mock.received.filter((r) => r.body?.response_format !== undefined).map((r) => r.body));
    expect(judged).toContain("<EMAIL_ADDRESS>");
    expect(judged).not.toContain("example.org");
  });

  test("a judge model never sees what masking rewrites: not in a boundary window, not in text hidden by tag characters", async () => {
    fx.mock.behave({ judge: { content: JSON.stringify({ flagged: false, confidence: 0.9 }) } });
    const hidden = [..."jane.roe@example.org"].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");
    const res = await send("chat", turns("chat", ["first turn from bob@example.org", `second turn ${hidden} here`]), "judged-jailbreak");
    expect(res.status).toBe(200);
    const judged = JSON.stringify(fx.mock.received.filter((r) => r.body?.response_format !== undefined).map((r) => r.body));
    expect(judged).not.toContain("example.org");
  });
});

describe("answers", () => {
  const messagesAnswer = (texts: string[]) => ({ id: "m", type: "message", role: "assistant", model: "m", content: texts.map((text) => ({ type: "text", text })), stop_reason: "end_turn", usage: { input_tokens: 1, output_tokens: 1 } });
  const responsesAnswer = (texts: string[]) => ({ id: "r", object: "response", created_at: 1, model: "m", status: "completed", output: [{ type: "message", id: "o", role: "assistant", status: "completed", content: texts.map((text) => ({ type: "output_text", text, annotations: [] })) }] });

  test("whole answers: an SSN across two text blocks or output_text parts is blocked, or masked across them", async () => {
    for (const [family, answer] of [["messages", messagesAnswer(["Your SSN is 536-22-", "8716, keep it."])], ["responses", responsesAnswer(["Your SSN is 536-", "22-8716."])]] as const) {
      fx.mock.behave({ answer });
      expect((await send(family, parts(family, ["hi"]), "out-block")).status).toBe(400);
      fx.mock.behave({ answer });
      const masked = await send(family, parts(family, ["hi"]), "out-mask");
      const text = await masked.text();
      expect(text).not.toContain("8716");
      expect(text).toContain("<US_SSN>");
    }
  });

  const blockStream = (texts: string[]) => [
    `event: message_start\ndata: ${JSON.stringify({ type: "message_start", message: { id: "msg", type: "message", role: "assistant", model: "m", content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 0 } } })}\n\n`,
    ...texts.flatMap((text, index) => [
      `event: content_block_start\ndata: ${JSON.stringify({ type: "content_block_start", index, content_block: { type: "text", text: "" } })}\n\n`,
      `event: content_block_delta\ndata: ${JSON.stringify({ type: "content_block_delta", index, delta: { type: "text_delta", text } })}\n\n`,
      `event: content_block_stop\ndata: ${JSON.stringify({ type: "content_block_stop", index })}\n\n`,
    ]),
    `event: message_delta\ndata: ${JSON.stringify({ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 1 } })}\n\n`,
    `event: message_stop\ndata: ${JSON.stringify({ type: "message_stop" })}\n\n`,
  ];

  test("messages stream: an SSN across two text blocks never reaches the client; masked, the SDK's text reads the placeholder", async () => {
    for (const split of [["Your SSN is 536-22-", "8716, keep it."], ["Your SSN is 536-", "22-", "8716."], ["536", "-22-8716"]]) {
      fx.mock.behave({ rawFrames: blockStream(split) });
      const blocked = await (await send("messages", { ...parts("messages", ["hi"]), stream: true }, "out-block")).text();
      expect(blocked).toContain("guardrail_enforcement_triggered");
      expect(blocked).not.toMatch(/"text":"[^"]*536/);
      fx.mock.behave({ rawFrames: blockStream(split) });
      const client = new Anthropic({ baseURL: fx.server.url, apiKey: "k", maxRetries: 0 });
      const stream = client.messages.stream({ model: "m", max_tokens: 5, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "out-mask" } } as never);
      const message = await stream.finalMessage();
      const text = message.content.map((b) => (b.type === "text" ? b.text : "")).join("");
      expect(text).not.toContain("536");
      expect(text).not.toContain("8716");
      expect(text).toContain("<US_SSN>");
      expect(message.content).toHaveLength(split.length);
    }
  });

  test("messages stream: at every split of an answer into two blocks, no piece of the SSN goes out; masked, the text reads the placeholder", async () => {
    const answer = `Your SSN is ${SSN}, keep it.`;
    const client = new Anthropic({ baseURL: fx.server.url, apiKey: "k", maxRetries: 0 });
    for (let at = 1; at < answer.length; at++) {
      const split = [answer.slice(0, at), answer.slice(at)];
      fx.mock.behave({ rawFrames: blockStream(split) });
      const blocked = await (await send("messages", { ...parts("messages", ["hi"]), stream: true }, "out-block")).text();
      expect([at, blocked.includes("guardrail_enforcement_triggered")]).toEqual([at, true]);
      for (const piece of ["536-22", "22-8716", "8716"]) expect([at, blocked.includes(piece)]).toEqual([at, false]);
      fx.mock.behave({ rawFrames: blockStream(split) });
      const stream = client.messages.stream({ model: "m", max_tokens: 5, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "out-mask" } } as never);
      const text = (await stream.finalMessage()).content.map((b) => (b.type === "text" ? b.text : "")).join("");
      expect([at, text]).toEqual([at, "Your SSN is <US_SSN>, keep it."]);
    }
  });

  test("messages stream: ordinary text over several blocks is relayed exactly", async () => {
    fx.mock.behave({ rawFrames: blockStream(["First block, 12 items. ", "Second block: 34 more."]) });
    const client = new Anthropic({ baseURL: fx.server.url, apiKey: "k", maxRetries: 0 });
    const stream = client.messages.stream({ model: "m", max_tokens: 5, messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "out-mask" } } as never);
    const message = await stream.finalMessage();
    expect(message.content.map((b) => (b.type === "text" ? b.text : ""))).toEqual(["First block, 12 items. ", "Second block: 34 more."]);
  });

  test(`responses stream: an SSN across two output_text parts never reaches the client (${SSN})`, async () => {
    const part = (ci: number, text: string) => [
      `event: response.content_part.added\ndata: ${JSON.stringify({ type: "response.content_part.added", sequence_number: 1, item_id: "o", output_index: 0, content_index: ci, part: { type: "output_text", text: "", annotations: [] } })}\n\n`,
      `event: response.output_text.delta\ndata: ${JSON.stringify({ type: "response.output_text.delta", sequence_number: 2, item_id: "o", output_index: 0, content_index: ci, delta: text, logprobs: [] })}\n\n`,
      `event: response.output_text.done\ndata: ${JSON.stringify({ type: "response.output_text.done", sequence_number: 3, item_id: "o", output_index: 0, content_index: ci, text, logprobs: [] })}\n\n`,
      `event: response.content_part.done\ndata: ${JSON.stringify({ type: "response.content_part.done", sequence_number: 4, item_id: "o", output_index: 0, content_index: ci, part: { type: "output_text", text, annotations: [] } })}\n\n`,
    ];
    const frames = [
      `event: response.created\ndata: ${JSON.stringify({ type: "response.created", sequence_number: 0, response: { id: "r", object: "response", status: "in_progress", output: [] } })}\n\n`,
      `event: response.output_item.added\ndata: ${JSON.stringify({ type: "response.output_item.added", sequence_number: 0, output_index: 0, item: { type: "message", id: "o", role: "assistant", status: "in_progress", content: [] } })}\n\n`,
      ...part(0, "Your SSN is 536-22-"),
      ...part(1, "8716."),
      `event: response.completed\ndata: ${JSON.stringify({ type: "response.completed", sequence_number: 9, response: { id: "r", object: "response", status: "completed", output: [{ type: "message", id: "o", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Your SSN is 536-22-", annotations: [] }, { type: "output_text", text: "8716.", annotations: [] }] }] } })}\n\n`,
    ];
    fx.mock.behave({ rawFrames: frames });
    const blocked = await (await send("responses", { ...parts("responses", ["hi"]), stream: true }, "out-block")).text();
    expect(blocked).toContain("content_filter");
    expect(blocked).not.toContain("536-22");
  });
});
