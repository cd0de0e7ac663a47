/**
 * A recogniser finds candidate values of one entity type in normalised text. Every recogniser
 * runs in time linear in the text: its patterns are bounded in length, or anchored on a rare
 * character, never an unbounded run retried at every position.
 *
 * Speed rule learnt by measuring: a pattern that starts with `\b`, a digit class or a literal
 * scans a 1 KB text in about 0.15 µs in JavaScriptCore, one that starts with a lookbehind takes
 * three times as long. Boundaries are therefore checked in JavaScript on the (rare) matches.
 */
import { isAsciiDigit, isAsciiLetter } from "../text/chars.ts";
import { hasContext, hasContextAfter } from "../text/context.ts";
import { forEachMatch } from "../text/matches.ts";
import type { EntityType } from "./entities.ts";
import type { ScanContext } from "./scan-context.ts";
import type { TextShape } from "./text-shape.ts";

/**
 * How much a detection is to be trusted when it overlaps another: 4 for a value the text names
 * right before it ("passport number X"), 3 for formats with a check digit or an unmistakable
 * shape, 2 for formats confirmed by context words nearby, 1 for generic patterns (phone numbers,
 * names, places). Overlaps keep the higher tier, then the longer span. A cue outranks a check
 * digit because a short checksum (mod 10, mod 11) also passes for one value in ten of any shape.
 */
export type Tier = 1 | 2 | 3 | 4;

export interface Recognizer {
  readonly entity: EntityType;
  /** Set when the recogniser finds several types in one pass (the NER tagger). */
  readonly entities?: readonly EntityType[];
  readonly tier: Tier;
  /** Breaks ties between overlapping detections of equal tier and length. */
  readonly priority: number;
  /**
   * A necessary condition on the text's shape (text-shape.ts): when it is false, `find` would
   * find nothing, and the engine does not call it.
   */
  readonly gate?: Gate;
  /** Reads the scan's tokens on every text: a scan with such a recogniser builds them anyway. */
  readonly readsTokens?: boolean;
  /**
   * Calls `emit` for each accepted value, as a half-open span of `ctx.text`, with its type and
   * tier when they differ from the recogniser's (recognisers that serve several formats).
   */
  find(ctx: ScanContext, emit: Emit): void;
}

export type Gate = (shape: TextShape) => boolean;

export type Emit = (start: number, end: number, entity?: EntityType, tier?: Tier, priority?: number) => void;

export interface RegexRecognizerSpec {
  readonly entity: EntityType;
  readonly tier?: Tier;
  readonly priority?: number;
  /** Global (`g`). Matches are candidates; `validate` and `context` decide. */
  readonly pattern: RegExp;
  /** Capture group holding the value; 0 (the whole match) by default. Needs the `d` flag. */
  readonly group?: number;
  /** Format check such as a checksum; gets the value with spaces and dashes removed. */
  readonly validate?: (compact: string, value: string) => boolean;
  /**
   * Format check on the value as written, for formats whose separators matter (dates, phone
   * numbers, addresses): no compact copy is made for it.
   */
  readonly validateValue?: (value: string) => boolean;
  /** When set, one of these lower-case words must occur shortly before the value. */
  readonly context?: readonly string[];
  /** Characters before the value searched for context words; 48 by default. */
  readonly contextWindow?: number;
  /** Characters after the value also searched for context words; 0 by default. */
  readonly contextAfter?: number;
  /** Which neighbours end a value; `alnum` (default) refuses a letter or digit on either side. */
  readonly boundary?: Boundary;
  /** Every value has a digit: a text without one is skipped without running the pattern. */
  readonly needsDigit?: boolean;
  /** See `Recognizer.gate`. */
  readonly gate?: Gate;
}

