/**
 * What the proxy needs to know about one API family, and nothing more: where the text lives in
 * a request and a response, what a stream event means for the guardrails, and what a block or
 * a failure looks like in that family's stream. The pipeline and the relay stay format-blind.
 */
import type { TSchema } from "@sinclair/typebox";
import type { ErrorCode } from "../errors/api-error.ts";
import type { StreamInterpreter } from "../streaming/events.ts";
import type { ProviderSpec } from "../upstream/provider.ts";
import type { UpstreamChoice } from "../upstream/routes.ts";
import type { TextReading } from "./reading/text-reading.ts";
import type { Fields } from "./reading/fields.ts";

/** One route a family serves: the HTTP layer mounts it (http/routes/proxy.ts), the family says what it is. */
export interface FamilyRoute {
  readonly method: "post";
  /** An Elysia path pattern (`/hosted/deployments/:deployment/chat/completions`). */
  readonly path: string;
  /** The body's schema: the fields the guardrails read; every other field is forwarded. */
  readonly body: TSchema;
  /** Which providers may serve it, and whose fallback serves a model no entry names. */
  readonly upstream: UpstreamChoice;
}

/** Where a request names its model and whether it asks for a stream: the family knows (a URL may say). */
export interface RequestShape {
  /** `url` is the request's as sent: a family whose URL names the model checks it there. */
  model(body: Record<string, unknown>, params: Readonly<Record<string, string>>, url: string): string | undefined;
  stream(body: Record<string, unknown>, url: string): boolean;
  /** Puts the model the upstream is to serve (an entry's override, a path's deployment) where the family keeps it in the body; a family whose URL carries it does nothing. */
  placeModel(body: Record<string, unknown>, model: string | undefined): void;
  /** The upstream path of this request, relative to the client's base URL (it may carry the model). */
  upstreamPath(model: string | undefined, url: string): string;
}

/** SPEC's error `detail` object. */
export interface ErrorDetail {
  readonly error: ErrorCode;
  readonly message: string;
  readonly guardrail?: string;
  /** The request's id (X-Request-Id). */
  readonly request_id?: string;
}

/**
 * A provider's own model catalogue, proxied to its upstream at the path the caller used, for the
 * clients that ask it: on `GET /v1/models[/{id}]` when it claims the request, and on its own paths.
 */
export interface Catalogue {
  readonly provider: string;
  /** Whether a request to `GET /v1/models` comes from this family's clients (by headers or query). */
  claims(request: Request): boolean;
  /** Query parameters forwarded as sent (paging). */
  readonly query: readonly string[];
  /** Its own listing paths (Elysia patterns, the last segment `:id` for one model), served for its clients alone. */
  readonly paths?: readonly string[];
}

export interface ApiFamily extends RequestShape {
  /** Its name in logs and docs. */
  readonly name: string;
  /** The kinds of upstream it brings (upstream/provider.ts); a family may also use another's. */
  readonly providers: readonly ProviderSpec[];
  /** Its provider's model catalogue, when `GET /v1/models` proxies one for its clients. */
  readonly catalogue?: Catalogue;
  /** An error in the shape this family's SDKs parse, with `detail` beside it (DECISIONS §6). */
  errorBody(status: number, detail: ErrorDetail): Record<string, unknown>;
  /** The routes it serves. */
  readonly routes: readonly FamilyRoute[];
  /** Its table of opaque fields: what its readers skip (all else is read; docs/coverage.md lists it). */
  readonly fields: Fields;
  /** Every text of a request body the model reads or that is judged (reading/text-reading.ts). */
  readRequest(body: Record<string, unknown>): TextReading;
  /** Every text of a non-streaming answer that output guardrails judge. */
  readAnswer(answer: unknown): TextReading;
  /** A fresh interpreter for one stream. */
  openStream(): StreamInterpreter;
  /** Whether a stream of this family ends with `data: [DONE]` (SPEC "Events"). */
  readonly endsWithDone: boolean;
  /** How a stream goes to the client: SSE (the default), or one JSON array streamed element by element. */
  streamFraming?(url: string): "sse" | "json-array";
  /** Whether a request runs `pre_flight` alone (masking, no detector): a token count the model never answers. */
  preFlightOnly?(url: string): boolean;
}


/** The chat-style families' shape: `model` and `stream` in the body, else a path `:deployment`; a fixed upstream path. */
export function bodyShape(upstreamPath: string): RequestShape {
  return {
    model: (body, params) => (typeof body.model === "string" ? body.model : params.deployment),
    stream: (body) => body.stream === true,
    placeModel(body, model) {
      if (model !== undefined && body.model !== model) body.model = model;
    },
    upstreamPath: () => upstreamPath,
  };
}
