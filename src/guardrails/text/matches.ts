/** Iterating a global regular expression over a text. */

/** Calls `fn` for every match of the global `re` in `text`, from the start; empty matches are skipped. */
export function forEachMatch(re: RegExp, text: string, fn: (m: RegExpExecArray) => void): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    fn(m);
  }
}
