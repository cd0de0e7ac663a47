/**
 * The model and action a generate URL names (DECISIONS §13): the model segment is a name, never a
 * path. It is percent-decoded once and must then be `{name}:{action}` (optionally
 * `tunedModels/{name}:{action}` under `models/`), the name one path segment
 * (`proxy/names.ts`), the action one this family serves; anything else is a 404 before anything
 * goes upstream. The upstream path is built from these checked parts alone.
 */
import { ApiError } from "../../../errors/api-error.ts";
import { isPathName } from "../../names.ts";

export const ACTIONS = ["generateContent", "streamGenerateContent", "countTokens"] as const;
export type Action = (typeof ACTIONS)[number];

export interface GenerateTarget {
  /** The API version the caller used. */
  readonly version: "v1beta" | "v1";
  /** `gemini-2.5-flash`, or `tunedModels/{name}` for a tuned model. */
  readonly model: string;
  readonly action: Action;
  /** Whether the caller asked for SSE (`alt=sse`); otherwise a stream is one JSON array. */
  readonly sse: boolean;
}

const PATH = /^\/(v1beta|v1)\/(models|tunedModels)\/([^/]+)$/;

const NOT_FOUND = "the generate routes serve models/{model}:generateContent, :streamGenerateContent and :countTokens, where {model} is a name of letters, digits, '.', '_' and '-'";

/** The checked target of a request URL; a 404 `not_found` for anything else. */
export function generateTarget(url: string): GenerateTarget {
  const parsed = new URL(url);
  const path = PATH.exec(parsed.pathname);
  if (!path) throw notFound();
  let segment: string;
  try {
    segment = decodeURIComponent(path[3]!);
  } catch {
    throw notFound();
  }
  const tuned = path[2] === "tunedModels";
  if (!tuned && segment.startsWith("tunedModels/")) {
    segment = segment.slice("tunedModels/".length);
    return target(path[1]!, `tunedModels/`, segment, parsed);
  }
  return target(path[1]!, tuned ? "tunedModels/" : "", segment, parsed);
}

function target(version: string, prefix: string, segment: string, url: URL): GenerateTarget {
  const colon = segment.indexOf(":");
  if (colon === -1) throw notFound();
  const name = segment.slice(0, colon);
  const action = segment.slice(colon + 1);
  if (!isPathName(name) || !(ACTIONS as readonly string[]).includes(action)) throw notFound();
  return { version: version as GenerateTarget["version"], model: prefix + name, action: action as Action, sse: url.searchParams.get("alt") === "sse" };
}

/**
 * The upstream path for `model` (the caller's checked name, or an entry's override) and the
 * caller's action: built from checked parts only; the query is `alt=sse` for a stream (the
 * relay reads events) and nothing else.
 */
export function upstreamPathOf(model: string | undefined, target: GenerateTarget): string {
  const name = model ?? target.model;
  const tuned = name.startsWith("tunedModels/");
  const bare = tuned ? name.slice("tunedModels/".length) : name;
  if (!isPathName(bare)) throw notFound();
  const stream = target.action === "streamGenerateContent" ? "?alt=sse" : "";
  return `/${target.version}/${tuned ? "tunedModels" : "models"}/${bare}:${target.action}${stream}`;
}

function notFound(): ApiError {
  return new ApiError(404, "not_found", NOT_FOUND);
}
