/**
 * Responses stream events (SPEC "Responses stream"). Text arrives in
 * `response.output_text.delta`, keyed by output item and content part; the answer is complete
 * at `response.completed` (or `response.incomplete` / `response.failed`). A block is a
 * `response.completed` event whose response has status `incomplete` and
 * `incomplete_details.reason` `content_filter`, then `[DONE]`.
 */
import type { Block } from "../../../pipeline/types.ts";
import { DONE_EVENT, encodeEvent, type SseEvent } from "../../../streaming/sse.ts";
import { DONE, ENDS, eventJson, isObject, NOTHING, type EventMeaning, type StreamInterpreter } from "../../family.ts";

const TERMINAL = new Set(["response.completed", "response.incomplete", "response.failed"]);

/** Content parts per output item: keys stay distinct for any realistic answer. */
const PARTS_PER_ITEM = 1024;

export class ResponsesStream implements StreamInterpreter {
  private response: Record<string, unknown> = { id: "resp_guardrail", object: "response" };
  private sequence = 0;

  read(event: SseEvent): EventMeaning {
    if (event.data === "[DONE]") return DONE;
    const payload = eventJson(event);
    if (!payload) return NOTHING;
    if (typeof payload.sequence_number === "number") this.sequence = payload.sequence_number;
    const type = typeof payload.type === "string" ? payload.type : event.event;
    if (type === "response.output_text.delta") {
      if (typeof payload.delta !== "string" || payload.delta.length === 0) return NOTHING;
      const key = num(payload.output_index) * PARTS_PER_ITEM + num(payload.content_index);
      return { content: [{ key, text: payload.delta }], ends: false, done: false };
    }
    if (type === "response.created" && isObject(payload.response)) this.response = payload.response;
    return type !== null && TERMINAL.has(type) ? ENDS : NOTHING;
  }

  blockFrames(_block: Block): string {
    const response = { ...this.response, status: "incomplete", incomplete_details: { reason: "content_filter" }, output: [] };
    const event = { type: "response.completed", sequence_number: this.sequence + 1, response };
    return encodeEvent(JSON.stringify(event), "response.completed") + DONE_EVENT;
  }

  failureFrames(message: string): string {
    const event = { type: "error", code: "upstream_unreachable", message, param: null, sequence_number: this.sequence + 1 };
    return encodeEvent(JSON.stringify(event), "error");
  }
}

function num(value: unknown): number {
  return typeof value === "number" ? value : 0;
}
