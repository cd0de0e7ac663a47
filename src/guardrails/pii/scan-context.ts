/**
 * What every recogniser of one scan shares: the normalised text, and its word tokens built at
 * most once, on first request. The NER tagger, the cue-anchored formats (passport, account,
 * licence numbers) and the word-based dates all read the same tokens, instead of each running
 * its own pass over the text.
 */
import { lexicon } from "./ner/lexicon.ts";
import { tokenize, type Tokens } from "./ner/tokens.ts";
import { textShape, type TextShape } from "./text-shape.ts";

/** Token buffers reused from one scan to the next: scans are synchronous, never interleaved. */
let buffers: Tokens | undefined;

/**
 * How far around a run of digits a format that needs a digit can reach: the longest such value
 * (a written date with its time, an IBAN in groups) spans under 50 characters on either side.
 */
export const DIGIT_REACH = 64;

export class ScanContext {
  private cached: Tokens | undefined;
  private digit: boolean | undefined;
  private regions: number[] | undefined;
  private shaped: TextShape | undefined;

  constructor(readonly text: string) {}

  /**
   * Whether the text has a digit at all. Most formats need one, and many prompts have none:
   * one native scan lets every such recogniser skip its own pass.
   */
  hasDigit(): boolean {
    this.digit ??= /\d/.test(this.text);
    return this.digit;
  }

  /**
   * The stretches of text within `DIGIT_REACH` of a digit, widened to whitespace on both sides,
   * merged, as [start, end, start, end, ...]. Formats that need a digit scan only these: in
   * prose with a few numbers that is a fifth of the text. The widening keeps `\b` and
   * look-arounds at a stretch's edges true to the whole text.
   */
  digitRegions(): readonly number[] {
    if (this.regions) return this.regions;
    const text = this.text;
    const n = text.length;
    const out: number[] = [];
    const runs = /\d+/g;
    for (let m = runs.exec(text); m !== null; m = runs.exec(text)) {
      let start = Math.max(0, m.index - DIGIT_REACH);
      while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start--;
      let end = Math.min(n, runs.lastIndex + DIGIT_REACH);
      while (end < n && !isSpace(text.charCodeAt(end))) end++;
      if (out.length > 0 && start <= out[out.length - 1]!) out[out.length - 1] = Math.max(out[out.length - 1]!, end);
      else out.push(start, end);
      // The next run that matters starts after this region.
      if (end > runs.lastIndex) runs.lastIndex = end;
    }
    this.regions = out;
    return out;
  }

  /** Run lengths and word shapes that recognisers' gates read (text-shape.ts). */
  shape(): TextShape {
    this.shaped ??= textShape(this.text, this.tokens());
    return this.shaped;
  }

  tokens(): Tokens {
    if (!this.cached) {
      this.cached = tokenize(this.text, lexicon(), buffers);
      buffers = this.cached;
    }
    return this.cached;
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 11;
}
