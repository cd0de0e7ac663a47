/**
 * Responses stream events (SPEC "Responses stream"). Text arrives in the `*.delta` events of
 * every channel (DECISIONS §8): output text, refusals, function-call, custom-tool and MCP
 * arguments, reasoning summaries and reasoning text, code, audio transcripts; keyed by output
 * item and part. The `*.done` events repeat a whole text, so each is a checkpoint: everything
 * is checked before it goes out. The answer is complete at `response.completed` (or `.incomplete`,
 * `.failed`). A block is a `response.completed` event whose response has status `incomplete`
 * and `incomplete_details.reason` `content_filter`, then `[DONE]`; its `output` names every
 * item the stream announced, unfinished ones emptied, so the SDK's stream helper accepts it.
 */
import type { Block } from "../../../pipeline/types.ts";
import { DONE_EVENT, encodeEvent, type SseEvent } from "../../../streaming/sse.ts";
import { CHECKPOINT, contentMeaning, DONE, ENDS, eventJson, isObject, NOTHING, type EventMeaning, type StreamInterpreter, type StreamFailureCode } from "../../family.ts";

const TERMINAL = new Set(["response.completed", "response.incomplete", "response.failed"]);

/** Delta events and the channel their text goes to, within its output item. */
const DELTA_CHANNELS: Readonly<Record<string, string>> = {
  "response.output_text.delta": "text",
  "response.refusal.delta": "refusal",
  "response.function_call_arguments.delta": "arguments",
  "response.custom_tool_call_input.delta": "input",
  "response.mcp_call_arguments.delta": "arguments",
  "response.reasoning_summary_text.delta": "summary",
  "response.reasoning_text.delta": "reasoning",
  "response.code_interpreter_call_code.delta": "code",
  "response.audio.transcript.delta": "transcript",
};

/** `*.done` events for every channel above, and the part and item that hold them. */
const REPEATS_TEXT = new Set([
  "response.output_text.done",
  "response.refusal.done",
  "response.function_call_arguments.done",
  "response.custom_tool_call_input.done",
  "response.mcp_call_arguments.done",
  "response.reasoning_summary_text.done",
  "response.reasoning_summary_part.done",
  "response.reasoning_text.done",
  "response.code_interpreter_call_code.done",
  "response.audio.transcript.done",
  "response.content_part.done",
  "response.output_item.done",
]);

interface OutputItem {
  readonly item: Record<string, unknown>;
  readonly finished: boolean;
}

export class ResponsesStream implements StreamInterpreter {
  private response: Record<string, unknown> = { id: "resp_guardrail", object: "response" };
  private sequence = 0;
  private readonly items = new Map<number, OutputItem>();

  read(event: SseEvent): EventMeaning {
    if (event.data === "[DONE]") return DONE;
    const payload = eventJson(event);
    if (!payload) return NOTHING;
    if (typeof payload.sequence_number === "number") this.sequence = payload.sequence_number;
    const type = typeof payload.type === "string" ? payload.type : event.event;
    const channel = type === null ? undefined : DELTA_CHANNELS[type];
    if (channel !== undefined) {
      if (typeof payload.delta !== "string" || payload.delta.length === 0) return NOTHING;
      const part = num(payload.content_index ?? payload.summary_index);
      return contentMeaning([{ key: `${num(payload.output_index)}:${channel}:${part}`, text: payload.delta }]);
    }
    if (type === "response.created" && isObject(payload.response)) this.response = payload.response;
    if (type === "response.output_item.added" || type === "response.output_item.done") {
      if (isObject(payload.item)) this.items.set(num(payload.output_index), { item: payload.item, finished: type === "response.output_item.done" });
    }
    if (type === null) return NOTHING;
    if (TERMINAL.has(type)) return ENDS;
    return REPEATS_TEXT.has(type) ? CHECKPOINT : NOTHING;
  }

  blockFrames(_block: Block): string {
    const output = [...this.items.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, { item, finished }]) => (finished ? item : { ...item, status: "incomplete", ...(Array.isArray(item.content) ? { content: [] } : {}) }));
    const response = { ...this.response, status: "incomplete", incomplete_details: { reason: "content_filter" }, output };
    const event = { type: "response.completed", sequence_number: this.sequence + 1, response };
    return encodeEvent(JSON.stringify(event), "response.completed") + DONE_EVENT;
  }

  failureFrames(message: string, code: StreamFailureCode): string {
    const event = { type: "error", code, message, param: null, sequence_number: this.sequence + 1 };
    return encodeEvent(JSON.stringify(event), "error");
  }
}

function num(value: unknown): number {
  return typeof value === "number" ? value : 0;
}
