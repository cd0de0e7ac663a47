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
import { contentMeaning, DONE, eventJson, isObject, NOTHING, type EventMeaning, type KeyedText, type StreamInterpreter, type StreamFailureCode } from "../../family.ts";

export class ChatStream implements StreamInterpreter {
  private id: unknown = "chatcmpl-guardrail";
  private created: unknown = 0;
  private model: unknown = "";
  private readonly open = new Set<number>();
  private readonly finished = new Set<number>();

  read(event: SseEvent): EventMeaning {
    if (event.data === "[DONE]") return DONE;
    const chunk = eventJson(event);
    if (!chunk) return NOTHING;
    if (chunk.id !== undefined) this.id = chunk.id;
    if (chunk.created !== undefined) this.created = chunk.created;
    if (chunk.model !== undefined) this.model = chunk.model;
    const choices = chunk.choices;
    if (!Array.isArray(choices) || choices.length === 0) return NOTHING;
    const content: KeyedText[] = [];
    let finishing = false;
    for (const choice of choices) {
      if (!isObject(choice)) continue;
      const index = typeof choice.index === "number" ? choice.index : 0;
      if (isObject(choice.delta)) deltaTexts(index, choice.delta, content);
      if (choice.finish_reason !== null && choice.finish_reason !== undefined) {
        this.finished.add(index);
        this.open.delete(index);
        finishing = true;
      } else if (!this.finished.has(index)) {
        this.open.add(index);
      }
    }
    const ends = finishing && this.open.size === 0;
    if (content.length === 0 && !ends) return NOTHING;
    return contentMeaning(content, ends);
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

/** The texts of one choice's delta, each on its channel's key. */
function deltaTexts(index: number, delta: Record<string, unknown>, out: KeyedText[]): void {
  push(out, `${index}`, delta.content);
  push(out, `${index}:refusal`, delta.refusal);
  push(out, `${index}:reasoning`, delta.reasoning_content);
  push(out, `${index}:reasoning`, delta.reasoning);
  if (isObject(delta.function_call)) push(out, `${index}:function`, delta.function_call.arguments);
  if (isObject(delta.audio)) push(out, `${index}:audio`, delta.audio.transcript);
  if (Array.isArray(delta.tool_calls)) {
    for (const call of delta.tool_calls) {
      if (!isObject(call) || !isObject(call.function)) continue;
      push(out, `${index}:tool:${typeof call.index === "number" ? call.index : 0}`, call.function.arguments);
    }
  }
}

function push(out: KeyedText[], key: string, text: unknown): void {
  if (typeof text === "string" && text.length > 0) out.push({ key, text });
}
