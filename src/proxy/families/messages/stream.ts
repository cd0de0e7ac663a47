/**
 * Messages stream events (SPEC "Messages stream"): named frames. Text arrives in
 * `content_block_delta` events whose delta is a `text_delta`, keyed by block index; the answer
 * is complete at `message_delta` (which carries the stop reason) or `message_stop`. A block is
 * a terminal `event: error` frame of type `guardrail_enforcement_triggered` (DECISIONS §5).
 */
import type { Block } from "../../../pipeline/types.ts";
import { encodeEvent, type SseEvent } from "../../../streaming/sse.ts";
import { contentMeaning, ENDS, eventJson, isObject, NOTHING, type EventMeaning, type StreamInterpreter, type StreamFailureCode } from "../../family.ts";

export class MessagesStream implements StreamInterpreter {
  read(event: SseEvent): EventMeaning {
    const payload = eventJson(event);
    if (!payload) return NOTHING;
    const type = event.event ?? payload.type;
    if (type === "content_block_delta") {
      const delta = payload.delta;
      if (!isObject(delta) || delta.type !== "text_delta" || typeof delta.text !== "string" || delta.text.length === 0) return NOTHING;
      return contentMeaning([{ key: typeof payload.index === "number" ? payload.index : 0, text: delta.text }]);
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
