/**
 * Slices of the event loop for work over many messages or parts: a batch, a JSON array or an
 * SSE stream of thousands of messages, a list of thousands of entries, a schema of thousands of
 * properties. Short texts are judged without waiting for a turn of the loop (run-stage.ts), so
 * a loop over many of them would otherwise hold every other caller (and /health) until it ends.
 */

/** The event loop turns after this long of work. */
export const SLICE_MS = 8;

export class Slicer {
  private sliceStart = performance.now();

  /** Resolves at once within a slice; after a slice's worth of work, on the loop's next turn. */
  async turn(): Promise<void> {
    if (performance.now() - this.sliceStart <= SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }

  /** True when a slice's worth of work is done (for synchronous loops that stop and go on later). */
  due(): boolean {
    return performance.now() - this.sliceStart > SLICE_MS;
  }
}
