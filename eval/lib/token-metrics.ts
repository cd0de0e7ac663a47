/**
 * Token-level precision, recall and F1 per entity type, as presidio-research evaluates: each
 * word token takes the type of the span covering it (gold and predicted), and tokens are
 * counted. Span boundaries then matter only as far as they move whole words, which suits the
 * data: one address is labelled as one span in some rows and as five in others.
 */

export interface Span {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

const TOKEN = /[\p{L}\p{N}]+/gu;

function tokenLabels(text: string, spans: readonly Span[]): { start: number; end: number; label: string | null }[] {
  const out: { start: number; end: number; label: string | null }[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    const end = start + m[0].length;
    // The span covering most of the token labels it.
    let label: string | null = null;
    let best = 0;
    for (const s of spans) {
      const overlap = Math.min(end, s.end) - Math.max(start, s.start);
      if (overlap > best && overlap * 2 >= end - start) {
        best = overlap;
        label = s.type;
      }
    }
    out.push({ start, end, label });
  }
  return out;
}

/** Adds one text's token counts to `counts` (by type). */
export function addTokenCounts(counts: Map<string, Counts>, text: string, gold: readonly Span[], predicted: readonly Span[]): void {
  const g = tokenLabels(text, gold);
  const p = tokenLabels(text, predicted);
  const get = (type: string) => {
    let c = counts.get(type);
    if (!c) counts.set(type, (c = { tp: 0, fp: 0, fn: 0 }));
    return c;
  };
  for (let i = 0; i < g.length; i++) {
    const gl = g[i]!.label;
    const pl = p[i]!.label;
    if (gl && gl === pl) get(gl).tp++;
    else {
      if (pl) get(pl).fp++;
      if (gl) get(gl).fn++;
    }
  }
}

export function prf(c: Counts | undefined): { p: number; r: number; f1: number; support: number } {
  if (!c) return { p: NaN, r: NaN, f1: NaN, support: 0 };
  const p = c.tp + c.fp === 0 ? NaN : c.tp / (c.tp + c.fp);
  const r = c.tp + c.fn === 0 ? NaN : c.tp / (c.tp + c.fn);
  const f1 = !(p + r > 0) ? 0 : (2 * p * r) / (p + r);
  return { p, r, f1, support: c.tp + c.fn };
}

export function sumCounts(counts: Map<string, Counts>, types: readonly string[]): Counts {
  const out = { tp: 0, fp: 0, fn: 0 };
  for (const t of types) {
    const c = counts.get(t);
    if (!c) continue;
    out.tp += c.tp;
    out.fp += c.fp;
    out.fn += c.fn;
  }
  return out;
}
