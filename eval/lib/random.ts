/** A small seeded generator (mulberry32): evaluation sets and training shuffles are reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks an element of a list with the given generator. */
export function picker(rand: () => number): <T>(xs: readonly T[]) => T {
  return (xs) => xs[Math.floor(rand() * xs.length)]!;
}

/**
 * Fills the first `{name}` slot of a template for each name of `slots`, in their order, drawing
 * a filler only for a slot the template has: adding a template or a slot then does not reshuffle
 * every other row a seeded generator makes.
 */
export function fillSlots(template: string, slots: Readonly<Record<string, readonly string[]>>, pick: <T>(xs: readonly T[]) => T): string {
  let text = template;
  for (const name in slots) text = text.replace(`{${name}}`, () => pick(slots[name]!));
  return text;
}
