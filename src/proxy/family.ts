/**
 * What the proxy needs to know about one API family, and nothing more: where the text lives in
 * a request and a response, what a stream event means for the guardrails, and what a block or
 * a failure looks like in that family's stream. The pipeline and the relay stay format-blind.
 */
import type { Block } from "../pipeline/types.ts";
import type { SseEvent } from "../streaming/sse.ts";
import type { TextReading } from "./reading/text-reading.ts";

export type FamilyName = "chat" | "responses" | "messages";

export interface ApiFamily {
  readonly name: FamilyName;
  /** The upstream path, relative to the client's base URL. */
  readonly upstreamPath: string;
  /** Every text of a request body the model reads or that is judged (reading/text-reading.ts). */
  readRequest(body: Record<string, unknown>): TextReading;
  /** Every text of a non-streaming answer that output guardrails judge. */
  readAnswer(answer: unknown): TextReading;
  /** A fresh interpreter for one stream. */
  openStream(): StreamInterpreter;
  /** Whether a stream of this family ends with `data: [DONE]` (SPEC "Events"). */
  readonly endsWithDone: boolean;
}

/**
 * A piece of assistant text from a stream event; `key` keeps parallel texts apart: a choice's
 * content, its refusal, its reasoning, each of its tool calls' arguments are separate texts.
 */
export interface KeyedText {
  readonly key: string;
  readonly text: string;
}

export interface EventMeaning {
  readonly content: readonly KeyedText[];
  /**
   * The event repeats text already streamed (a "done" event carrying a part's full text): the
   * whole text is checked before it is forwarded, and the stream goes on being monitored.
   */
  readonly checkpoint: boolean;
  /** The upstream says the answer is complete: the final check runs before this is forwarded. */
  readonly ends: boolean;
  /** `data: [DONE]`. */
  readonly done: boolean;
}

export const NOTHING: EventMeaning = { content: [], checkpoint: false, ends: false, done: false };
export const CHECKPOINT: EventMeaning = { content: [], checkpoint: true, ends: false, done: false };
export const ENDS: EventMeaning = { content: [], checkpoint: false, ends: true, done: false };
export const DONE: EventMeaning = { content: [], checkpoint: false, ends: true, done: true };

/** An event carrying answer text. */
export function contentMeaning(content: readonly KeyedText[], ends = false): EventMeaning {
  return { content, checkpoint: false, ends, done: false };
}

export interface StreamInterpreter {
  read(event: SseEvent): EventMeaning;
  /** The frames that end the stream when an output guardrail blocks (SPEC "Events"). */
  blockFrames(block: Block): string;
  /** The frames that tell the client the upstream failed mid-stream (or sent more than the cap). */
  failureFrames(message: string, code: StreamFailureCode): string;
}

/** Why a stream failed, as the error code its frames carry (DECISIONS §6). */
export type StreamFailureCode = "upstream_unreachable" | "upstream_answer_too_large";

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A stream event's JSON payload, or null when it is not a JSON object. */
export function eventJson(event: SseEvent): Record<string, unknown> | null {
  const data = event.data;
  if (data.length === 0 || data.charCodeAt(0) !== 123 /* { */) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
