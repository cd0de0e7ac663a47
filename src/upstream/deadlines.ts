/**
 * Upstream timeouts on one shared timer. A `setTimeout` per request costs as much as the rest
 * of the transport together; timeouts are seconds long, so checking every 50 ms is exact
 * enough. The timer stops itself after a second without requests, so an idle process sleeps.
 */
export const TIMED_OUT = Symbol("timed out");

const TICK_MS = 50;
const IDLE_TICKS_BEFORE_STOP = 20;

const pending = new Map<AbortController, number>();
let timer: ReturnType<typeof setInterval> | null = null;
let idleTicks = 0;

/** Aborts `controller` with `TIMED_OUT` once `ms` have passed, unless `clear` came first. */
export function abortAfter(controller: AbortController, ms: number): void {
  pending.set(controller, performance.now() + ms);
  if (timer === null) {
    idleTicks = 0;
    timer = setInterval(tick, TICK_MS);
    timer.unref?.();
  }
}

export function clear(controller: AbortController): void {
  pending.delete(controller);
}

function tick(): void {
  if (pending.size === 0) {
    if (++idleTicks > IDLE_TICKS_BEFORE_STOP && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
    return;
  }
  idleTicks = 0;
  const now = performance.now();
  for (const [controller, deadline] of pending) {
    if (now >= deadline) {
      pending.delete(controller);
      controller.abort(TIMED_OUT);
    }
  }
}
