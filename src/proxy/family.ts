/**
 * What the proxy needs to know about one API family, and nothing more: where the text lives in
 * a request and a response, what a stream event means for the guardrails, and what a block or
 * a failure looks like in that family's stream. The pipeline and the relay stay format-blind.
 */
import type { Block } from "../pipeline/types.ts";
import { encodeEvent, type SseEvent } from "../streaming/sse.ts";
import type { TextReading } from "./reading/text-reading.ts";

export type FamilyName = "chat" | "responses" | "messages";

export interface ApiFamily {
  readonly name: FamilyName;
  /** The upstream path, relative to the client's base URL. */
  readonly upstreamPath: string;
  /** Every text of a request body the model reads or that is judged (reading/text-reading.ts). */
  readRequest(body: Record<string, unknown>): TextReading;
  /** Every text of a non-streaming answer that output guardrails judge. */
  readAnswer(answer: unknown): TextReading;
  /** A fresh interpreter for one stream. */
  openStream(): StreamInterpreter;
  /** Whether a stream of this family ends with `data: [DONE]` (SPEC "Events"). */
  readonly endsWithDone: boolean;
}

/**
 * A text a stream event carries, on its key: a choice's content, its refusal, its reasoning,
 * each of its tool calls' arguments; an output item's part; a content block. The relay may
 * replace it before the event goes out (held back, masked, restored).
 */
export interface StreamText {
  readonly key: string;
  readonly text: string;
  /** Signed text (thinking): judged, never rewritten. */
  readonly verbatim?: boolean;
  set(text: string): void;
}

export interface EventReading {
  /** Texts this event adds to their keys. */
  readonly adds: readonly StreamText[];
  /** Texts this event repeats whole (a `*.done` event, the completed response). */
  readonly repeats: readonly StreamText[];
  /**
   * Keys whose text ends with this event (a content block stops, a choice finishes): text
   * still held for them goes out before it. A key `k` is closed by `k` and by any `k:...` key.
   */
  readonly closes: readonly string[];
  /** The event repeats text already streamed: everything is checked before it goes out. */
  readonly checkpoint: boolean;
  /** The upstream says the answer is complete: the final check runs before this is forwarded. */
  readonly ends: boolean;
  /** `data: [DONE]`. */
  readonly done: boolean;
  /** The event's frame as it reads now: the upstream's bytes when no text was set. */
  frame(): string;
}

export interface StreamInterpreter {
  read(event: SseEvent): EventReading;
  /** An event adding `text` to `key`, in the family's format: held text sent before an answer ends. */
  addFrame(key: string, text: string): string;
  /** The frames that end the stream when an output guardrail blocks (SPEC "Events"). */
  blockFrames(block: Block): string;
  /** The frames that tell the client the upstream failed mid-stream (or sent more than the cap). */
  failureFrames(message: string, code: StreamFailureCode): string;
}

/** A reading of an event whose texts are fields of its JSON payload: setting one re-encodes it. */
export class JsonEventReading implements EventReading {
  readonly adds: StreamText[] = [];
  readonly repeats: StreamText[] = [];
  readonly closes: string[] = [];
  checkpoint = false;
  ends = false;
  done = false;
  private changed = false;

  constructor(
    private readonly event: SseEvent,
    private readonly payload: Record<string, unknown> | null,
  ) {}

  /** `holder[field]`, when it is a non-empty string, as a text of `key`. */
  add(key: string, holder: Record<string, unknown>, field: string, verbatim = false): void {
    this.text(this.adds, key, holder, field, verbatim);
  }

  repeat(key: string, holder: Record<string, unknown>, field: string, verbatim = false): void {
    this.text(this.repeats, key, holder, field, verbatim);
  }

  frame(): string {
    if (!this.changed || !this.payload) return this.event.raw + "\n\n";
    return encodeEvent(JSON.stringify(this.payload), this.event.event ?? undefined);
  }

  private text(list: StreamText[], key: string, holder: Record<string, unknown>, field: string, verbatim: boolean): void {
    const text = holder[field];
    if (typeof text !== "string" || text.length === 0) return;
    list.push({
      key,
      text,
      verbatim,
      set: (t) => {
        if (t === holder[field]) return;
        holder[field] = t;
        this.changed = true;
      },
    });
  }
}

/** Why a stream failed, as the error code its frames carry (DECISIONS §6). */
export type StreamFailureCode = "upstream_unreachable" | "upstream_answer_too_large";

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A stream event's JSON payload, or null when it is not a JSON object. Leading whitespace is
 * JSON's, as the SDKs read it (`data:  {...}` with two spaces).
 */
export function eventJson(event: SseEvent): Record<string, unknown> | null {
  const data = event.data;
  let at = 0;
  while (at < data.length && (data.charCodeAt(at) === 32 || data.charCodeAt(at) === 9)) at++;
  if (at === data.length || data.charCodeAt(at) !== 123 /* { */) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
