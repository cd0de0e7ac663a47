/**
 * Responses stream events (SPEC "Responses stream"). Text arrives in the `*.delta` events of
 * every channel (DECISIONS §8): output text, refusals, function-call, custom-tool and MCP
 * arguments, reasoning summaries and reasoning text, code, audio transcripts; keyed by output
 * item, channel and part. The `*.done` events, `response.output_item.done` and the terminal
 * `response.completed` repeat whole texts: each is a checkpoint (everything is checked before it
 * goes out) and carries the text as the client received it. The answer is complete at
 * `response.completed` (or `.incomplete`, `.failed`). A block is a `response.completed` event
 * whose response has status `incomplete` and `incomplete_details.reason` `content_filter`, then
 * `[DONE]`; its `output` names every item the stream announced, unfinished ones emptied, so the
 * SDK's stream helper accepts it.
 *
 * Beyond the named channels: every other text of an output item (code interpreter logs,
 * file-search results, web-search queries and sources, an MCP call's error) is a repeat keyed by
 * its path; a `*.delta` event of a type not known yet streams on a key of its own type; an
 * `error` event's and a failed response's message are judged whole. Audio (`response.audio.delta`)
 * cannot be read: it is kept back and goes out before the end, only when its transcript went out
 * as the upstream wrote it.
 */
import type { Block } from "../../../pipeline/types.ts";
import { DONE_EVENT, encodeEvent, type SseEvent } from "../../../streaming/sse.ts";
import { eventRest, otherTexts } from "../../reading/event-texts.ts";
import { RESPONSES_FIELDS } from "./fields.ts";
import { dropAlternatives, tokenEntry, tokenTexts } from "../../reading/token-entries.ts";
import { isObject } from "../../../schema/json.ts";
import { eventJson, JsonEventReading, type EventReading, type StreamInterpreter, type StreamFailureCode } from "../../../streaming/events.ts";

const TERMINAL = new Set(["response.completed", "response.incomplete", "response.failed"]);

/** Delta events: the channel their text goes to, and the field that numbers its part. */
const DELTAS: Readonly<Record<string, readonly [string, string]>> = {
  "response.output_text.delta": ["text", "content_index"],
  "response.refusal.delta": ["refusal", "content_index"],
  "response.function_call_arguments.delta": ["arguments", ""],
  "response.custom_tool_call_input.delta": ["input", ""],
  "response.mcp_call_arguments.delta": ["arguments", ""],
  "response.reasoning_summary_text.delta": ["summary", "summary_index"],
  "response.reasoning_text.delta": ["reasoning", "content_index"],
  "response.code_interpreter_call_code.delta": ["code", ""],
  "response.audio.transcript.delta": ["transcript", ""],
};

/** `*.done` events: the channel, the part's field, and the field that holds the whole text. */
const DONES: Readonly<Record<string, readonly [string, string, string]>> = {
  "response.output_text.done": ["text", "content_index", "text"],
  "response.refusal.done": ["refusal", "content_index", "refusal"],
  "response.function_call_arguments.done": ["arguments", "", "arguments"],
  "response.custom_tool_call_input.done": ["input", "", "input"],
  "response.mcp_call_arguments.done": ["arguments", "", "arguments"],
  "response.reasoning_summary_text.done": ["summary", "summary_index", "text"],
  "response.reasoning_text.done": ["reasoning", "content_index", "text"],
  "response.code_interpreter_call_code.done": ["code", "", "code"],
};

/** Events that announce or close a part or an item: their texts are repeats. */
const PART_EVENTS = new Set(["response.content_part.added", "response.content_part.done", "response.reasoning_summary_part.added", "response.reasoning_summary_part.done"]);

/**
 * What each channel's held text is written back as (`addFrame`): the first delta event of
 * `DELTAS` on that channel, so one table serves reading and writing.
 */
const DELTA_EVENT: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(DELTAS)
    .reverse()
    .map(([type, [channel]]) => [channel, type]),
);

