/**
 * The contract between the stream relay and an API family (ApiFamily.openStream): what a stream
 * event carries for the guardrails, read by the family's interpreter, and how the relay writes
 * events back. The relay knows no family; a family implements this.
 */
import type { Block } from "../pipeline/types.ts";
import { isObject } from "../schema/json.ts";
import { encodeEvent, type SseEvent } from "./sse.ts";

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
  /**
   * Frames the interpreter kept back whole (audio, which no guardrail can read), released
   * before the answer ends once the final check has passed: only where the transcript went out
   * exactly as received (`unaltered`), else they are dropped.
   */
  heldFrames?(unaltered: (key: string) => boolean): string;
  /**
   * The list of neighbouring parts `key` belongs to (a message's text blocks, an output item's
   * text parts): a value may run on from one into the next. Null: the key stands alone.
   */
  group?(key: string): string | null;
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
  /** The event does not go out at all (it cannot be read, or it is kept back whole). */
  private withheld: boolean;

  constructor(
    private readonly event: SseEvent,
    readonly payload: Record<string, unknown> | null,
  ) {
    // An event with data that is not JSON the SDKs could read the same way is never relayed
    // unjudged: `[DONE]` and data-less frames (comments, pings) are the only exceptions.
    const data = event.data.trim();
    this.withheld = payload === null && (data !== "" ? data !== "[DONE]" : !onlyFraming(event.raw));
  }

  /** `holder[field]`, when it is a non-empty string, as a text of `key`. */
  add(key: string, holder: Record<string, unknown>, field: string, verbatim = false, onChange?: (text: string) => void): void {
    this.text(this.adds, key, holder, field, verbatim, onChange);
  }

  repeat(key: string, holder: Record<string, unknown>, field: string, verbatim = false, onChange?: (text: string) => void): void {
    this.text(this.repeats, key, holder, field, verbatim, onChange);
  }

  /** A text found anywhere in the payload, written back by `write`. */
  addText(list: "adds" | "repeats", key: string, text: string, write: (text: string) => void, verbatim = false, at?: { holder: object; field: string | number }): void {
    if (at) this.consume(at.holder, at.field);
    if (text.length === 0) return;
    this[list].push({
      key,
      text,
      verbatim,
      set: (t) => {
        if (t === text) return;
        write(t);
        this.changed = true;
      },
    });
  }

  /** Fields read already (by their holder), so a reader of everything else skips them. */
  private readonly consumed = new WeakMap<object, Set<string | number>>();

  /** `holder[field]` (and all below it) is read by the family's interpreter. */
  consume(holder: object, field: string | number): void {
    let fields = this.consumed.get(holder);
    if (!fields) this.consumed.set(holder, (fields = new Set()));
    fields.add(field);
  }

  /** Whether `holder[field]` was read already. */
  isConsumed(holder: object, field: string | number): boolean {
    return this.consumed.get(holder)?.has(field) === true;
  }

  /** The payload was edited in place: the frame is encoded again. */
  markChanged(): void {
    this.changed = true;
  }

  /** The event does not go out (its frame is empty). */
  withhold(): void {
    this.withheld = true;
  }

  frame(): string {
    if (this.withheld) return "";
    if (!this.changed || !this.payload) return this.event.raw + "\n\n";
    return encodeEvent(JSON.stringify(this.payload), this.event.event ?? undefined);
  }

  private text(list: StreamText[], key: string, holder: Record<string, unknown>, field: string, verbatim: boolean, onChange?: (text: string) => void): void {
    this.consume(holder, field);
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
        onChange?.(t);
      },
    });
  }
}

/** Why a stream failed, as the error code its frames carry (DECISIONS §6). */
export type StreamFailureCode = "upstream_unreachable" | "upstream_answer_too_large";

/**
 * A stream event's JSON payload, or null when it is not a JSON object. Whitespace before it is
 * JSON's (`data:` on one line and the object on the next reads as `"\n{...}"`), as the SDKs read
 * it. `NaN` and `Infinity` outside strings are read as the Python SDK reads them (as numbers),
 * here as null: what matters is the text around them.
 */
export function eventJson(event: SseEvent): Record<string, unknown> | null {
  const data = event.data;
  let at = 0;
  while (at < data.length && isJsonSpace(data.charCodeAt(at))) at++;
  if (at === data.length || data.charCodeAt(at) !== 123 /* { */) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return isObject(parsed) ? parsed : null;
  } catch {
    const lenient = withoutNonFiniteNumbers(data);
    if (lenient === null) return null;
    try {
      const parsed: unknown = JSON.parse(lenient);
      return isObject(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
}

/**
 * A JSON text as the SDKs that accept it read it: standard JSON, else with `NaN`, `Infinity` and
 * `-Infinity` outside strings read as null (Python's parser accepts them); undefined when it is
 * not JSON either way.
 */
export function parseJsonLeniently(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const lenient = withoutNonFiniteNumbers(text);
    if (lenient === null) return undefined;
    try {
      return JSON.parse(lenient);
    } catch {
      return undefined;
    }
  }
}

/** A frame of comments (`: ping`), `id:`, `retry:` and `event:` lines only: nothing any client reads as text. */
function onlyFraming(raw: string): boolean {
  for (const line of raw.split("\n")) {
    if (line === "" || line.startsWith(":") || line.startsWith("id:") || line.startsWith("retry:") || line.startsWith("event:") || line === "id" || line === "retry" || line === "event") continue;
    return false;
  }
  return true;
}

function isJsonSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** `NaN`, `Infinity` and `-Infinity` outside strings as `null`; null when there were none. */
function withoutNonFiniteNumbers(data: string): string | null {
  let out = "";
  let last = 0;
  let found = false;
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string, escapes included.
      for (i++; i < data.length && data.charCodeAt(i) !== 0x22; i++) if (data.charCodeAt(i) === 0x5c) i++;
      continue;
    }
    for (const word of NON_FINITE) {
      if (data.startsWith(word, i)) {
        out += data.slice(last, i) + "null";
        i += word.length - 1;
        last = i + 1;
        found = true;
        break;
      }
    }
  }
  return found ? out + data.slice(last) : null;
}

const NON_FINITE = ["-Infinity", "Infinity", "NaN"];
