/**
 * Server-Sent Events framing, both ways. The parser is incremental and linear: it only ever
 * scans the bytes it has not scanned before, and keeps no more than one unfinished event.
 */

export interface SseEvent {
  /** The `event:` field, or null when the event has none. */
  readonly event: string | null;
  /** The `data:` lines joined with "\n". */
  readonly data: string;
  /** The `id:` field, or null when the event has none. */
  readonly id?: string | null;
  /** The `retry:` field, or null when the event has none. */
  readonly retry?: string | null;
  /** The event as received (line endings normalised to "\n"), without its blank line. */
  readonly raw: string;
}

/** An event that never ends is a broken upstream, not something to buffer without bound. */
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

export class SseTooLargeError extends Error {
  override readonly name = "SseTooLargeError";
}

export class SseParser {
  /**
   * The unfinished event, as received pieces. Only new text is ever searched for a blank line:
   * searching one growing string would flatten it on every read, which is quadratic.
   */
  private pending: string[] = [];
  private pendingChars = 0;
  /** A "\r" at the end of the last chunk: its "\n" may be the first byte of the next one. */
  private pendingCR = false;

  /** Feeds decoded text; returns the events it completed. */
  push(text: string): SseEvent[] {
    if (this.pendingCR) {
      text = "\r" + text;
      this.pendingCR = false;
    }
    if (text.indexOf("\r") !== -1) {
      if (text.endsWith("\r")) {
        this.pendingCR = true;
        text = text.slice(0, -1);
      }
      text = text.replace(/\r\n?/g, "\n");
    }
    const events: SseEvent[] = [];
    let start = 0;
    // A blank line split across reads: the unfinished event ends with "\n", this text starts with one.
    if (this.pendingChars > 0 && text.charCodeAt(0) === 10 && this.pending[this.pending.length - 1]!.endsWith("\n")) {
      const raw = this.takePending();
      this.emit(events, raw.slice(0, -1));
      start = 1;
    }
    for (;;) {
      const end = text.indexOf("\n\n", start);
      if (end === -1) break;
      const piece = text.slice(start, end);
      this.emit(events, this.pendingChars > 0 ? this.takePending() + piece : piece);
      start = end + 2;
    }
    if (start < text.length) {
      const rest = start === 0 ? text : text.slice(start);
      this.pending.push(rest);
      this.pendingChars += rest.length;
      if (this.pendingChars > MAX_EVENT_CHARS) throw new SseTooLargeError(`an upstream event is longer than ${MAX_EVENT_CHARS} characters`);
    }
    return events;
  }

  /** The event left unterminated when the stream ended, if any (SSE says to drop it; we parse it). */
  flush(): SseEvent | null {
    const rest = this.takePending().replace(/\n+$/, "");
    return rest.length > 0 ? parseEvent(rest) : null;
  }

  private takePending(): string {
    const raw = this.pending.length === 1 ? this.pending[0]! : this.pending.join("");
    this.pending = [];
    this.pendingChars = 0;
    return raw;
  }

  private emit(events: SseEvent[], raw: string): void {
    const event = parseEvent(raw);
    if (event) events.push(event);
  }
}

function parseEvent(raw: string): SseEvent | null {
  if (raw.length === 0) return null;
  let event: string | null = null;
  let data: string | null = null;
  let id: string | null = null;
  let retry: string | null = null;
  let lineStart = 0;
  while (lineStart <= raw.length) {
    let lineEnd = raw.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = raw.length;
    // The colon is looked for in this line only: searching the rest of the event from every
    // line without one would be quadratic.
    const inLine = raw.charCodeAt(lineStart) === 58 ? 0 : raw.slice(lineStart, lineEnd).indexOf(":");
    const colon = inLine === -1 ? -1 : lineStart + inLine;
    if (colon !== lineStart) {
      const hasValue = colon !== -1;
      const field = raw.slice(lineStart, hasValue ? colon : lineEnd);
      let valueStart = hasValue ? colon + 1 : lineEnd;
      if (raw.charCodeAt(valueStart) === 32 && valueStart < lineEnd) valueStart++;
      const value = raw.slice(valueStart, lineEnd);
      if (field === "data") data = data === null ? value : `${data}\n${value}`;
      else if (field === "event") event = value;
      else if (field === "id" && !value.includes("\u0000")) id = value;
      else if (field === "retry") retry = value;
    }
    lineStart = lineEnd + 1;
  }
  // Comment-only frames (": ping") carry nothing to interpret; they are still forwarded raw.
  if (data === null && event === null) return { event: null, data: "", id, retry, raw };
  return { event, data: data ?? "", id, retry, raw };
}

/** `data: <json>` and a blank line; `event:` first when named. */
export function encodeEvent(data: string, event?: string): string {
  return event === undefined ? `data: ${data}\n\n` : `event: ${event}\ndata: ${data}\n\n`;
}

export const DONE_EVENT = "data: [DONE]\n\n";
