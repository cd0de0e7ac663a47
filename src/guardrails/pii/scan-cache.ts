/**
 * Scans of texts seen more than once. Chat clients send the whole conversation with every
 * turn, so without this a conversation of n turns is scanned n times over (the PII work of a
 * request grows with the conversation's length). A scan is a pure function of the text and the
 * engine's settings, so reusing one changes nothing but the time.
 *
 * A text is kept from its second sighting on, not its first: most texts are never sent again
 * (one-shot prompts), and keeping each of them for a while and then dropping it cost about 10%
 * of requests per second under load (measured at concurrency 32 on new 1 KB texts: the kept
 * scans are garbage the collector meets again in its old generation). One-shot texts also
 * never push the conversations out. The exception is a text the caller says will be resent:
 * the messages of a request that already holds an assistant turn (a conversation under way,
 * whose client sends them all again with its next turn) are kept on their first sighting, so
 * each is scanned once, not twice.
 *
 * Least recently used first out, bounded by a count of texts and a total of characters; one
 * text longer than an eighth of the character budget is never kept, so a single huge document
 * does not flush the conversations.
 */
export class ScanCache<V> {
  /** Insertion order is recency order: a hit is moved to the end. */
  private readonly entries = new Map<string, V>();
  private chars = 0;
  /**
   * CRC-32s of texts seen once (numbers: no garbage), forgotten all together when full.
   * A collision only lets a text in on its first sighting.
   */
  private seenOnce = new Set<number>();
  private readonly seenLimit: number;

  constructor(
    private readonly maxTexts: number,
    private readonly maxChars: number,
  ) {
    // Remember many more sightings than scans: a conversation's next turn must find its
    // message here after other callers' one-shot texts went by.
    this.seenLimit = maxTexts * 16;
  }

  get(text: string): V | undefined {
    const value = this.entries.get(text);
    if (value !== undefined) {
      this.entries.delete(text);
      this.entries.set(text, value);
    }
    return value;
  }

  /**
   * Keeps `value` for `text` if the text was offered before, or at once when the caller knows
   * it will be sent again (`resent`), and if it fits.
   */
  set(text: string, value: V, resent = false): void {
    if (this.maxTexts === 0 || text.length > this.maxChars / 8 || this.entries.has(text)) return;
    if (!resent && !this.secondSighting(text)) return;
    this.entries.set(text, value);
    this.chars += text.length;
    while (this.entries.size > this.maxTexts || this.chars > this.maxChars) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      this.chars -= oldest.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private secondSighting(text: string): boolean {
    const crc = Bun.hash.crc32(text);
    if (this.seenOnce.has(crc)) {
      this.seenOnce.delete(crc);
      return true;
    }
    if (this.seenOnce.size >= this.seenLimit) this.seenOnce = new Set();
    this.seenOnce.add(crc);
    return false;
  }
}
