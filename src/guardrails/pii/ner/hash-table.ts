/**
 * An open-addressing table from 32-bit word hashes (never 0) to 32-bit values, keys and values
 * interleaved so a probe touches one cache line. Lookups are the tagger's and the date
 * recogniser's inner loop: a `Map` costs several times more, and two parallel arrays cost two
 * cache misses per probe.
 *
 * Small tables (keywords looked up for every token of a text, nearly all absent) also keep a
 * bitmap of their keys, 32 bits per key: a miss is then one load and a well-predicted branch,
 * where a probe's hit-miss-collide outcome is a branch the CPU guesses wrong half the time
 * (measured: about 10 ns per token in the cue recogniser's loop).
 */
export class HashTable {
  /** [key0, value0, key1, value1, ...]; key 0 marks an empty slot. */
  private readonly slots: Uint32Array;
  private readonly mask: number;
  /** One bit per (mixed) key; an empty filter (length 0) lets every key through to the probe. */
  private readonly filter: Uint32Array;
  private readonly filterShift: number;

  /** Wraps slots built elsewhere (a loaded file): `slots.length / 2` must be a power of two. */
  constructor(slots: Uint32Array, filterBits = 0) {
    this.slots = slots;
    this.mask = (slots.length >> 1) - 1;
    this.filter = new Uint32Array(filterBits > 0 ? 1 << (filterBits - 5) : 0);
    this.filterShift = 32 - filterBits;
  }

  /** A table at load factor 0.5 at most, with a key filter; values of a repeated key are OR-ed. */
  static from(entries: Iterable<readonly [number, number]>, count: number): HashTable {
    let capacity = 8;
    while (capacity < count * 2) capacity <<= 1;
    let filterBits = 16;
    while (1 << filterBits < count * 32) filterBits++;
    const table = new HashTable(new Uint32Array(capacity * 2), filterBits);
    for (const [key, value] of entries) table.or(key, value);
    return table;
  }

  /** The filter bit of a key: its high bits after a multiplicative mix (the slot uses the low bits). */
  private filterBit(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.filterShift;
  }

  get(key: number): number {
    if (this.filter.length > 0) {
      const bit = this.filterBit(key);
      if ((this.filter[bit >>> 5]! & (1 << (bit & 31))) === 0) return 0;
    }
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
    if (this.filter.length > 0) {
      const bit = this.filterBit(key);
      this.filter[bit >>> 5]! |= 1 << (bit & 31);
    }
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