interface OutputItem {
  readonly item: Record<string, unknown>;
  readonly finished: boolean;
}

export class ResponsesStream implements StreamInterpreter {
  private response: Record<string, unknown> = { id: "resp_guardrail", object: "response" };
  private sequence = 0;
  private readonly items = new Map<number, OutputItem>();
  /** Audio events kept back, as their frames. */
  private readonly audio: string[] = [];

  read(event: SseEvent): EventReading {
    const reading = this.readEvent(event);
    // Whatever of the payload the reading above did not read is read by default.
    if (reading instanceof JsonEventReading && reading.payload) eventRest(RESPONSES_FIELDS, reading, reading.payload);
    return reading;
  }

  private readEvent(event: SseEvent): EventReading {
    const payload = eventJson(event);
    const reading = new JsonEventReading(event, payload);
    if (event.data.trim() === "[DONE]") {
      reading.ends = reading.done = true;
      return reading;
    }
    if (!payload) return reading;
    if (typeof payload.sequence_number === "number") this.sequence = payload.sequence_number;
    const type = typeof payload.type === "string" ? payload.type : event.event;
    if (type === null) return reading;
    const oi = num(payload.output_index);
    if (type === "response.audio.delta") {
      this.audio.push(event.raw + "\n\n");
      reading.withhold();
      return reading;
    }
    if (type === "error") {
      reading.repeat("error", payload, "message");
      return reading;
    }
    const delta = DELTAS[type];
    if (delta) {
      const key = `${oi}:${delta[0]}:${num(payload[delta[1]])}`;
      reading.add(key, payload, "delta", false, logprobsFollow(reading, key, payload, "delta", "adds"));
      return reading;
    }
    if (type.endsWith(".delta") && typeof payload.delta === "string") {
      // A channel not known yet: its own event type names it.
      reading.add(`${oi}:${type}:${num(payload.content_index ?? payload.summary_index)}`, payload, "delta");
      return reading;
    }
    const done = DONES[type];
    if (done) {
      const key = `${oi}:${done[0]}:${num(payload[done[1]])}`;
      reading.repeat(key, payload, done[2], false, logprobsFollow(reading, key, payload, done[2], "repeats"));
      reading.checkpoint = true;
      return reading;
    }
    if (PART_EVENTS.has(type) && isObject(payload.part)) {
      partTexts(reading, oi, num(payload.content_index ?? payload.summary_index), payload.part);
      reading.checkpoint = type.endsWith(".done");
      return reading;
    }
    if (type === "response.created" && isObject(payload.response)) this.response = payload.response;
    if ((type === "response.output_item.added" || type === "response.output_item.done") && isObject(payload.item)) {
      this.items.set(oi, { item: payload.item, finished: type === "response.output_item.done" });
      itemTexts(reading, oi, payload.item);
      reading.checkpoint = type === "response.output_item.done";
      return reading;
    }
    if (TERMINAL.has(type)) {
      const output = isObject(payload.response) ? payload.response.output : undefined;
      if (Array.isArray(output)) output.forEach((item, i) => isObject(item) && itemTexts(reading, i, item));
      if (isObject(payload.response) && isObject(payload.response.error)) reading.repeat("error", payload.response.error, "message");
      reading.ends = true;
    }
    return reading;
  }

  group(key: string): string | null {
    const [oi, channel, part, sub] = key.split(":");
    return channel === "text" && part !== undefined && sub === undefined ? `${oi}:text` : null;
  }

  heldFrames(unaltered: (key: string) => boolean): string {
    const frames = this.audio.splice(0);
    return unaltered("0:transcript:0") ? frames.join("") : "";
  }

