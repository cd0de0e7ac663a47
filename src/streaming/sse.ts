/**
 * Server-Sent Events framing, both ways. The parser is incremental and linear: it only ever
 * scans the bytes it has not scanned before, and keeps no more than one unfinished event.
 */

export interface SseEvent {
  /** The `event:` field, or null when the event has none. */
  readonly event: string | null;
  /** The `data:` lines joined with "\n". */
  readonly data: string;
  /** The event as received (line endings normalised to "\n"), without its blank line. */
  readonly raw: string;
}

/** An event that never ends is a broken upstream, not something to buffer without bound. */
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

export class SseTooLargeError extends Error {
  override readonly name = "SseTooLargeError";
}

export class SseParser {
  private buffer = "";
  /** Where the search for the next blank line resumes. */
  private scanned = 0;
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
    this.buffer += text;
    const events: SseEvent[] = [];
    let start = 0;
    for (;;) {
      const end = this.buffer.indexOf("\n\n", Math.max(start, this.scanned - 1));
      if (end === -1) break;
      const raw = this.buffer.slice(start, end);
      start = end + 2;
      this.scanned = start;
      const event = parseEvent(raw);
      if (event) events.push(event);
    }
    if (start > 0) {
      this.buffer = this.buffer.slice(start);
      this.scanned = 0;
    }
    this.scanned = Math.max(this.scanned, this.buffer.length);
    if (this.buffer.length > MAX_EVENT_CHARS) throw new SseTooLargeError(`an upstream event is longer than ${MAX_EVENT_CHARS} characters`);
    return events;
  }

  /** The event left unterminated when the stream ended, if any (SSE says to drop it; we parse it). */
  flush(): SseEvent | null {
    const rest = this.buffer.replace(/\n+$/, "");
    this.buffer = "";
    this.scanned = 0;
    return rest.length > 0 ? parseEvent(rest) : null;
  }
}

function parseEvent(raw: string): SseEvent | null {
  if (raw.length === 0) return null;
  let event: string | null = null;
  let data: string | null = null;
  let lineStart = 0;
  while (lineStart <= raw.length) {
    let lineEnd = raw.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = raw.length;
    const colon = raw.indexOf(":", lineStart);
    if (colon !== lineStart) {
      const hasValue = colon !== -1 && colon < lineEnd;
      const field = raw.slice(lineStart, hasValue ? colon : lineEnd);
      let valueStart = hasValue ? colon + 1 : lineEnd;
      if (raw.charCodeAt(valueStart) === 32 && valueStart < lineEnd) valueStart++;
      const value = raw.slice(valueStart, lineEnd);
      if (field === "data") data = data === null ? value : `${data}\n${value}`;
      else if (field === "event") event = value;
    }
    lineStart = lineEnd + 1;
  }
  // Comment-only frames (": ping") carry nothing to interpret; they are still forwarded raw.
  if (data === null && event === null) return { event: null, data: "", raw };
  return { event, data: data ?? "", raw };
}

/** `data: <json>` and a blank line; `event:` first when named. */
export function encodeEvent(data: string, event?: string): string {
  return event === undefined ? `data: ${data}\n\n` : `event: ${event}\ndata: ${data}\n\n`;
}

export const DONE_EVENT = "data: [DONE]\n\n";
