/**
 * A recogniser finds candidate values of one entity type in normalised text. Every recogniser
 * must run in time linear in the text: regular expressions here are bounded in length or
 * anchored on a rare character, never an unbounded run that is retried at every position.
 */
import { hasContext } from "../text/context.ts";
import { forEachMatch } from "../text/matches.ts";
import type { EntityType } from "./entities.ts";

export interface Recognizer {
  readonly entity: EntityType;
  /** Breaks ties between overlapping detections of equal length: higher is more specific. */
  readonly priority: number;
  /** Calls `emit` for each accepted value, as a half-open span of `text`. */
  find(text: string, emit: (start: number, end: number) => void): void;
}

export interface RegexRecognizerSpec {
  readonly entity: EntityType;
  readonly priority: number;
  /** Must be global (`g`). Matches are candidates; `validate` and `context` decide. */
  readonly pattern: RegExp;
  /** Capture group holding the value; 0 (the whole match) by default. Needs the `d` flag. */
  readonly group?: number;
  /** Format check such as a checksum; gets the matched value. */
  readonly validate?: (value: string) => boolean;
  /** When set, one of these lower-case words must occur shortly before the value. */
  readonly context?: readonly string[];
  /** Characters before the value searched for context words; 64 by default. */
  readonly contextWindow?: number;
}

export function regexRecognizer(spec: RegexRecognizerSpec): Recognizer {
  if (!spec.pattern.global) throw new Error(`pattern for ${spec.entity} must be global`);
  const group = spec.group ?? 0;
  if (group > 0 && !spec.pattern.hasIndices) throw new Error(`pattern for ${spec.entity} needs the d flag`);
  const window = spec.contextWindow ?? 64;
  return {
    entity: spec.entity,
    priority: spec.priority,
    find(text, emit) {
      forEachMatch(spec.pattern, text, (m) => {
        let start = m.index;
        let value = m[0];
        if (group > 0) {
          const range = m.indices?.[group];
          if (!range) return;
          start = range[0];
          value = text.slice(range[0], range[1]);
        }
        if (spec.validate && !spec.validate(value)) return;
        if (spec.context && !hasContext(text, start, spec.context, window)) return;
        emit(start, start + value.length);
      });
    },
  };
}

/** Only the digits of a value, for checksums over values written with separators. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, "");
}
