/**
 * Texts the reader joins (issue: `"mail jane.roe@"` + `"example.org"` in two text parts was
 * judged part by part). Neighbouring text parts of one message are read as one text, with no
 * separator, since that is the most a reader can make of them; what masking writes back is cut
 * into the parts again. Neighbouring messages are also judged across their boundary, in a
 * bounded window, so a keyword split over two turns is seen.
 */

/**
 * Cuts `masked` (the joined `parts` after masking) into one piece per part. Masking only
 * replaces spans with placeholders, so the unchanged stretches say where each part boundary
 * went; a boundary inside a replaced value moves after its placeholder (the value's placeholder
 * stays with the part it began in). Whatever the alignment, the pieces are consecutive slices of
 * `masked`: no piece can hold what masking removed.
 */
export function cutMasked(parts: readonly string[], masked: string): string[] {
  const original = parts.join("");
  const boundaries: number[] = [];
  let end = 0;
  for (let p = 0; p < parts.length - 1; p++) boundaries.push((end += parts[p]!.length));
  // Where each original offset at a boundary lands in `masked`.
  const cuts: number[] = new Array(boundaries.length).fill(-1);
  let b = 0;
  let i = 0;
  let j = 0;
  const land = (at: number, to: number) => {
    while (b < boundaries.length && boundaries[b]! <= at) cuts[b++] = to;
  };
  while (i < original.length && b < boundaries.length) {
    land(i, j);
    if (j < masked.length && original.charCodeAt(i) === masked.charCodeAt(j)) {
      i++;
      j++;
      continue;
    }
    // A replacement: a placeholder in `masked` stands for original text from `i` on.
    const close = masked.indexOf(">", j);
    if (masked.charCodeAt(j) !== 0x3c || close === -1) break;
    const next = masked.indexOf("<", close + 1);
    const resume = masked.slice(close + 1, next === -1 ? masked.length : next);
    const at = resume.length === 0 ? (next === -1 ? original.length : -1) : original.indexOf(resume, i + 1);
    if (at === -1) break;
    // Boundaries inside the replaced span go after the placeholder.
    while (b < boundaries.length && boundaries[b]! < at) cuts[b++] = close + 1;
    i = at;
    j = close + 1;
  }
  land(i, j);
  // Boundaries the alignment could not place go to the end: the text stays with earlier parts.
  const pieces: string[] = [];
  let from = 0;
  for (let p = 0; p < parts.length; p++) {
    const to = p < cuts.length ? Math.min(masked.length, Math.max(from, cuts[p]! === -1 ? masked.length : cuts[p]!)) : masked.length;
    pieces.push(masked.slice(from, to));
    from = to;
  }
  return pieces;
}

/** The most of each neighbour a boundary window holds. */
export const BOUNDARY_CHARS = 160;

/** The end of one text and the start of the next, joined as they are (a value split over them is whole). */
export function boundaryWindow(before: string, after: string): string {
  return before.slice(-BOUNDARY_CHARS) + after.slice(0, BOUNDARY_CHARS);
}
