/**
 * Large JSON documents (request bodies from 256 K characters on) take their heavy steps (the
 * nesting check and `JSON.parse` of the body, `JSON.stringify` of what goes upstream) one per
 * event-loop turn, so a probe or a small request is answered between any two of them.
 *
 * Each step used to wait a turn of its own (`setImmediate`), but eight 8 MB bodies arriving
 * together queued their turns in the same phase of the loop and ran back to back: eight parses,
 * then eight stringifications, without an answer for anybody in between. Here the steps wait in
 * one line, released one per turn.
 */

/** From this many characters, a body's heavy steps take their turn in the line. */
export const LARGE_JSON_CHARS = 256 * 1024;

const line: (() => void)[] = [];
let releasing = false;

function releaseOne(): void {
  const next = line.shift();
  // The next one waits for the loop's next turn: I/O is polled in between.
  if (line.length > 0) setImmediate(releaseOne);
  else releasing = false;
  next?.();
}

/** Resolves when this step's turn comes: one heavy step per turn of the event loop. */
export function heavyStepTurn(): Promise<void> {
  return new Promise((resolve) => {
    line.push(resolve);
    if (!releasing) {
      releasing = true;
      setImmediate(releaseOne);
    }
  });
}

/** Documents parsed from a large body: their serialisation takes its turn too. */
const largeDocuments = new WeakSet<object>();

export function markLarge(document: unknown): void {
  if (typeof document === "object" && document !== null) largeDocuments.add(document);
}

export function isLarge(document: unknown): boolean {
  return typeof document === "object" && document !== null && largeDocuments.has(document);
}
