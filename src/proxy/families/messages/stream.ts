/**
 * Messages stream events (SPEC "Messages stream"): named frames. Text arrives in
 * `content_block_delta` events, keyed by block index, on every channel (DECISIONS §8): a
 * `text_delta`'s text, an `input_json_delta`'s partial JSON (tool input), a `thinking_delta`'s
 * thinking; the answer is complete at `message_delta` (which carries the stop reason) or
 * `message_stop`. A block is a terminal `event: error` frame of type
 * `guardrail_enforcement_triggered` (DECISIONS §5).
 */
import type { Block } from "../../../pipeline/types.ts";
import { encodeEvent, type SseEvent } from "../../../streaming/sse.ts";
import { contentMeaning, ENDS, eventJson, isObject, NOTHING, type EventMeaning, type StreamInterpreter, type StreamFailureCode } from "../../family.ts";

/** Where each kind of delta carries its text. */
const DELTA_TEXT: Readonly<Record<string, string>> = { text_delta: "text", input_json_delta: "partial_json", thinking_delta: "thinking" };

export class MessagesStream implements StreamInterpreter {
  read(event: SseEvent): EventMeaning {
    const payload = eventJson(event);
    if (!payload) return NOTHING;
    const type = event.event ?? payload.type;
    if (type === "content_block_delta") {
      const delta = payload.delta;
      if (!isObject(delta) || typeof delta.type !== "string") return NOTHING;
      const field = DELTA_TEXT[delta.type];
      const text = field === undefined ? undefined : delta[field];
      if (typeof text !== "string" || text.length === 0) return NOTHING;
      return contentMeaning([{ key: `${typeof payload.index === "number" ? payload.index : 0}`, text }]);
    }
    return type === "message_delta" || type === "message_stop" ? ENDS : NOTHING;
  }

  blockFrames(block: Block): string {
    const error = { type: "guardrail_enforcement_triggered", message: block.message, guardrail: block.guardrail };
    return encodeEvent(JSON.stringify({ type: "error", error }), "error");
  }

  failureFrames(message: string, _code: StreamFailureCode): string {
    return encodeEvent(JSON.stringify({ type: "error", error: { type: "api_error", message } }), "error");
  }
}