  addFrame(key: string, text: string): string {
    const [oiText, channel = "text", partText, sub] = key.split(":");
    const oi = Number(oiText);
    const part = Number(partText ?? 0);
    if (sub === "logprobs") {
      // Held tokens of a text whose tokens spell something else: an empty delta carrying them.
      const item = this.items.get(oi)?.item;
      const event = { type: "response.output_text.delta", sequence_number: this.sequence, item_id: item?.id ?? null, output_index: oi, content_index: part, delta: "", logprobs: [tokenEntry(text, 0)] };
      return encodeEvent(JSON.stringify(event), event.type);
    }
    const type = DELTA_EVENT[channel] ?? (channel.endsWith(".delta") ? channel : "response.output_text.delta");
    const item = this.items.get(oi)?.item;
    const event: Record<string, unknown> = { type, sequence_number: this.sequence, item_id: item?.id ?? null, output_index: oi, delta: text };
    if (channel === "text" || channel === "refusal" || channel === "reasoning") event.content_index = part;
    if (channel === "summary") event.summary_index = part;
    if (channel === "text") event.logprobs = [];
    return encodeEvent(JSON.stringify(event), type);
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

/** An output item's texts, on the keys their deltas stream on. */
function itemTexts(reading: JsonEventReading, oi: number, item: Record<string, unknown>): void {
  if (Array.isArray(item.content)) item.content.forEach((part, ci) => isObject(part) && partTexts(reading, oi, ci, part));
  if (Array.isArray(item.summary)) item.summary.forEach((part, si) => isObject(part) && reading.repeat(`${oi}:summary:${si}`, part, "text"));
  reading.repeat(`${oi}:arguments:0`, item, "arguments");
  reading.repeat(`${oi}:input:0`, item, "input");
  reading.repeat(`${oi}:code:0`, item, "code");
  reading.repeat(`${oi}:output:0`, item, "output");
  for (const key in item) if (!ITEM_CHANNELS.has(key)) otherTexts(RESPONSES_FIELDS, reading, "repeats", `${oi}:x:`, key, item, key);
}

/** Item fields read on channels of their own above. */
const ITEM_CHANNELS = new Set(["content", "summary", "arguments", "input", "code", "output"]);

function partTexts(reading: JsonEventReading, oi: number, index: number, part: Record<string, unknown>): void {
  if (part.type === "refusal") reading.repeat(`${oi}:refusal:${index}`, part, "refusal");
  else if (part.type === "reasoning_text") reading.repeat(`${oi}:reasoning:${index}`, part, "text");
  else if (part.type === "summary_text") reading.repeat(`${oi}:summary:${index}`, part, "text");
  else reading.repeat(`${oi}:text:${index}`, part, "text", false, logprobsFollow(reading, `${oi}:text:${index}`, part, "text", "repeats"));
}

/**
 * An event's `logprobs` repeat its text token by token (DECISIONS §9). Where the tokens spell
 * the text, they follow it: when the guard changes the text they are replaced by one entry for
 * what went out (the returned callback). Where they do not, they are a text of their own on the
 * key's `:logprobs` channel. Alternatives are judged whole per event and dropped where flagged.
 */
function logprobsFollow(reading: JsonEventReading, key: string, holder: Record<string, unknown>, field: string, list: "adds" | "repeats"): ((text: string) => void) | undefined {
  const entries = holder.logprobs;
  if (!Array.isArray(entries) || entries.length === 0) return undefined;
  const spelled = tokenTexts(entries);
  reading.addText("repeats", `${key}:alternatives:${++alternativesSeen}`, spelled.alternatives, () => dropAlternatives(spelled.entries));
  const replace = (t: string) => (holder.logprobs = t.length === 0 ? [] : [tokenEntry(t, spelled.logprob)]);
  if (spelled.tokens === holder[field]) return replace;
  reading.addText(list, `${key}:logprobs`, spelled.tokens, replace);
  return undefined;
}

/** Numbers each event's alternatives: judged whole, once, on keys of their own. */
let alternativesSeen = 0;

function num(value: unknown): number {
  return typeof value === "number" ? value : 0;
}
