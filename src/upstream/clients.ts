/**
 * Upstream clients, one per distinct upstream configuration, built on first use and reused.
 * Each provider loads its SDK with its first client (`client-call.ts`).
 */
import { buildCall } from "./client-call.ts";
import type { UpstreamRoute } from "./routes.ts";

/** One upstream request, in the terms both SDKs share. */
export interface RawRequest {
  readonly method: "get" | "post";
  readonly path: string;
  readonly body?: Record<string, unknown>;
  readonly stream?: boolean;
  /** Per-request headers; null removes a header the client would add. */
  readonly headers?: Readonly<Record<string, string | null>>;
  readonly query?: Readonly<Record<string, string>>;
  /** The caller's connection: when it aborts, so does the upstream request. */
  readonly signal?: AbortSignal;
  /** Aborts the request later (a block, a client gone mid-stream); optional. */
  readonly controller?: AbortController;
  /** The most an error answer's body may carry (the caller reads a 2xx body itself). */
  readonly maxAnswerBytes: number;
}

/**
 * Sends one request and answers the upstream's raw 2xx `Response`. Fails with
 * `UpstreamStatusError` (any other status, body kept), `ApiError` 502/504 (unreachable, timed
 * out) or `CallerGoneError` (the signal fired).
 */
export type RawCall = (request: RawRequest) => Promise<Response>;

export class ClientCache {
  private readonly calls = new Map<string, RawCall>();

  /** The call function of the route's client, built on first use. */
  callFor(route: UpstreamRoute): RawCall {
    let call = this.calls.get(route.clientKey);
    if (!call) {
      const building = buildCall(route.spec, route.client).then((built) => {
        this.calls.set(route.clientKey, built);
        return built;
      });
      call = async (request) => (await building)(request);
      this.calls.set(route.clientKey, call);
    }
    return call;
  }

  get size(): number {
    return this.calls.size;
  }
}
