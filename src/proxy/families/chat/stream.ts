/**
 * Chat completion chunks (SPEC "Chat completions stream"). Text arrives in each choice's delta,
 * on several channels (DECISIONS §8): `content`, `refusal`, reasoning (`reasoning_content`,
 * `reasoning`), each tool call's `function.arguments`, a legacy `function_call.arguments`, and
 * the audio `transcript`. A choice ends with a non-null `finish_reason`; the answer is complete
 * when every choice seen has ended. A block is one more chunk with an empty delta and
 * `finish_reason: "content_filter"` for each open choice, then `[DONE]`.
 *
 * Channels that repeat the answer are channels too (DECISIONS §9): the sampled tokens of
 * `logprobs` (their alternatives are dropped from any chunk whose tokens the guard changed),
 * any other string a delta carries (`reasoning_details`, fields not known yet: keyed by their
 * path), and an error chunk's message. Audio data cannot be read: it is kept back and goes out
 * before the answer ends, only when its transcript went out as the upstream wrote it.
 */
import type { Block } from "../../../pipeline/types.ts";
import { DONE_EVENT, encodeEvent, type SseEvent } from "../../../streaming/sse.ts";
import { atPath, eventRest, otherTexts } from "../../reading/event-texts.ts";
import { CHAT_FIELDS } from "./fields.ts";
import { dropAlternatives, logprobOf, tokenEntry, tokenOf, tokenTexts, type TokenEntry } from "../../reading/token-entries.ts";
import { isObject } from "../../../schema/json.ts";
import { eventJson, JsonEventReading, type EventReading, type StreamInterpreter, type StreamFailureCode } from "../../../streaming/events.ts";

export class ChatStream implements StreamInterpreter {
  private id: unknown = "chatcmpl-guardrail";
  private created: unknown = 0;
  private model: unknown = "";
  private readonly open = new Set<number>();
  private readonly finished = new Set<number>();
  /** Per choice and channel (`0:content`), the token entries waiting with held text. */
  private readonly trails = new Map<string, TokenTrail>();
  /** Chunks read, numbering their alternatives' texts. */
  private sequence = 0;
  /** Audio data kept back, per choice, in order. */
  private readonly audio: { readonly index: number; readonly audio: Record<string, unknown> }[] = [];

  read(event: SseEvent): EventReading {
    const reading = this.readEvent(event);
    // Whatever of the payload the reading above did not read is read by default.
    if (reading instanceof JsonEventReading && reading.payload) eventRest(CHAT_FIELDS, reading, reading.payload);
    return reading;
  }

