/**
 * streamGenerateContent as SSE (`alt=sse`, DECISIONS §13): every event is a whole
 * GenerateContentResponse chunk, its candidates' parts carrying the text added since the last
 * one. A candidate's text is one key, its thought text another (signed: judged, never rewritten);
 * a function call's arguments, executable code and its output arrive whole and are read by path
 * and closed in their event. A candidate ends at its `finishReason`; the answer when every
 * candidate of an event has one. An output block ends the stream with one last chunk holding
 * `{index, finishReason: "SAFETY"}` per open candidate, as the provider ends a filtered answer.
 */
import type { Block } from "../../../pipeline/types.ts";
import { isObject } from "../../../schema/json.ts";
import { encodeEvent, type SseEvent } from "../../../streaming/sse.ts";
import { eventJson, JsonEventReading, type EventReading, type StreamFailureCode, type StreamInterpreter } from "../../../streaming/events.ts";
import { eventRest, otherTexts } from "../../reading/event-texts.ts";
import { GENERATE_FIELDS } from "./fields.ts";
import { listOf } from "./request.ts";
import { statusName } from "./error.ts";

export class GenerateStream implements StreamInterpreter {
  /** Candidates seen that have not finished. */
  private readonly open = new Set<number>();
  private wholeParts = 0;

  read(event: SseEvent): EventReading {
    const reading = this.readEvent(event);
    // Whatever of the payload the reading above did not read is read by default.
    if (reading instanceof JsonEventReading && reading.payload) eventRest(GENERATE_FIELDS, reading, reading.payload);
    return reading;
  }

  private readEvent(event: SseEvent): EventReading {
    const payload = eventJson(event);
    const reading = new JsonEventReading(event, payload);
    if (!payload) return reading;
    if (isObject(payload.error)) {
      reading.repeat("error", payload.error, "message");
      reading.ends = true;
      return reading;
    }
    const candidates = listOf(payload.candidates);
    let finished = 0;
    candidates.forEach((candidate, position) => {
      if (!isObject(candidate)) return;
      const c = typeof candidate.index === "number" ? candidate.index : position;
      this.open.add(c);
      const parts = isObject(candidate.content) ? listOf(candidate.content.parts) : [];
      for (const part of parts) {
        if (!isObject(part)) continue;
        const signed = isSigned(part);
        if (typeof part.text === "string") {
          // A signed part's text is read like any other; it is never rewritten (a change blocks).
          // A signed part goes on its neighbours' key, so a value split across them is judged whole.
          reading.add(part.thought === true ? `${c}:thought` : `${c}`, part, "text", signed);
          for (const name in part) if (name !== "text") otherTexts(GENERATE_FIELDS, reading, "repeats", `${c}:part${this.wholeParts++}:`, name, part, name);
          continue;
        }
        // A function call, code or its output: whole in this event, read by path (every key and
        // value of its arguments), and closed with it.
        const key = `${c}:part${this.wholeParts++}`;
        const from = reading.adds.length;
        for (const name in part) otherTexts(GENERATE_FIELDS, reading, "adds", `${key}:`, name, part, name);
        // A signed call's arguments are judged, never rewritten (a change blocks).
        if (signed) for (let i = from; i < reading.adds.length; i++) reading.adds[i] = { ...reading.adds[i]!, verbatim: true };
        reading.closes.push(key);
      }
      if (typeof candidate.finishReason === "string") {
        finished++;
        this.open.delete(c);
        reading.closes.push(`${c}`, `${c}:thought`);
      }
    });
    if (candidates.length > 0 && finished === candidates.length) reading.ends = true;
    return reading;
  }

  addFrame(key: string, text: string): string {
    const [candidate = "0", channel] = key.split(":");
    const part = channel === "thought" ? { text, thought: true } : { text };
    return encodeEvent(JSON.stringify({ candidates: [{ content: { parts: [part], role: "model" }, index: Number(candidate) }] }));
  }

  blockFrames(_block: Block): string {
    const open = this.open.size > 0 ? [...this.open] : [0];
    return encodeEvent(JSON.stringify({ candidates: open.map((index) => ({ index, finishReason: "SAFETY" })) }));
  }

  failureFrames(message: string, code: StreamFailureCode): string {
    const status = code === "upstream_answer_too_large" ? 502 : 502;
    return encodeEvent(JSON.stringify({ error: { code: status, message, status: statusName(status) }, detail: { error: code, message } }));
  }
}

/** A part carrying a thought signature, by either of its names. */
function isSigned(part: Record<string, unknown>): boolean {
  const signature = part.thoughtSignature ?? part.thought_signature;
  return typeof signature === "string" && signature.length > 0;
}
