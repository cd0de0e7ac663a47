/**
 * JSON paths of a request or an answer, a canary planted at one of them, and whether a family's
 * table of opaque fields names a field on a path (canary.test.ts, canary-server.test.ts).
 */
import type { Fields } from "../../src/proxy/reading/fields.ts";

export const EMAIL = "jane.leak@example.com";
export const CANARY = `mail ${EMAIL} now`;
export const NUMBER = 5362212345;

export type Path = readonly (string | number)[];
export type Json = Record<string, unknown> | unknown[];


/** Every string and number leaf, and every key, with its path. */
export function places(value: unknown, path: Path = [], out: { path: Path; kind: "string" | "number" | "key" }[] = []) {
  if (typeof value === "string") out.push({ path, kind: "string" });
  else if (typeof value === "number") out.push({ path, kind: "number" });
  else if (Array.isArray(value)) value.forEach((v, i) => places(v, [...path, i], out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.push({ path: [...path, k], kind: "key" });
      places(v, [...path, k], out);
    }
  }
  return out;
}

export function at(root: unknown, path: Path): unknown {
  let v = root;
  for (const p of path) v = (v as Record<string | number, unknown>)[p];
  return v;
}

/** A copy of `root` with the canary planted at `path`: the value replaced, or the key renamed. */
export function planted(root: Json, path: Path, kind: "string" | "number" | "key"): Json {
  const copy = structuredClone(root);
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (kind === "string") parent[last] = CANARY;
  else if (kind === "number") parent[last] = NUMBER;
  else {
    const entries = Object.entries(parent);
    for (const [k] of entries) delete parent[k];
    for (const [k, v] of entries) parent[k === last ? EMAIL : k] = v;
  }
  return copy;
}

/**
 * Whether the family's table names a field on the path (so its reader skips it by name): a
 * top-level model parameter or answer field, an answer field of a choice or candidate, or an
 * opaque field anywhere above the leaf but inside tool data (where every key is read).
 */
export function skippedByName(fields: Fields, root: unknown, path: Path, side: "request" | "answer", kind: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    if (typeof key !== "string") continue;
    // A renamed key is the canary itself, never a field name.
    if (kind === "key" && i === path.length - 1) return false;
    const name = fields.canonical(key);
    if (i > 0 && fields.isToolData(name)) return false;
    if (i === 0 && (side === "request" ? fields.parameter(name) : fields.answerField(name))) return true;
    // An answer's own fields, in a choice or candidate, or in an event's wrapper (`response`, `message`, `delta`).
    if (side === "answer" && path.slice(0, i).filter((p) => typeof p === "string").length <= 1 && fields.answerField(name)) return true;
    if (fields.opaque(name, at(root, path.slice(0, i + 1)))) return true;
  }
  return false;
}

/** A part or block above the leaf carrying a signature (read, judged where its role is, forwarded as signed). */
export function underSignature(root: unknown, path: Path): boolean {
  for (let i = 0; i <= path.length; i++) {
    const v = at(root, path.slice(0, i));
    if (v && typeof v === "object" && !Array.isArray(v) && ("signature" in v || "thoughtSignature" in v)) return true;
  }
  return false;
}

