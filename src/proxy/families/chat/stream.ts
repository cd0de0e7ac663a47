/**
 * Chat completion chunks (SPEC "Chat completions stream"). Text arrives in each choice's delta,
 * on several channels (DECISIONS §8): `content`, `refusal`, reasoning (`reasoning_content`,
 * `reasoning`), each tool call's `function.arguments`, a legacy `function_call.arguments`, and
 * the audio `transcript`. A choice ends with a non-null `finish_reason`; the answer is complete
 * when every choice seen has ended. A block is one more chunk with an empty delta and
 * `finish_reason: "content_filter"` for each open choice, then `[DONE]`.
 */
import type { Block } from "../../../pipeline/types.ts";
import { DONE_EVENT, encodeEvent, type SseEvent } from "../../../streaming/sse.ts";
import { eventJson, isObject, JsonEventReading, type EventReading, type StreamInterpreter, type StreamFailureCode } from "../../family.ts";

export class ChatStream implements StreamInterpreter {
  private id: unknown = "chatcmpl-guardrail";
  private created: unknown = 0;
  private model: unknown = "";
  private readonly open = new Set<number>();
  private readonly finished = new Set<number>();

  read(event: SseEvent): EventReading {
    const chunk = eventJson(event);
    const reading = new JsonEventReading(event, chunk);
    if (event.data.trim() === "[DONE]") {
      reading.ends = reading.done = true;
      return reading;
    }
    if (!chunk) return reading;
    if (chunk.id !== undefined) this.id = chunk.id;
    if (chunk.created !== undefined) this.created = chunk.created;
    if (chunk.model !== undefined) this.model = chunk.model;
    const choices = chunk.choices;
    if (!Array.isArray(choices) || choices.length === 0) return reading;
    let finishing = false;
    for (const choice of choices) {
      if (!isObject(choice)) continue;
      const index = typeof choice.index === "number" ? choice.index : 0;
      if (isObject(choice.delta)) deltaTexts(index, choice.delta, reading);
      if (choice.finish_reason !== null && choice.finish_reason !== undefined) {
        reading.closes.push(`${index}`);
        this.finished.add(index);
        this.open.delete(index);
        finishing = true;
      } else {
        // A choice may open again after it finished: it is guarded like any other text.
        this.finished.delete(index);
        this.open.add(index);
      }
    }
    reading.ends = finishing && this.open.size === 0;
    return reading;
  }

  addFrame(key: string, text: string): string {
    const [indexText, channel, toolIndex] = key.split(":");
    const index = Number(indexText);
    let delta: Record<string, unknown>;
    switch (channel) {
      case undefined:
        delta = { content: text };
        break;
      case "refusal":
        delta = { refusal: text };
        break;
      case "reasoning":
        delta = { reasoning_content: text };
        break;
      case "function":
        delta = { function_call: { arguments: text } };
        break;
      case "audio":
        delta = { audio: { transcript: text } };
        break;
      default:
        delta = { tool_calls: [{ index: Number(toolIndex), function: { arguments: text } }] };
    }
    return encodeEvent(JSON.stringify({ id: this.id, object: "chat.completion.chunk", created: this.created, model: this.model, choices: [{ index, delta, logprobs: null, finish_reason: null }] }));
  }

  blockFrames(_block: Block): string {
    const indices = this.open.size > 0 ? [...this.open] : [0];
    const chunk = {
      id: this.id,
      object: "chat.completion.chunk",
      created: this.created,
      model: this.model,
      choices: indices.map((index) => ({ index, delta: {}, logprobs: null, finish_reason: "content_filter" })),
    };
    return encodeEvent(JSON.stringify(chunk)) + DONE_EVENT;
  }

  failureFrames(message: string, code: StreamFailureCode): string {
    return encodeEvent(JSON.stringify({ error: { message, type: "upstream_error", code, param: null } }));
  }
}

/** The texts of one choice's delta, each on its channel's key (see `addFrame`). */
function deltaTexts(index: number, delta: Record<string, unknown>, reading: JsonEventReading): void {
  reading.add(`${index}`, delta, "content");
  reading.add(`${index}:refusal`, delta, "refusal");
  reading.add(`${index}:reasoning`, delta, "reasoning_content");
  reading.add(`${index}:reasoning`, delta, "reasoning");
  if (isObject(delta.function_call)) reading.add(`${index}:function`, delta.function_call, "arguments");
  if (isObject(delta.audio)) reading.add(`${index}:audio`, delta.audio, "transcript");
  if (Array.isArray(delta.tool_calls)) {
    for (const call of delta.tool_calls) {
      if (!isObject(call) || !isObject(call.function)) continue;
      reading.add(`${index}:tool:${typeof call.index === "number" ? call.index : 0}`, call.function, "arguments");
    }
  }
}
