/**
 * Identifiers made only of digit groups (cards, SSN, NHS, ABN, PESEL, Aadhaar, ...) found in
 * one pass over the scan's digit tokens instead of one regex pass each. A run of digit tokens
 * joined by single separators ("4111 1111 1111 1111", "536-22-8716") is cut into its
 * contiguous sub-runs of up to MAX_GROUPS groups; each sub-run's shape ("4-4-4-4", "3-2-4",
 * "9") picks the formats that accept it, which then check digits and context. Work is linear:
 * each group starts at most MAX_GROUPS sub-runs.
 */
import { isAsciiDigit } from "../text/chars.ts";
import { hasContext, hasContextAfter } from "../text/context.ts";
import type { EntityType } from "./entities.ts";
import { boundaryOk, type Recognizer, type Tier } from "./recognizer.ts";
import { Shape, type Tokens } from "./ner/tokens.ts";

export interface NumberSpec {
  readonly entity: EntityType;
  /** Tier 3 by default, 2 when `context` is set. */
  readonly tier?: Tier;
  readonly priority?: number;
  /** Group lengths joined by "-" ("3-2-4"), or the digit count of an ungrouped number ("9"). */
  readonly shapes: readonly string[];
  /** Characters allowed between groups (of space, `-`, `.`, `/`), one kind per number; " -" by default. */
  readonly separators?: string;
  /** Gets the digits without separators. */
  readonly validate?: (digits: string, value: string) => boolean;
  /** When set, one of these lower-case words must occur shortly before (or just after) the value. */
  readonly context?: readonly string[];
  /** Shapes that need no context even when `context` is set (a grouped form is telling enough). */
  readonly shapesWithoutContext?: readonly string[];
}

const MAX_GROUPS = 5;

/**
 * A shape as a number: each group's length (1-31) in five bits, first group highest. Numbers,
 * not "4-4-4-4" strings, so extending a sub-run by a group allocates nothing.
 */
function shapeKey(shape: string): number {
  return shape.split("-").reduce((key, len) => key * 32 + Math.min(Number(len), 31), 0);
}

interface Compiled {
  readonly spec: NumberSpec;
  readonly tier: Tier;
  /** The separator characters allowed between groups, as a set of bits (separatorBit). */
  readonly separators: number;
  readonly freeShapes: ReadonlySet<number>;
}

/** Characters that join digit groups: space, `-`, `.`, `/`; each has a bit, others 0. */
function separatorBit(c: number): number {
  return c === 32 ? 1 : c === 45 ? 2 : c === 46 ? 4 : c === 47 ? 8 : 0;
}

/** The digits of a value written with separators. */
function digitsOf(value: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < value.length; i++) {
    if (!isAsciiDigit(value.charCodeAt(i))) {
      out += value.slice(from, i);
      from = i + 1;
    }
  }
  return out + value.slice(from);
}

export function numberRecognizer(specs: readonly NumberSpec[]): Recognizer {
  const byShape = new Map<number, Compiled[]>();
  /** Keys of every shape's leading groups: a sub-run whose key is not here cannot grow into a format. */
  const prefixes = new Set<number>();
  for (const spec of specs) {
    // Context-gated formats default to tier 2, the others to tier 3 (see Tier).
    const separators = [...(spec.separators ?? " -")].reduce((bits, ch) => {
      const bit = separatorBit(ch.charCodeAt(0));
      if (bit === 0) throw new Error(`${spec.entity}: digit groups are joined by space, "-", "." or "/", not ${JSON.stringify(ch)}`);
      return bits | bit;
    }, 0);
    const compiled: Compiled = { spec, tier: spec.tier ?? (spec.context ? 2 : 3), separators, freeShapes: new Set((spec.shapesWithoutContext ?? []).map(shapeKey)) };
    for (const shape of spec.shapes) {
      const key = shapeKey(shape);
      const list = byShape.get(key) ?? [];
      list.push(compiled);
      byShape.set(key, list);
      const groups = shape.split("-");
      for (let g = 1; g <= groups.length; g++) prefixes.add(shapeKey(groups.slice(0, g).join("-")));
    }
  }
  return {
    entity: specs[0]!.entity,
    entities: [...new Set(specs.map((s) => s.entity))],
    tier: 3,
    priority: 50,
    readsTokens: true,
    find(ctx, emit) {
      const t: Tokens = ctx.tokens();
      const text = ctx.text;
      let i = 0;
      while (i < t.count) {
        if (t.shape[i] !== Shape.DIGITS) {
          i++;
          continue;
        }
        // The run: digit tokens each one separator character after the last.
        let j = i + 1;
        while (j < t.count && t.shape[j] === Shape.DIGITS && t.start[j]! - t.end[j - 1]! === 1 && separatorBit(text.charCodeAt(t.end[j - 1]!)) !== 0) j++;
        for (let a = i; a < j; a++) {
          let shape = 0;
          for (let b = a; b < j && b - a < MAX_GROUPS; b++) {
            const len = t.end[b]! - t.start[b]!;
            const sep = b > a ? separatorBit(text.charCodeAt(t.end[b - 1]!)) : 0;
            if (b > a + 1 && sep !== separatorBit(text.charCodeAt(t.end[a]!))) break; // one kind of separator per number
            shape = shape * 32 + Math.min(len, 31);
            if (!prefixes.has(shape)) break;
            const formats = byShape.get(shape);
            if (!formats) continue;
            const start = t.start[a]!;
            const end = t.end[b]!;
            // Alone: no letter or digit beside it, nothing joining it to another digit (so
            // "12-536-22-8716" holds no SSN). A space may: "4111 1111" has both a card and
            // shorter groups inside, and overlap resolution keeps the longest.
            if (!boundaryOk(text, start, end, "number")) continue;
            const value = text.slice(start, end);
            const digits = b === a ? value : digitsOf(value);
            for (const f of formats) {
              if (b > a && (f.separators & sep) === 0) continue;
              if (f.spec.validate && !f.spec.validate(digits, value)) continue;
              if (f.spec.context && !f.freeShapes.has(shape) && !hasContext(text, start, f.spec.context, 48) && !hasContextAfter(text, end, f.spec.context, 12)) continue;
              emit(start, end, f.spec.entity, f.tier, f.spec.priority ?? 50);
            }
          }
        }
        i = j;
      }
    },
  };
}
