/**
 * The PII engine: normalise, run the recognisers of the configured entity types, drop allowed
 * values, keep one detection per region, and mask the original text.
 */
import { revealEvasions } from "../text/evasions.ts";
import { normalizeText, toOriginalSpan, type NormalizedText } from "../text/normalize.ts";
import { resolveOverlaps, type Span } from "../text/spans.ts";
import { allowedByDefault } from "./allow-list.ts";
import { encodedSegments } from "./encoded.ts";
import type { EntityType } from "./entities.ts";
import type { Emit, Recognizer } from "./recognizer.ts";
import { ScanCache } from "./scan-cache.ts";
import { personalSpans } from "./personal-context.ts";
import { isQuantity } from "./quantity.ts";
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
  /** Confidence tier of the recogniser (see Tier): picks the type reported for an encoded segment. */
  readonly tier: number;
}

/** A scan's result; shared by every caller that scans the same text (the cache), so never changed. */
export interface PiiScan {
  readonly detections: readonly PiiDetection[];
  /** The original text with each detection replaced by `<TYPE>` (or `<TYPE_ENCODED>`). */
  readonly masked: string;
}

export interface PiiEngineOptions {
  readonly entities: readonly EntityType[];
  readonly allowList: readonly string[];
  readonly detectEncoded: boolean;
  /** How many recent texts keep their scans (scan-cache.ts); 0 or absent: none. */
  readonly cacheTexts?: number;
  /**
   * PERSON, LOCATION, DATE_TIME, NRP: only where they point at a person, or always
   * (personal-context.ts). The engine recognises all by default; the PII guardrail asks for
   * `personal` unless configured otherwise.
   */
  readonly quasiIdentifiers?: "personal" | "all";
  /** URL: only those carrying personal data, or all (the engine's default). */
  readonly urlScope?: "personal" | "all";
  /** The policy's own recognisers (custom-entities.ts), each of its own type, always checked. */
  readonly custom?: readonly Recognizer[];
}

/** Characters the cache may hold per engine, over all its texts (2 MB of UTF-16, and the scans). */
const CACHE_CHARS = 1024 * 1024;

interface Candidate extends Span {
  readonly entity: EntityType;
  readonly encoded: boolean;
}

export class PiiEngine {
  private readonly recognizers: readonly Recognizer[];
  /**
   * Whether recognisers' gates are asked: they read the text's shape from its tokens, which is
   * only worth it when the scan tokenizes anyway (a policy of two formats would pay more for
   * the tokens than the gates save).
   */
  private readonly gated: boolean;
  private readonly wanted: ReadonlySet<EntityType>;
  private readonly allowed: ReadonlySet<string>;
  /** Scans decoded segments: the same types and allow list, one level of decoding only. */
  private readonly inner: PiiEngine | null;
  private readonly cache: ScanCache<PiiScan> | null;

  constructor(readonly options: PiiEngineOptions) {
    const custom = options.custom ?? [];
    const wanted = new Set([...options.entities, ...custom.map((r) => r.entity)]);
    this.wanted = wanted;
    this.recognizers = [...ALL_RECOGNIZERS.filter((r) => (r.entities ?? [r.entity]).some((e) => wanted.has(e))), ...custom];
    this.gated = this.recognizers.some((r) => r.readsTokens);
    this.allowed = new Set(options.allowList);
    this.inner = options.detectEncoded ? new PiiEngine({ ...options, detectEncoded: false, cacheTexts: 0 }) : null;
    this.cache = options.cacheTexts ? new ScanCache(options.cacheTexts, CACHE_CHARS) : null;
  }

  /** `resent`: the text will be sent again (a conversation's message): keep its scan at once. */
  scan(original: string, resent = false): PiiScan {
    if (!this.cache) return this.scanAnew(original);
    let result = this.cache.get(original);
    if (!result) {
      result = this.scanAnew(original);
      this.cache.set(original, result, resent);
    }
    return result;
  }

