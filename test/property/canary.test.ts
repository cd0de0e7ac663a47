/**
 * Nothing crosses unread (read by default, skip by name): real requests and answers of every
 * LLM family (fixtures.ts, typed by the SDKs), with a canary planted at every JSON path in turn,
 * as a string value, as an object key and as a 6+ digit number; split across neighbouring parts
 * at every split; in a stream, in every field of every event and split across two events at
 * every split. The family's reader must read it (a slot holds it) unless the family's table of
 * opaque fields names a field on its path; a request's canary must be masked away or judged, an
 * answer's masked away (or, in a signed part, the answer blocked). The readers are driven
 * directly (what the proxy does with their slots is tested end to end in
 * test/security/read-by-default.test.ts and test/proxy/coverage.test.ts).
 */
import { describe, expect, test } from "bun:test";
import { FAMILIES } from "../../src/proxy/families/index.ts";
import type { ApiFamily } from "../../src/proxy/family.ts";
import type { TextReading } from "../../src/proxy/reading/text-reading.ts";
import * as F from "./fixtures.ts";
import { at, CANARY, EMAIL, NUMBER, places, planted, skippedByName, underSignature } from "./paths.ts";

const family = (name: string): ApiFamily => FAMILIES.find((f) => f.name === name)!;


const needle = (kind: string) => (kind === "number" ? String(NUMBER) : EMAIL);

/** Masks the needle in every masked slot the way a masker would, and commits. */
function maskAll(reading: TextReading, needleText: string): void {
  for (const s of reading.slots) if (s.masked && !s.window && s.text.includes(needleText)) s.write(s.text.replaceAll(needleText, "<PII>"));
  reading.commit();
}

interface Outcome {
  readonly checked: number;
  readonly skipped: string[];
  readonly failures: string[];
}

/** Collects what fails, so one run lists every unread place. */
function check(failures: string[], where: string, what: string, ok: boolean): void {
  if (!ok) failures.push(`${where}: ${what}`);
}

function checkRequest(name: string, body: Record<string, unknown>): Outcome {
  const f = family(name);
  let checked = 0;
  const skipped: string[] = [];
  const failures: string[] = [];
  for (const place of places(body)) {
    if (place.kind === "number" && typeof at(body, place.path) !== "number") continue;
    const copy = planted(body, place.path, place.kind) as Record<string, unknown>;
    const where = `${name} request ${place.kind} at ${place.path.join(".")}`;
    if (skippedByName(f.fields, copy, place.path, "request", place.kind)) {
      skipped.push(where);
      continue;
    }
    checked++;
    const text = needle(place.kind);
    const reading = f.readRequest(copy);
    const holding = reading.slots.filter((s) => s.text.includes(text));
    check(failures, where, "not read", holding.length > 0);
    check(failures, where, "neither masked nor judged", holding.some((s) => s.masked || s.judged) || underSignature(copy, place.path));
    // Masked wherever a masked slot holds it; what stays is judged (a definition) or forwarded as signed.
    maskAll(reading, text);
    // What stays is judged (a definition) or forwarded as signed (a signature over the text).
    if (JSON.stringify(copy).includes(text)) check(failures, where, "left unmasked", !holding.every((s) => s.masked) || underSignature(copy, place.path));
  }
  return { checked, skipped, failures };
}

function checkAnswer(name: string, answer: Record<string, unknown>): Outcome {
  const f = family(name);
  let checked = 0;
  const skipped: string[] = [];
  const failures: string[] = [];
  for (const place of places(answer)) {
    if (place.kind === "number" && typeof at(answer, place.path) !== "number") continue;
    const copy = planted(answer, place.path, place.kind) as Record<string, unknown>;
    const where = `${name} answer ${place.kind} at ${place.path.join(".")}`;
    if (skippedByName(f.fields, copy, place.path, "answer", place.kind)) {
      skipped.push(where);
      continue;
    }
    checked++;
    const text = needle(place.kind);
    const reading = f.readAnswer(copy);
    check(failures, where, "not read", reading.slots.some((s) => s.text.includes(text)));
    maskAll(reading, text);
    // Masked away, or (a signed part cannot be rewritten) the answer is blocked.
    check(failures, where, "relayed unmasked", !JSON.stringify(copy).includes(text) || reading.signedRewrite);
  }
  return { checked, skipped, failures };
}

/** All the texts a stream's events give the guard (adds and repeats), joined per key in order. */
function streamTexts(name: string, events: readonly [string | null, unknown][]): Map<string, string> {
  const interpreter = family(name).openStream();
  const texts = new Map<string, string>();
  for (const [event, payload] of events) {
    const data = JSON.stringify(payload);
    const reading = interpreter.read({ event, data, raw: `${event ? `event: ${event}\n` : ""}data: ${data}` } as never);
    for (const t of [...reading.adds, ...reading.repeats]) texts.set(t.key, (texts.get(t.key) ?? "") + t.text);
  }
  return texts;
}

function checkStream(name: string, events: readonly [string | null, Record<string, unknown>][]): Outcome {
  const f = family(name);
  let checked = 0;
  const skipped: string[] = [];
  const failures: string[] = [];
  events.forEach(([event, payload], e) => {
    for (const place of places(payload)) {
      if (place.kind === "number" && typeof at(payload, place.path) !== "number") continue;
      const copy = planted(payload, place.path, place.kind) as Record<string, unknown>;
      const where = `${name} stream event ${e} ${place.kind} at ${place.path.join(".")}`;
      // `type` names the event or delta: structure the interpreter dispatches on.
      if (skippedByName(f.fields, copy, place.path, "answer", place.kind) || (place.kind === "string" && place.path.at(-1) === "type")) {
        skipped.push(where);
        continue;
      }
      checked++;
      const all = [...streamTexts(name, events.map((ev, i) => (i === e ? [event, copy] : ev)))].map(([, t]) => t);
      check(failures, where, "not read", all.some((t) => t.includes(needle(place.kind))));
    }
  });
  return { checked, skipped, failures };
}

