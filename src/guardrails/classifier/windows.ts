/**
 * A long text is judged whole and window by window, and scores as its highest: an injection is
 * one sentence in a long email, a harmful request one line in a long prompt, and a score over
 * the whole text would dilute it. Windows are `size` characters, every `size / 2`, cut at
 * spaces; a text no longer than a window is judged whole only. Each model has its own size
 * (a jailbreak is a whole prompt; an injection is a sentence).
 */

/** [start, end] pairs of the windows of `t`, empty when the whole text is the only one. */
export function windowsOf(t: string, size: number): number[] {
  const out: number[] = [];
  if (size === 0 || t.length <= size) return out;
  const WINDOW = size;
  const step = WINDOW >> 1;
  for (let start = 0; start < t.length; start += step) {
    let s = start;
    // Start at a word: move forward to the next space (at most a few characters).
    if (s > 0) {
      const space = t.indexOf(" ", s);
      s = space === -1 || space - s > 16 ? s : space + 1;
    }
    let end = Math.min(t.length, s + WINDOW);
    if (end < t.length) {
      const space = t.lastIndexOf(" ", end);
      if (space > s + (WINDOW >> 1)) end = space;
    }
    out.push(s, end);
    if (end >= t.length) break;
  }
  return out;
}
