/** Spans found in a text, overlap resolution and replacement. */

export interface Span {
  /** Half-open range in the text the span was found in. */
  readonly start: number;
  readonly end: number;
  readonly label: string;
  /** Outranks length: a span of higher rank wins any overlap (PII confidence tiers). */
  readonly rank?: number;
  /** Breaks ties between overlapping spans of equal length: higher wins. */
  readonly priority: number;
}

/**
 * Keeps one span per region: highest rank first, then longest, then highest priority, then
 * earliest. Spans are
 * sorted by start afterwards. Occupancy is tracked per character, so the work is the total
 * length of the candidate spans (each character is covered by at most one span per
 * recogniser), never the square of their number.
 */
export function resolveOverlaps<S extends Span>(spans: readonly S[]): S[] {
  if (spans.length <= 1) return spans.slice();
  const ranked = spans
    .slice()
    .sort((a, b) => (b.rank ?? 0) - (a.rank ?? 0) || b.end - b.start - (a.end - a.start) || b.priority - a.priority || a.start - b.start);
  let maxEnd = 0;
  for (const s of spans) if (s.end > maxEnd) maxEnd = s.end;
  const taken = new Uint8Array(maxEnd);
  const kept: S[] = [];
  for (const span of ranked) {
    let free = true;
    for (let i = span.start; i < span.end; i++) {
      if (taken[i]) {
        free = false;
        break;
      }
    }
    if (!free) continue;
    taken.fill(1, span.start, span.end);
    kept.push(span);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** Replaces each span (sorted, non-overlapping) of `text` by its replacement. */
export function replaceSpans(text: string, spans: readonly { start: number; end: number; replacement: string }[]): string {
  if (spans.length === 0) return text;
  let out = "";
  let at = 0;
  for (const s of spans) {
    out += text.slice(at, s.start) + s.replacement;
    at = s.end;
  }
  return out + text.slice(at);
}
