/**
 * Where masking replaced text, in the original's coordinates: masking keeps every other
 * character as written, so the text between two placeholders of the sanitized text is found, in
 * order, in the original, and what lies between is the masked value.
 */
export interface MaskedSpan {
  readonly start: number;
  readonly end: number;
  readonly type: string;
}

const PLACEHOLDER = /<([A-Z][A-Z0-9_]*?)(?:_\d+)?>/g;

export function maskedSpans(original: string, sanitized: string): MaskedSpan[] {
  const spans: MaskedSpan[] = [];
  let at = 0;
  let from = 0;
  const pending: string[] = [];
  const place = (literal: string): boolean => {
    const found = original.indexOf(literal, at);
    if (found === -1) return false;
    // The placeholders met since the last literal cover what lies before it.
    if (pending.length > 0) spans.push({ start: at, end: found, type: pending.join(", ") });
    pending.length = 0;
    at = found + literal.length;
    return true;
  };
  for (const m of sanitized.matchAll(PLACEHOLDER)) {
    const literal = sanitized.slice(from, m.index);
    // A placeholder the original already held (a caller's own) is literal text too.
    if (original.startsWith(m[0], at + literal.length) && pending.length === 0 && original.indexOf(literal, at) === at) {
      from = m.index! + m[0].length;
      place(literal + m[0]);
      continue;
    }
    if (literal.length > 0 && !place(literal)) return [];
    pending.push(m[1]!);
    from = m.index! + m[0].length;
  }
  const rest = sanitized.slice(from);
  if (pending.length > 0) {
    const end = rest.length === 0 ? original.length : original.lastIndexOf(rest);
    if (end < at) return [];
    spans.push({ start: at, end, type: pending.join(", ") });
  }
  return spans.filter((s) => s.end > s.start);
}
