/**
 * Chat completion chunks (SPEC "Chat completions stream"). Text arrives as
 * `choices[i].delta.content`; a choice ends with a non-null `finish_reason`; the answer is
 * complete when every choice seen has ended. A block is one more chunk with an empty delta and
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
    let content: KeyedText[] | null = null;
    let finishing = false;
    for (const choice of choices) {
      if (!isObject(choice)) continue;
      const index = typeof choice.index === "number" ? choice.index : 0;
      const delta = choice.delta;
      if (isObject(delta) && typeof delta.content === "string" && delta.content.length > 0) {
        (content ??= []).push({ key: index, text: delta.content });
      }
      if (choice.finish_reason !== null && choice.finish_reason !== undefined) {
        this.finished.add(index);
        this.open.delete(index);
        finishing = true;
      } else if (!this.finished.has(index)) {
        this.open.add(index);
      }
    }
    const ends = finishing && this.open.size === 0;
    if (!content && !ends) return NOTHING;
    return contentMeaning(content ?? [], ends);
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
