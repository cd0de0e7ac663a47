/**
 * Messages stream events (SPEC "Messages stream"): named frames. Text arrives in
 * `content_block_delta` events, keyed by block index, on every channel (DECISIONS §8): a
 * `text_delta`'s text, an `input_json_delta`'s partial JSON (tool input), a `thinking_delta`'s
 * thinking (signed: judged, never rewritten); a `content_block_start` may carry text already.
 * The answer is complete at `message_delta` (which carries the stop reason) or `message_stop`.
 * A block is a terminal `event: error` frame of type `guardrail_enforcement_triggered`
 * (DECISIONS §5).
 *
 * An event is read by its payload's `type`, as the SDKs' accumulators read it (the event name
 * only when the payload has none). Blocks that arrive whole in `content_block_start` (server
 * tool results: fetched documents, code execution output, search and MCP results) are read by
 * the rules of whole answers; deltas of types not known yet, by the path of each string; an
 * `error` event's message is judged whole.
 */
import type { Block } from "../../../pipeline/types.ts";
import { encodeEvent, type SseEvent } from "../../../streaming/sse.ts";
import { atPath, eventRest, otherTexts } from "../../reading/event-texts.ts";
import { MESSAGES_FIELDS } from "./fields.ts";
import { TextReading } from "../../reading/text-reading.ts";
import { isObject } from "../../../schema/json.ts";
import { eventJson, JsonEventReading, type EventReading, type StreamInterpreter, type StreamFailureCode } from "../../../streaming/events.ts";

/** Where each kind of delta carries its text. */
const DELTA_TEXT: Readonly<Record<string, string>> = { text_delta: "text", input_json_delta: "partial_json", thinking_delta: "thinking" };

/** The delta a block of each type streams its text in. */
const BLOCK_DELTA: Readonly<Record<string, string>> = { text: "text_delta", tool_use: "input_json_delta", server_tool_use: "input_json_delta", thinking: "thinking_delta" };

export class MessagesStream implements StreamInterpreter {
  /** Block index -> the delta type its text streams in. */
  private readonly deltas = new Map<string, string>();

  read(event: SseEvent): EventReading {
    const reading = this.readEvent(event);
    // Whatever of the payload the reading above did not read is read by default.
    if (reading instanceof JsonEventReading && reading.payload) eventRest(MESSAGES_FIELDS, reading, reading.payload);
    return reading;
  }

  private readEvent(event: SseEvent): EventReading {
    const payload = eventJson(event);
    const reading = new JsonEventReading(event, payload);
    if (!payload) return reading;
    const type = typeof payload.type === "string" ? payload.type : event.event;
    const key = `${typeof payload.index === "number" ? payload.index : 0}`;
    if (type === "content_block_start" && isObject(payload.content_block)) {
      const block = payload.content_block;
      if (typeof block.type === "string") this.deltas.set(key, BLOCK_DELTA[block.type] ?? "text_delta");
      if (block.type === "text" || block.type === "thinking" || block.type === undefined) {
        reading.add(key, block, "text");
        reading.add(key, block, "thinking", true);
      } else {
        wholeBlockTexts(reading, key, payload);
      }
    } else if (type === "content_block_delta" && isObject(payload.delta)) {
      const delta = payload.delta;
      const field = typeof delta.type === "string" ? DELTA_TEXT[delta.type] : undefined;
      if (field !== undefined) {
        this.deltas.set(key, delta.type as string);
        reading.add(key, delta, field, delta.type === "thinking_delta");
      } else if (typeof delta.type === "string" && delta.type !== "signature_delta") {
        for (const name in delta) if (name !== "type") otherTexts(MESSAGES_FIELDS, reading, "adds", `${key}:x:${delta.type}:`, name, delta, name);
      }
      // The signature comes after the whole thinking it signs: held thinking goes out first.
      if (delta.type === "signature_delta") reading.closes.push(key);
    } else if (type === "error" && isObject(payload.error)) {
      reading.repeat("error", payload.error, "message");
    }
    if (type === "content_block_stop") reading.closes.push(key);
    reading.ends = type === "message_delta" || type === "message_stop";
    return reading;
  }

  group(key: string): string | null {
    return this.deltas.get(key) === "text_delta" ? "text" : null;
  }

  addFrame(key: string, text: string): string {
    const other = /^(\d+):x:([^:]+):(.+)$/.exec(key);
    if (other) {
      const delta = { type: other[2], ...atPath(other[3]!, text) };
      return encodeEvent(JSON.stringify({ type: "content_block_delta", index: Number(other[1]), delta }), "content_block_delta");
    }
    const deltaType = this.deltas.get(key) ?? "text_delta";
    const delta = { type: deltaType, [DELTA_TEXT[deltaType] ?? "text"]: text };
    return encodeEvent(JSON.stringify({ type: "content_block_delta", index: Number(key), delta }), "content_block_delta");
  }

  blockFrames(block: Block): string {
    const error = { type: "guardrail_enforcement_triggered", message: block.message, guardrail: block.guardrail };
    return encodeEvent(JSON.stringify({ type: "error", error }), "error");
  }

  failureFrames(message: string, _code: StreamFailureCode): string {
    return encodeEvent(JSON.stringify({ type: "error", error: { type: "api_error", message } }), "error");
  }
}

/**
 * A block that arrives whole (a server tool's result), read as answers are read; each of its
 * texts is a repeat on a key of its own (signed thinking judged, never rewritten).
 */
function wholeBlockTexts(reading: JsonEventReading, key: string, payload: Record<string, unknown>): void {
  reading.consume(payload, "content_block");
  const texts = TextReading.ofAnswer(MESSAGES_FIELDS);
  texts.read(payload, "content_block", "assistant");
  texts.slots.forEach((slot, i) => {
    reading.addText(
      "repeats",
      `${key}:block:${i}`,
      slot.text,
      (t) => {
        if (!slot.masked || slot.signed) return;
        slot.write(t);
        texts.commit();
      },
      slot.signed === true,
    );
  });
}
