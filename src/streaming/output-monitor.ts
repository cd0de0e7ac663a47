/**
 * Output guardrails over a growing stream (DECISIONS §5), the same for every API family.
 *
 * Every `interval` content chunks the output stage judges a window: the text that arrived since
 * the last check plus a short overlap before it, so a value split across two windows is still
 * seen whole. Each check therefore costs the new text plus a constant, and the total stays
 * linear in the stream's length. When the stream ends, one final check judges the whole text,
 * which is also linear, and is the verdict that lets the stream finish.
 *
 * Texts are kept per key (a choice's content, its refusal or one of its tool calls' arguments,
 * an output item's part, a content block), so two texts streamed side by side are never judged
 * as one interleaved text.
 */
import type { OutputVerdict } from "../pipeline/pipeline.ts";

export type OutputCheck = (texts: readonly string[]) => Promise<OutputVerdict>;

/**
 * Characters of already-checked text that start the next window: enough for any value split
 * across two windows (an IBAN in groups, a phone number, most emails). A longer value cut in
 * two is still caught by the final whole-text check; a longer overlap costs every check.
 */
export const WINDOW_OVERLAP = 128;

interface KeyText {
  readonly parts: string[];
  /** Text not yet judged by a periodic check. */
  pending: string;
  /** The tail of the previous window. */
  carry: string;
}

export class OutputMonitor {
  private readonly texts = new Map<string, KeyText>();
  private chunksSinceCheck = 0;
  /** The last whole-text verdict, while no text has arrived since. */
  private lastFull: Promise<OutputVerdict> | null = null;

  constructor(
    private readonly check: OutputCheck,
    private readonly interval: number,
  ) {}

  /** Records one content chunk; true when a periodic check is due. Empty texts do not count. */
  add(key: string, text: string): boolean {
    if (text.length === 0) return false;
    let state = this.texts.get(key);
    if (!state) {
      state = { parts: [], pending: "", carry: "" };
      this.texts.set(key, state);
    }
    state.parts.push(text);
    state.pending += text;
    this.lastFull = null;
    this.chunksSinceCheck++;
    return this.chunksSinceCheck >= this.interval;
  }

  /** Judges the windows of every key that received text since the last check. */
  checkWindows(): Promise<OutputVerdict> {
    this.chunksSinceCheck = 0;
    const windows: string[] = [];
    for (const state of this.texts.values()) {
      if (state.pending.length === 0) continue;
      const window = state.carry + state.pending;
      windows.push(window);
      state.carry = overlapOf(window);
      state.pending = "";
    }
    return this.check(windows);
  }

  /**
   * Judges the whole text of every key. Asked again with no new text, it answers with the
   * same verdict instead of judging the same text twice.
   */
  checkAll(): Promise<OutputVerdict> {
    if (this.lastFull) return this.lastFull;
    this.chunksSinceCheck = 0;
    const all: string[] = [];
    for (const state of this.texts.values()) {
      const whole = state.parts.length === 1 ? state.parts[0]! : state.parts.join("");
      // Later whole-text checks start from the joined text rather than re-joining every piece.
      state.parts.length = 0;
      state.parts.push(whole);
      state.carry = overlapOf(whole);
      state.pending = "";
      all.push(whole);
    }
    this.lastFull = this.check(all);
    return this.lastFull;
  }
}

/**
 * The last `WINDOW_OVERLAP` characters, starting after a whitespace where there is one, so
 * the next window does not begin with half a word that could read as something else.
 */
function overlapOf(window: string): string {
  if (window.length <= WINDOW_OVERLAP) return window;
  const tail = window.slice(window.length - WINDOW_OVERLAP);
  const space = tail.search(/\s/);
  return space === -1 ? tail : tail.slice(space + 1);
}
