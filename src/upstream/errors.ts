/** The proxy's own errors for upstream outcomes, free of any SDK (see `client-call.ts`). */

/** Thrown when the caller disconnected before the upstream answered. */
export class CallerGoneError extends Error {
  override readonly name = "CallerGoneError";
}

/** The upstream answered with an error status: relayed to the caller as it came. */
export class UpstreamStatusError extends Error {
  override readonly name = "UpstreamStatusError";
  constructor(
    readonly status: number,
    readonly body: string,
    readonly headers: Headers,
  ) {
    super(`upstream answered ${status}`);
  }
}