  private readEvent(event: SseEvent): EventReading {
    const chunk = eventJson(event);
    const reading = new JsonEventReading(event, chunk);
    if (event.data.trim() === "[DONE]") {
      reading.ends = reading.done = true;
      return reading;
    }
    if (!chunk) return reading;
    // An error chunk's message is shown by the SDKs: judged whole, like a repeat.
    if (isObject(chunk.error)) reading.repeat("error", chunk.error, "message");
    if (chunk.id !== undefined) this.id = chunk.id;
    if (chunk.created !== undefined) this.created = chunk.created;
    if (chunk.model !== undefined) this.model = chunk.model;
    const choices = chunk.choices;
    if (!Array.isArray(choices) || choices.length === 0) return reading;
    let finishing = false;
    for (const choice of choices) {
      if (!isObject(choice)) continue;
      const index = typeof choice.index === "number" ? choice.index : 0;
      const logprobs = isObject(choice.logprobs) ? choice.logprobs : null;
      const followed = new Map<string, string>();
      if (isObject(choice.delta)) {
        deltaTexts(index, choice.delta, reading, logprobs ? this.follow(index, choice.delta, logprobs, followed) : null);
        this.keepAudio(index, choice.delta, reading);
      }
      if (logprobs) logprobTexts(index, logprobs, reading, followed, this.sequence++);
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

  heldFrames(unaltered: (key: string) => boolean): string {
    let frames = "";
    for (const { index, audio } of this.audio.splice(0)) {
      if (!unaltered(`${index}:audio`)) continue;
      frames += this.chunkFrame([{ index, delta: { audio }, logprobs: null, finish_reason: null }]);
    }
    return frames;
  }

  /**
   * Where a chunk's sampled tokens spell its `content` or `refusal`, the tokens follow that text:
   * a change to it rewrites them (the returned callbacks, by delta field), and `followed` says
   * which fields they follow.
   */
  private follow(index: number, delta: Record<string, unknown>, logprobs: Record<string, unknown>, followed: Map<string, string>): ReadonlyMap<string, (text: string) => void> {
    const rewrites = new Map<string, (text: string) => void>();
    for (const field of ["content", "refusal"] as const) {
      const text = delta[field];
      const entries = logprobs[field];
      if (typeof text !== "string" || !Array.isArray(entries) || !entries.every(isObject)) continue;
      const spelled = entries.map(tokenOf).join("");
      if (spelled !== text) continue;
      followed.set(field, spelled);
      const key = `${index}:${field}`;
      let trail = this.trails.get(key);
      if (!trail) this.trails.set(key, (trail = new TokenTrail()));
      const owner = trail;
      rewrites.set(field, (released) => (logprobs[field] = owner.release(entries, text, released)));
    }
    return rewrites;
  }

  /** Audio data in a delta is taken out of it and kept back (see `heldFrames`). */
  private keepAudio(index: number, delta: Record<string, unknown>, reading: JsonEventReading): void {
    const audio = delta.audio;
    if (!isObject(audio) || typeof audio.data !== "string" || audio.data.length === 0) return;
    const { transcript: _transcript, ...kept } = audio;
    this.audio.push({ index, audio: kept });
    delete audio.data;
    reading.markChanged();
  }

  addFrame(key: string, text: string): string {
    const [indexText, channel, toolIndex] = key.split(":");
    const index = Number(indexText);
    if (channel === "alternatives") return "";
    if (channel === "logprobs" || channel === "refusal-logprobs") {
      const logprobs = { [channel === "logprobs" ? "content" : "refusal"]: [tokenEntry(text, 0)] };
      return this.chunkFrame([{ index, delta: {}, logprobs, finish_reason: null }]);
    }
    let delta: Record<string, unknown>;
    let logprobs: Record<string, unknown> | null = null;
    const named = CHANNELS.find((c) => c.key === (channel ?? ""));
    if (named) {
      delta = nested(named.path, text);
      if (named.tokens) logprobs = this.trailed(index, named.tokens, text);
    } else if (channel === "x") {
      delta = atPath(key.slice(key.indexOf(":x:") + 3), text);
    } else {
      delta = { tool_calls: [{ index: Number(toolIndex), function: { arguments: text } }] };
    }
    return this.chunkFrame([{ index, delta, logprobs, finish_reason: null }]);
  }

  /** A chunk of the stream's own id, time and model holding `choices`. */
  private chunkFrame(choices: readonly Record<string, unknown>[]): string {
    return encodeEvent(JSON.stringify({ id: this.id, object: "chat.completion.chunk", created: this.created, model: this.model, choices }));
  }

  /** The token entries of held text that goes out on its own, when its tokens were followed. */
  private trailed(index: number, field: "content" | "refusal", text: string): Record<string, unknown> | null {
    const trail = this.trails.get(`${index}:${field}`);
    return trail ? { [field]: trail.release([], "", text) } : null;
  }

  blockFrames(_block: Block): string {
    const indices = this.open.size > 0 ? [...this.open] : [0];
    return this.chunkFrame(indices.map((index) => ({ index, delta: {}, logprobs: null, finish_reason: "content_filter" }))) + DONE_EVENT;
  }

  failureFrames(message: string, code: StreamFailureCode): string {
    return encodeEvent(JSON.stringify({ error: { message, type: "upstream_error", code, param: null } }));
  }
}

/**
 * The channels of a choice's delta, one table for reading them (`deltaTexts`) and for writing
 * held text back as a delta of its own (`addFrame`): the key's channel, the path of its text in
 * the delta (the first row of a channel is the one written), and the logprobs list that follows
 * it. Tool calls, numbered, are read and written beside the table.
 */
const CHANNELS: readonly { readonly key: string; readonly path: readonly string[]; readonly tokens?: "content" | "refusal" }[] = [
  { key: "", path: ["content"], tokens: "content" },
  { key: "refusal", path: ["refusal"], tokens: "refusal" },
  { key: "reasoning", path: ["reasoning_content"] },
  { key: "reasoning", path: ["reasoning"] },
  { key: "function", path: ["function_call", "arguments"] },
  { key: "audio", path: ["audio", "transcript"] },
];

/** `{a: {b: text}}` for the path `a.b`. */
function nested(path: readonly string[], text: string): Record<string, unknown> {
  let value: unknown = text;
  for (let i = path.length - 1; i >= 0; i--) value = { [path[i]!]: value };
  return value as Record<string, unknown>;
}

/** Delta fields read by `deltaTexts` on channels of their own, or not text at all. */
const KNOWN_DELTA_FIELDS = new Set(["role", "content", "refusal", "reasoning_content", "reasoning", "function_call", "audio", "tool_calls"]);

/** The texts of one choice's delta, each on its channel's key (see `addFrame`). */
function deltaTexts(index: number, delta: Record<string, unknown>, reading: JsonEventReading, tokens: ReadonlyMap<string, (text: string) => void> | null): void {
  for (const field in delta) {
    if (!KNOWN_DELTA_FIELDS.has(field)) otherTexts(CHAT_FIELDS, reading, "adds", `${index}:x:`, field, delta, field);
  }
  for (const c of CHANNELS) {
    let holder: unknown = delta;
    for (const name of c.path.slice(0, -1)) holder = isObject(holder) ? holder[name] : undefined;
    if (isObject(holder)) reading.add(c.key === "" ? `${index}` : `${index}:${c.key}`, holder, c.path.at(-1)!, false, c.tokens ? tokens?.get(c.tokens) : undefined);
  }
  if (Array.isArray(delta.tool_calls)) {
    for (const call of delta.tool_calls) {
      if (!isObject(call) || !isObject(call.function)) continue;
      reading.add(`${index}:tool:${typeof call.index === "number" ? call.index : 0}`, call.function, "arguments");
    }
  }
}

/**
 * The sampled tokens of a choice's `logprobs` (`content`, `refusal`). Where they spell the
 * chunk's text, as an upstream sends them, they follow it (`TokenTrail`): held with it, sent
 * with it, replaced where it was masked. Where they do not, they are a channel of their own,
 * held, masked and checked like the text. Their alternatives (`top_logprobs`) are judged whole,
 * per chunk, and dropped from a chunk where a guardrail would mask or block them.
 */
function logprobTexts(index: number, logprobs: Record<string, unknown>, reading: JsonEventReading, followed: ReadonlyMap<string, string>, sequence: number): void {
  for (const [field, channel] of [["content", "logprobs"], ["refusal", "refusal-logprobs"]] as const) {
    const list = logprobs[field];
    if (!Array.isArray(list) || list.length === 0) continue;
    const spelled = tokenTexts(list);
    if (followed.get(field) !== spelled.tokens) {
      reading.addText("adds", `${index}:${channel}`, spelled.tokens, (t) => (logprobs[field] = t.length === 0 ? [] : [tokenEntry(t, spelled.logprob)]));
    }
    // The entries themselves are emptied: held ones wait in a trail and go out later.
    reading.addText("repeats", `${index}:alternatives:${sequence}`, spelled.alternatives, () => dropAlternatives(spelled.entries));
  }
}

/**
 * A choice channel's sampled-token entries that wait while their text is held back: released
 * with the text they spell, split where the release ends inside a token, and replaced by one
 * entry for a text the guard rewrote.
 */
class TokenTrail {
  private pending: TokenEntry[] = [];
  private pendingText = "";

  /** The entries to send with `released`, the text that goes out of what was held plus `text`. */
  release(entries: readonly TokenEntry[], text: string, released: string): TokenEntry[] {
    const all = [...this.pending, ...entries];
    const whole = this.pendingText + text;
    if (!whole.startsWith(released)) {
      this.pending = [];
      this.pendingText = "";
      return released.length === 0 ? [] : [tokenEntry(released, logprobOf(all[0]))];
    }
    const out: TokenEntry[] = [];
    let used = 0;
    let n = 0;
    while (n < all.length && used + tokenOf(all[n]!).length <= released.length) {
      used += tokenOf(all[n]!).length;
      out.push(all[n++]!);
    }
    if (used < released.length && n < all.length) {
      // The release ends inside a token: its first part goes now, the rest waits.
      const split = all[n]!;
      const part = released.slice(used);
      out.push(tokenEntry(part, logprobOf(split)));
      all[n] = tokenEntry(tokenOf(split).slice(part.length), logprobOf(split));
    }
    this.pending = all.slice(n);
    this.pendingText = whole.slice(released.length);
    return out;
  }
}

