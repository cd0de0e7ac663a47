/**
 * The PII engine: normalise, run the recognisers of the configured entity types, drop allowed
 * values, keep one detection per region, and mask the original text.
 */
import { normalizeText, toOriginalSpan } from "../text/normalize.ts";
import { replaceSpans, resolveOverlaps, type Span } from "../text/spans.ts";
import type { EntityType } from "./entities.ts";
import type { Recognizer } from "./recognizer.ts";
import { ScanContext } from "./scan-context.ts";
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
  /** False for a detection reported inside another one's mask (an email inside a URL). */
  readonly masked: boolean;
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
  private readonly wanted: ReadonlySet<EntityType>;
  private readonly allowed: ReadonlySet<string>;

  constructor(readonly options: PiiEngineOptions) {
    const wanted = new Set(options.entities);
    this.wanted = wanted;
    this.recognizers = ALL_RECOGNIZERS.filter((r) => (r.entities ?? [r.entity]).some((e) => wanted.has(e)));
    this.allowed = new Set(options.allowList);
  }

  scan(original: string): PiiScan {
    if (this.recognizers.length === 0 || original.length === 0) return { detections: [], masked: original };
    const norm = normalizeText(original);
    const text = norm.text;
    const candidates: Candidate[] = [];
    const ctx = new ScanContext(text);
    for (const r of this.recognizers) {
      r.find(ctx, (start, end, type = r.entity, tier = r.tier, priority = r.priority) => {
        if (!this.wanted.has(type)) return;
        if (this.allowed.size > 0 && this.allowed.has(text.slice(start, end))) return;
        candidates.push({ start, end, label: type, rank: tier, priority, entity: type });
      });
    }
    if (candidates.length === 0) return { detections: [], masked: original };
    const kept = resolveOverlaps(candidates);
    const detections: PiiDetection[] = [];
    for (const c of kept) {
      const [start, end] = toOriginalSpan(norm, c.start, c.end);
      const value = original.slice(start, end);
      if (this.allowed.has(value)) continue;
      detections.push({ entity: c.entity, start, end, value, encoded: false, masked: true });
    }
    // SPEC: emails inside URL query parameters are detected. The URL's mask covers them; they
    // are still reported.
    for (const c of candidates) {
      if (c.entity !== "EMAIL_ADDRESS" || kept.includes(c)) continue;
      if (kept.some((k) => k.entity === "URL" && k.start <= c.start && c.end <= k.end)) {
        const [start, end] = toOriginalSpan(norm, c.start, c.end);
        detections.push({ entity: c.entity, start, end, value: original.slice(start, end), encoded: false, masked: false });
      }
    }
    const masked = replaceSpans(
      original,
      detections.filter((d) => d.masked).map((d) => ({ start: d.start, end: d.end, replacement: d.encoded ? `<${d.entity}_ENCODED>` : `<${d.entity}>` })),
    );
    return { detections, masked };
  }
}