/**
 * `alnum`: no letter or digit right before or after. `number`: also no `-`, `.`, `/` or `,`
 * joining the value to another digit (so `12-536-22-8716` is not an SSN inside a longer
 * number). `name`: as `number`, and not a part of a hyphenated name either: no `-` or `_`
 * joining it to a letter or digit, no `.` and a letter after it (so the date in the model name
 * `gpt-4o-2024-08-06` or the file `backup-2024-08-06.tar` is not a date of anyone's).
 * `name-end`: as `number`, and not joined by `-` or `_` to a letter or digit before it (the
 * number of `INV-2024-00123`); a word after it may be a label (`555-0134-Office`). `none`: the
 * pattern decides.
 */
export type Boundary = "alnum" | "number" | "name" | "name-end" | "none";

export function regexRecognizer(spec: RegexRecognizerSpec): Recognizer {
  if (!spec.pattern.global) throw new Error(`pattern for ${spec.entity} must be global`);
  const group = spec.group ?? 0;
  if (group > 0 && !spec.pattern.hasIndices) throw new Error(`pattern for ${spec.entity} needs the d flag`);
  const window = spec.contextWindow ?? 48;
  const boundary = spec.boundary ?? "alnum";
  const after = spec.contextAfter ?? 0;
  return {
    entity: spec.entity,
    tier: spec.tier ?? (spec.context ? 2 : 3),
    priority: spec.priority ?? 50,
    gate: spec.gate,
    find(ctx, emit) {
      const text = ctx.text;
      const onMatch = (m: RegExpExecArray, offset: number) => {
        let start = m.index + offset;
        let end = start + m[0].length;
        if (group > 0) {
          const range = m.indices?.[group];
          if (!range) return;
          start = range[0] + offset;
          end = range[1] + offset;
        }
        if (!boundaryOk(text, start, end, boundary)) return;
        if (spec.validateValue && !spec.validateValue(text.slice(start, end))) return;
        if (spec.validate) {
          const value = text.slice(start, end);
          if (!spec.validate(compact(value), value)) return;
        }
        if (spec.context && !hasContext(text, start, spec.context, window) && !(after > 0 && hasContextAfter(text, end, spec.context, after))) return;
        emit(start, end);
      };
      if (!spec.needsDigit) {
        forEachMatch(spec.pattern, text, (m) => onMatch(m, 0));
        return;
      }
      if (!ctx.hasDigit()) return;
      const regions = ctx.digitRegions();
      for (let r = 0; r < regions.length; r += 2) {
        const from = regions[r]!;
        const to = regions[r + 1]!;
        const part = from === 0 && to === text.length ? text : text.slice(from, to);
        forEachMatch(spec.pattern, part, (m) => onMatch(m, from));
      }
    },
  };
}

/** The value without spaces, dashes, dots, slashes or parentheses, upper-cased. */
export function compact(value: string): string {
  return value.replace(/[\s\-./()]/g, "").toUpperCase();
}

/**
 * Letters and digits of alphabetic scripts (Latin, Greek, Cyrillic, ...). CJK and Hangul are
 * left out on purpose: those languages write numbers right next to words, without spaces.
 */
function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c < 0x2000 && c !== 0xd7 && c !== 0xf7);
}

function isJoiner(c: number): boolean {
  return c === 45 || c === 46 || c === 47 || c === 44;
}

export function boundaryOk(text: string, start: number, end: number, boundary: Boundary): boolean {
  if (boundary === "none") return true;
  const before = start > 0 ? text.charCodeAt(start - 1) : 32;
  const after = end < text.length ? text.charCodeAt(end) : 32;
  if (isAlnum(before) || isAlnum(after)) return false;
  if (boundary === "alnum") return true;
  if (isJoiner(before) && start > 1 && isAsciiDigit(text.charCodeAt(start - 2))) return false;
  if (isJoiner(after) && end + 1 < text.length && isAsciiDigit(text.charCodeAt(end + 1))) return false;
  if (boundary === "number") return true;
  if ((before === 45 || before === 95) && start > 1 && isAlnum(text.charCodeAt(start - 2))) return false;
  if (boundary === "name") {
    const next = end + 1 < text.length ? text.charCodeAt(end + 1) : 32;
    if (((after === 45 || after === 95) && isAlnum(next)) || (after === 46 && isAsciiLetter(next))) return false;
  }
  return true;
}
