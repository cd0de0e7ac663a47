/**
 * An open-addressing table from 32-bit word hashes (never 0) to 32-bit values, keys and values
 * interleaved so a probe touches one cache line. Lookups are the tagger's and the date
 * recogniser's inner loop: a `Map` costs several times more, and two parallel arrays cost two
 * cache misses per probe.
 */
export class HashTable {
  /** [key0, value0, key1, value1, ...]; key 0 marks an empty slot. */
  private readonly slots: Uint32Array;
  private readonly mask: number;

  /** Wraps slots built elsewhere (a loaded file): `slots.length / 2` must be a power of two. */
  constructor(slots: Uint32Array) {
    this.slots = slots;
    this.mask = (slots.length >> 1) - 1;
  }

  /** A table at load factor 0.5 at most; values of a repeated key are OR-ed. */
  static from(entries: Iterable<readonly [number, number]>, count: number): HashTable {
    let capacity = 8;
    while (capacity < count * 2) capacity <<= 1;
    const table = new HashTable(new Uint32Array(capacity * 2));
    for (const [key, value] of entries) table.or(key, value);
    return table;
  }

  get(key: number): number {
    const slots = this.slots;
    let slot = key & this.mask;
    for (;;) {
      const k = slots[slot << 1]!;
      if (k === key) return slots[(slot << 1) | 1]!;
      if (k === 0) return 0;
      slot = (slot + 1) & this.mask;
    }
  }

  private or(key: number, value: number): void {
    const slots = this.slots;
    let slot = key & this.mask;
    while (slots[slot << 1] !== 0 && slots[slot << 1] !== key) slot = (slot + 1) & this.mask;
    slots[slot << 1] = key;
    slots[(slot << 1) | 1] = slots[(slot << 1) | 1]! | value;
  }

  /** Every (key, value) pair. */
  *entries(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.slots.length; i += 2) if (this.slots[i] !== 0) yield [this.slots[i]!, this.slots[i + 1]!];
  }
}
