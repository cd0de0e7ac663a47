/**
 * Scans of recently seen texts. Chat clients send the whole conversation with every turn, so
 * without this a conversation of n turns is scanned n times over (the PII work of a request
 * grows with the conversation's length). A scan is a pure function of the text and the
 * engine's settings, so reusing one changes nothing but the time.
 *
 * Least recently used first out, bounded by a count of texts and a total of characters; one
 * text longer than an eighth of the character budget is never kept, so a single huge document
 * does not flush the conversations.
 */
export class ScanCache<V> {
  /** Insertion order is recency order: a hit is moved to the end. */
  private readonly entries = new Map<string, V>();
  private chars = 0;

  constructor(
    private readonly maxTexts: number,
    private readonly maxChars: number,
  ) {}

  get(text: string): V | undefined {
    const value = this.entries.get(text);
    if (value !== undefined) {
      this.entries.delete(text);
      this.entries.set(text, value);
    }
    return value;
  }

  set(text: string, value: V): void {
    if (this.maxTexts === 0 || text.length > this.maxChars / 8 || this.entries.has(text)) return;
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
}
