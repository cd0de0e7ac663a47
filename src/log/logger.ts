/**
 * JSON-lines logging on stdout (DECISIONS §1). Callers pass structured fields only; nothing in
 * this module ever receives message text, masked values, keys or Authorization values, and the
 * field names that could carry them are refused outright as a second line of defence.
 */
import type { LogLevel } from "../settings.ts";

export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warning(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  enabled(level: LogLevel): boolean;
  flush(): void;
}

/** Where finished lines go. Tests collect them; the server writes to stdout. */
export interface LineSink {
  write(line: string): void;
  flush(): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warning: 30, error: 40 };

/** Field names that must never be logged, whatever their value. */
const FORBIDDEN_FIELDS = new Set(["text", "content", "messages", "input", "prompt", "authorization", "api_key", "key", "token", "sanitized_text", "checked_text", "detected_entities"]);

export function createLogger(level: LogLevel, sink: LineSink = stdoutSink()): Logger {
  const min = RANK[level];
  const emit = (lvl: LogLevel, msg: string, fields?: LogFields): void => {
    if (RANK[lvl] < min) return;
    const record: Record<string, unknown> = { ts: new Date().toISOString(), level: lvl, msg };
    if (fields) {
      for (const k in fields) {
        if (!FORBIDDEN_FIELDS.has(k)) record[k] = fields[k];
      }
    }
    sink.write(JSON.stringify(record) + "\n");
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warning: (m, f) => emit("warning", m, f),
    error: (m, f) => emit("error", m, f),
    enabled: (lvl) => RANK[lvl] >= min,
    flush: () => sink.flush(),
  };
}

/**
 * Buffers lines and flushes once per event-loop turn: one write syscall for a burst of request
 * lines instead of one each, on the hot path.
 */
export function stdoutSink(): LineSink {
  const writer = Bun.stdout.writer();
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    void writer.flush();
  };
  return {
    write(line) {
      writer.write(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

/** A sink that keeps lines in memory, for tests and for silencing the CLI commands. */
export function memorySink(): LineSink & { readonly lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (l) => void lines.push(l), flush: () => {} };
}
