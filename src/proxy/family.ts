/**
 * What the proxy needs to know about one API family, and nothing more: where the text lives in
 * a request and a response, what a stream event means for the guardrails, and what a block or
 * a failure looks like in that family's stream. The pipeline and the relay stay format-blind.
 */
import type { StreamInterpreter } from "../streaming/events.ts";
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