/** The canary split at every position across two neighbouring texts (parts, or stream events) must be seen whole. */
function splits(): [string, string][] {
  return Array.from({ length: CANARY.length - 1 }, (_, i) => [CANARY.slice(0, i + 1), CANARY.slice(i + 1)]);
}

const chatEvents = F.chatChunks.map((c) => [null, c as unknown as Record<string, unknown>] as [null, Record<string, unknown>]);
const generateEvents = F.generateChunks.map((c) => [null, c as Record<string, unknown>] as [null, Record<string, unknown>]);
const responsesEvents: [string, Record<string, unknown>][] = [
  ["response.output_item.added", { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_1", role: "assistant", status: "in_progress", content: [] } }],
  ["response.output_text.delta", { type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: "The summary " }],
  ["response.output_text.delta", { type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: "is ready." }],
  ["response.output_text.done", { type: "response.output_text.done", item_id: "msg_1", output_index: 0, content_index: 0, text: "The summary is ready." }],
  ["response.completed", { type: "response.completed", response: F.responsesAnswer }],
];

describe("a canary at every JSON path is read, and masked or judged", () => {
  const cases: [string, string, () => Outcome][] = [
    ["chat", "request", () => checkRequest("chat", F.chatRequest as unknown as Record<string, unknown>)],
    ["chat", "answer", () => checkAnswer("chat", F.chatAnswer as unknown as Record<string, unknown>)],
    ["chat", "stream", () => checkStream("chat", chatEvents)],
    ["responses", "request", () => checkRequest("responses", F.responsesRequest as unknown as Record<string, unknown>)],
    ["responses", "answer", () => checkAnswer("responses", F.responsesAnswer as unknown as Record<string, unknown>)],
    ["responses", "stream", () => checkStream("responses", responsesEvents)],
    ["messages", "request", () => checkRequest("messages", F.messagesRequest as unknown as Record<string, unknown>)],
    ["messages", "answer", () => checkAnswer("messages", F.messagesAnswer as unknown as Record<string, unknown>)],
    ["messages", "stream", () => checkStream("messages", F.messagesEvents)],
    ["generate", "request", () => checkRequest("generate", F.generateRequest as unknown as Record<string, unknown>)],
    ["generate", "answer", () => checkAnswer("generate", F.generateAnswer as unknown as Record<string, unknown>)],
    ["generate", "stream", () => checkStream("generate", generateEvents)],
  ];
  for (const [name, side, run] of cases) {
    test(`${name} ${side}`, () => {
      const { checked, skipped, failures } = run();
      expect(failures).toEqual([]);
      // The property found fields to check, and what it skipped is only what the table names.
      expect(checked).toBeGreaterThan(10);
      expect(skipped.length).toBeLessThan(checked);
    });
  }
});

describe("a canary split across neighbours is seen whole", () => {
  test("neighbouring text parts of one message, every split, every family", () => {
    for (const [a, b] of splits()) {
      const bodies: [string, Record<string, unknown>][] = [
        ["chat", { model: "m", messages: [{ role: "user", content: [{ type: "text", text: `x ${a}` }, { type: "text", text: `${b} y` }] }] }],
        ["responses", { model: "m", input: [{ role: "user", content: [{ type: "input_text", text: `x ${a}` }, { type: "input_text", text: `${b} y` }] }] }],
        ["messages", { model: "m", max_tokens: 5, messages: [{ role: "user", content: [{ type: "text", text: `x ${a}` }, { type: "text", text: `${b} y` }] }] }],
        ["generate", { contents: [{ role: "user", parts: [{ text: `x ${a}` }, { text: `${b} y`, thoughtSignature: "c2ln" }] }] }],
      ];
      for (const [name, body] of bodies) {
        const reading = family(name).readRequest(body);
        expect({ name, a, whole: reading.slots.some((s) => s.text.includes(CANARY)) }).toEqual({ name, a, whole: true });
      }
      // An answer's plain and signed parts.
      const answer = family("generate").readAnswer({ candidates: [{ content: { role: "model", parts: [{ text: `x ${a}` }, { text: `${b} y`, thoughtSignature: "c2ln" }] } }] });
      expect({ a, whole: answer.slots.some((s) => s.text.includes(CANARY)) }).toEqual({ a, whole: true });
    }
  });

  test("two stream events, every split, every family", () => {
    for (const [a, b] of splits()) {
      const chunk = (t: string) => ({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: t }, finish_reason: null }] });
      const gen = (t: string, signed: boolean) => ({ candidates: [{ index: 0, content: { role: "model", parts: [{ text: t, ...(signed ? { thoughtSignature: "c2ln" } : {}) }] } }] });
      const streams: [string, [string | null, unknown][]][] = [
        ["chat", [[null, chunk(`x ${a}`)], [null, chunk(`${b} y`)]]],
        ["responses", [["response.output_text.delta", { type: "response.output_text.delta", output_index: 0, content_index: 0, delta: `x ${a}` }], ["response.output_text.delta", { type: "response.output_text.delta", output_index: 0, content_index: 0, delta: `${b} y` }]]],
        ["messages", [["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: `x ${a}` } }], ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: `${b} y` } }]]],
        ["generate", [[null, gen(`x ${a}`, false)], [null, gen(`${b} y`, true)]]],
      ];
      for (const [name, events] of streams) {
        const joined = [...streamTexts(name, events).values()];
        expect({ name, a, whole: joined.some((t) => t.includes(CANARY)) }).toEqual({ name, a, whole: true });
      }
    }
  });
});
