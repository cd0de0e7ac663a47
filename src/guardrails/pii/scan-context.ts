/**
 * What every recogniser of one scan shares: the normalised text, and its word tokens built at
 * most once, on first request. The NER tagger, the cue-anchored formats (passport, account,
 * licence numbers) and the word-based dates all read the same tokens, instead of each running
 * its own pass over the text.
 */
import { lexicon } from "./ner/lexicon.ts";
import { tokenize, type Tokens } from "./ner/tokens.ts";

/** Token buffers reused from one scan to the next: scans are synchronous, never interleaved. */
let buffers: Tokens | undefined;

export class ScanContext {
  private cached: Tokens | undefined;

  constructor(readonly text: string) {}

  tokens(): Tokens {
    if (!this.cached) {
      this.cached = tokenize(this.text, lexicon(), buffers);
      buffers = this.cached;
    }
    return this.cached;
  }
}
