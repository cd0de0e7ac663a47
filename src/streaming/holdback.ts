/**
 * How much of a stream's newest text must wait (DECISIONS §9): only what could still be the
 * beginning of a value being written. A value never contains a space but where its shape has
 * them (digit groups of a card, a phone or an IBAN; the words of a keyword), so:
 * - the last word, while no space has ended it (`jane.le` may become an e-mail, `536-2` an
 *   SSN, `<EMAIL_ADD` a placeholder to restore);
 * - before it, groups of digits that a longer number could continue (`4111 1111 `);
 * - a tail that begins a keyword (`Project ` of "Project Nightingale"), as its detector says.
 * All of it bounded by the look-ahead (`SVC_GUARDRAILS_STREAM_HOLDBACK`). Linear in the
 * look-ahead, whatever the text before it.
 */

/**
 * A group a number written in groups is made of: digits of any script, maybe two letters before
 * (`DE89`) or one after, joined inside by `-`, `.`, `/`, `_`, `|`; or a group of an IBAN with a
 * digit (`3m02`).
 */
const NUMBER_GROUP = /^[+(]?[A-Za-z]{0,2}\p{Nd}[\p{Nd}()\-./_|]*[A-Za-z]?$|^[A-Za-z0-9]{0,3}\d[A-Za-z0-9]{0,3}$/u;

/**
 * What may stand between the digit groups of one number: a table's `|`, a spaced mark (`.`, `/`,
 * `_`, `-`), or a group of an IBAN made of letters (`WEST`, `nwbk`). Held only when a digit
 * group stands before it: prose is made of such words too.
 */
const BETWEEN_GROUPS = /^[|./_-]{1,3}$|^[A-Za-z]{1,4}$/;

export function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 0xa0 || c === 0x3000;
}

/**
 * The index in `text` from which the tail waits; `from` is where the text not yet released
 * begins, `holdback` the most that may wait, `openPrefix` where a tail begins a keyword.
 */
export function holdStart(text: string, from: number, holdback: number, openPrefix: ((tail: string) => number) | null): number {
  const n = text.length;
  const floor = Math.max(from, n - holdback);
  if (floor >= n) return n;
  // The last word, unfinished.
  let h = n;
  while (h > floor && !isSpace(text.charCodeAt(h - 1))) h--;
  // Digit groups a longer number could still continue, one space or line break apart, maybe
  // with a table's `|`, a spaced mark or an IBAN's letters between them (`4012 . 8888`,
  // `5200 |\n| 8282`, `gb29 nwbk `).
  const last = text.slice(h, n);
  if (h === n || NUMBER_GROUP.test(last) || BETWEEN_GROUPS.test(last)) {
    let k = h;
    while (k > floor && isSpace(text.charCodeAt(k - 1))) {
      const groupEnd = k - 1;
      if (groupEnd > floor && isSpace(text.charCodeAt(groupEnd - 1))) break;
      let groupStart = groupEnd;
      while (groupStart > floor && !isSpace(text.charCodeAt(groupStart - 1))) groupStart--;
      if (groupStart === groupEnd) break;
      const word = text.slice(groupStart, groupEnd);
      if (BETWEEN_GROUPS.test(word)) {
        k = groupStart;
        continue;
      }
      if (!NUMBER_GROUP.test(word)) break;
      k = h = groupStart;
    }
  }
  if (openPrefix) {
    const look = text.slice(floor);
    const start = openPrefix(look);
    if (start >= 0) h = Math.min(h, floor + start);
  }
  return Math.max(h, floor);
}
