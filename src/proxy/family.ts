/**
 * What the proxy needs to know about one API family, and nothing more: where the text lives in
 * a request and a response, what a stream event means for the guardrails, and what a block or
 * a failure looks like in that family's stream. The pipeline and the relay stay format-blind.
 */
import type { TSchema } from "@sinclair/typebox";
import type { ErrorCode } from "../errors/api-error.ts";
import type { StreamInterpreter } from "../streaming/events.ts";
import type { RouteFamily } from "../upstream/routes.ts";
import type { TextReading } from "./reading/text-reading.ts";

export type FamilyName = "chat" | "responses" | "messages";

/** One route a family serves: the HTTP layer mounts it (http/routes/proxy.ts), the family says what it is. */
export interface FamilyRoute {
  readonly method: "post";
  /** An Elysia path pattern (`/hosted/deployments/:deployment/chat/completions`). */
  readonly path: string;
  /** The body's schema: the fields the guardrails read; every other field is forwarded. */
  readonly body: TSchema;
  /** Which upstreams may serve it (upstream/routes.ts). */
  readonly upstream: RouteFamily;
}

/** Where a request names its model and whether it asks for a stream: the family knows (a URL may say). */
export interface RequestShape {
  model(body: Record<string, unknown>, params: Readonly<Record<string, string>>): string | undefined;
  stream(body: Record<string, unknown>, url: string): boolean;
}

/** SPEC's error `detail` object. */
export interface ErrorDetail {
  readonly error: ErrorCode;
  readonly message: string;
  readonly guardrail?: string;
}

export interface ApiFamily extends RequestShape {
  readonly name: FamilyName;
  /** An error in the shape this family's SDKs parse, with `detail` beside it (DECISIONS §6). */
  errorBody(status: number, detail: ErrorDetail): Record<string, unknown>;
  /** The routes it serves. */
  readonly routes: readonly FamilyRoute[];
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


/** The chat-style families' shape: `model` and `stream` in the body, else a path `:deployment`. */
export const BODY_SHAPE: RequestShape = {
  model: (body, params) => (typeof body.model === "string" ? body.model : params.deployment),
  stream: (body) => body.stream === true,
};
