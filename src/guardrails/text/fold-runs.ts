/**
 * The loop behind the one-for-one foldings (confusables.ts, leetspeak.ts): find each run of
 * units that may belong to a word, ask whether (and how much of) it is to be folded, and map
 * its units. One unit for one, so offsets into the text do not move.
 */

/** How much of the run [start, end) to fold: its end, a shorter end, or -1 for none of it. */
export type FoldDecision = (text: string, start: number, end: number) => number;

export function foldRuns(text: string, inRun: (unit: number) => boolean, decide: FoldDecision, map: ReadonlyMap<number, number>): string {
  let out: string[] | null = null;
  let from = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!inRun(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && inRun(text.charCodeAt(i))) i++;
    const end = decide(text, start, i);
    if (end <= start) continue;
    out ??= [];
    out.push(text.slice(from, start));
    let folded = "";
    for (let k = start; k < end; k++) {
      const u = text.charCodeAt(k);
      folded += String.fromCharCode(map.get(u) ?? u);
    }
    out.push(folded);
    from = end;
  }
  if (out === null) return text;
  out.push(text.slice(from));
  return out.join("");
}
