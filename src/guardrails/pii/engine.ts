/**
 * The PII engine: normalise, run the recognisers of the configured entity types, drop allowed
 * values, keep one detection per region, and mask the original text.
 */
import { normalizeText, toOriginalSpan } from "../text/normalize.ts";
import { replaceSpans, resolveOverlaps, type Span } from "../text/spans.ts";
import type { EntityType } from "./entities.ts";
import type { Recognizer } from "./recognizer.ts";
import { ALL_RECOGNIZERS } from "./recognizers.ts";

export interface PiiDetection {
  readonly entity: EntityType;
  /** Offsets in the original text. */
  readonly start: number;
  readonly end: number;
  /** The value as the caller wrote it. */
  readonly value: string;
  /** Found inside a Base64, URL- or hex-encoded segment. */
  readonly encoded: boolean;
}

export interface PiiScan {
  readonly detections: readonly PiiDetection[];
  /** The original text with each detection replaced by `<TYPE>` (or `<TYPE_ENCODED>`). */
  readonly masked: string;
}

export interface PiiEngineOptions {
  readonly entities: readonly EntityType[];
  readonly allowList: readonly string[];
  readonly detectEncoded: boolean;
}

interface Candidate extends Span {
  readonly entity: EntityType;
}

export class PiiEngine {
  private readonly recognizers: readonly Recognizer[];
  private readonly allowed: ReadonlySet<string>;

  constructor(readonly options: PiiEngineOptions) {
    const wanted = new Set(options.entities);
    this.recognizers = ALL_RECOGNIZERS.filter((r) => wanted.has(r.entity));
    this.allowed = new Set(options.allowList);
  }

  scan(original: string): PiiScan {
    if (this.recognizers.length === 0 || original.length === 0) return { detections: [], masked: original };
    const norm = normalizeText(original);
    const text = norm.text;
    const candidates: Candidate[] = [];
    for (const r of this.recognizers) {
      r.find(text, (start, end) => {
        candidates.push({ start, end, label: r.entity, priority: r.priority, entity: r.entity });
      });
    }
    if (candidates.length === 0) return { detections: [], masked: original };
    const detections: PiiDetection[] = [];
    for (const c of resolveOverlaps(candidates)) {
      const [start, end] = toOriginalSpan(norm, c.start, c.end);
      const value = original.slice(start, end);
      if (this.allowed.has(value) || this.allowed.has(text.slice(c.start, c.end))) continue;
      detections.push({ entity: c.entity, start, end, value, encoded: false });
    }
    const masked = replaceSpans(
      original,
      detections.map((d) => ({ start: d.start, end: d.end, replacement: d.encoded ? `<${d.entity}_ENCODED>` : `<${d.entity}>` })),
    );
    return { detections, masked };
  }
}
