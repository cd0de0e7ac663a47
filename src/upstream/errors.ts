/**
 * What an upstream call's failure means for our caller (DECISIONS §5): an HTTP error is relayed
 * with its status and body; unreachable is 502; timed out is 504; a cancelled call means our
 * caller went away. The SDKs throw one exception family each; both are recognised.
 */
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { ApiError } from "../http/errors.ts";
import { rawErrorBody } from "./clients.ts";

/** Thrown when the caller disconnected before the upstream answered. */
export class CallerGoneError extends Error {
  override readonly name = "CallerGoneError";
}

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

/** Turns what an SDK call threw into the error the route answers with. */
export function upstreamError(e: unknown): Error {
  if (e instanceof OpenAI.APIUserAbortError || e instanceof Anthropic.APIUserAbortError) return new CallerGoneError("the caller went away");
  if (e instanceof OpenAI.APIConnectionTimeoutError || e instanceof Anthropic.APIConnectionTimeoutError) {
    return new ApiError(504, "upstream_timeout", "the upstream did not answer in time");
  }
  if (e instanceof OpenAI.APIConnectionError || e instanceof Anthropic.APIConnectionError) {
    return new ApiError(502, "upstream_unreachable", "the upstream could not be reached");
  }
  if ((e instanceof OpenAI.APIError || e instanceof Anthropic.APIError) && typeof e.status === "number" && e.headers instanceof Headers) {
    const body = rawErrorBody(e.headers) ?? JSON.stringify({ error: e.error ?? { message: e.message } });
    return new UpstreamStatusError(e.status, body, e.headers);
  }
  return e instanceof Error ? e : new Error(String(e));
}