  private scanAnew(original: string): PiiScan {
    if (this.recognizers.length === 0 || original.length === 0) return { detections: [], masked: original };
    // Spelled and escaped forms (`[at]`, `&#64;`, other scripts' digits) read as what they stand for.
    const norm = revealEvasions(normalizeText(original));
    const text = norm.text;
    const candidates: Candidate[] = [];
    const ctx = new ScanContext(text);
    // One emit for the whole scan, reading the running recogniser: a closure per recogniser
    // per scan was measurable garbage.
    let r: Recognizer = this.recognizers[0]!;
    const emit: Emit = (start, end, type = r.entity, tier = r.tier, priority = r.priority) => {
      if (!this.wanted.has(type)) return;
      if (this.allowed.size > 0 && this.allowed.has(text.slice(start, end))) return;
      if (isQuantity(text, start, end)) return;
      candidates.push({ start, end, label: type, rank: tier, priority, entity: type, encoded: false });
    };
    for (r of this.recognizers) {
      if (this.gated && r.gate && !r.gate(ctx.shape())) continue;
      r.find(ctx, emit);
    }
    if (this.inner) this.addEncoded(text, candidates);
    if (candidates.length === 0) return { detections: [], masked: original };
    const resolved = resolveOverlaps(candidates);
    const personal = personalSpans(text, resolved, { quasi: this.options.quasiIdentifiers ?? "all", urls: this.options.urlScope ?? "all" });
    const kept = resolved.filter((_, i) => personal[i]);
    const detections: PiiDetection[] = [];
    let masked = "";
    let copiedTo = 0;
    for (const c of kept) {
      const [start, end] = toOriginalSpan(norm, c.start, c.end);
      const value = original.slice(start, end);
      if (this.allowed.has(value) || (!c.encoded && allowedByDefault(c.entity, text.slice(c.start, c.end)))) continue;
      detections.push({ entity: c.entity, start, end, value, encoded: c.encoded, masked: true, tier: c.rank ?? 0 });
      masked += original.slice(copiedTo, start) + (c.encoded ? `<${c.entity}_ENCODED>` : `<${c.entity}>`);
      copiedTo = end;
    }
    masked = copiedTo === 0 ? original : masked + original.slice(copiedTo);
    this.addEmailsInUrls(norm, original, candidates, kept, detections);
    return { detections, masked };
  }

  /**
   * SPEC: emails inside URL query parameters are detected. The URL's mask covers them; they are
   * still reported. Kept spans are sorted and disjoint: a binary search finds the one around
   * each email, so a text of thousands of both stays linear-logarithmic.
   */
  private addEmailsInUrls(norm: NormalizedText, original: string, candidates: readonly Candidate[], kept: readonly Candidate[], out: PiiDetection[]): void {
    const urls = kept.filter((k) => k.entity === "URL");
    if (urls.length === 0) return;
    for (const c of candidates) {
      if (c.entity !== "EMAIL_ADDRESS") continue;
      let lo = 0;
      let hi = urls.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (urls[mid]!.start <= c.start) lo = mid;
        else hi = mid - 1;
      }
      const url = urls[lo]!;
      if (url.start <= c.start && c.end <= url.end) {
        const [start, end] = toOriginalSpan(norm, c.start, c.end);
        out.push({ entity: c.entity, start, end, value: original.slice(start, end), encoded: false, masked: false, tier: c.rank ?? 0 });
      }
    }
  }

  /** Encoded segments whose decoded text holds PII, as candidates of the most trusted type found. */
  private addEncoded(text: string, candidates: Candidate[]): void {
    for (const seg of encodedSegments(text)) {
      if (this.allowed.has(text.slice(seg.start, seg.end))) continue;
      const found = this.inner!.scan(seg.decoded).detections;
      if (found.length === 0) continue;
      const best = found.reduce((a, b) => (b.tier > a.tier ? b : a));
      candidates.push({ start: seg.start, end: seg.end, label: best.entity, rank: 3, priority: 95, entity: best.entity, encoded: true });
    }
  }
}
