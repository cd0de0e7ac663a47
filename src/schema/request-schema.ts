/**
 * Route schemas whose validation errors cost what the error costs, not what the body costs.
 *
 * When a body fails its route schema, Elysia's `ValidationError` builds its message by printing
 * the whole body (pretty-printed outside `NODE_ENV=production`: a 20 KB nested body became
 * hundreds of megabytes), unless the schema node that failed carries its own `error` text. The
 * app never shows that message (it answers with its own, from the first few issues: app.ts), so
 * every node of a request schema gets a fixed one, and the body is never printed.
 */
import type { TSchema } from "@sinclair/typebox";

const QUIET_ERROR = "the request body does not match the route's schema";

/** Marks every node of `schema` (in place, once, at start-up) with a fixed error text. */
export function requestSchema<T extends TSchema>(schema: T): T {
  quiet(schema);
  return schema;
}

function quiet(node: unknown): void {
  if (typeof node !== "object" || node === null) return;
  const schema = node as Record<string, unknown>;
  schema.error ??= QUIET_ERROR;
  for (const key of ["items", "additionalProperties", "not"]) quiet(schema[key]);
  for (const key of ["anyOf", "oneOf", "allOf", "items"]) {
    const list = schema[key];
    if (Array.isArray(list)) for (const child of list) quiet(child);
  }
  for (const key of ["properties", "patternProperties"]) {
    const map = schema[key];
    if (typeof map === "object" && map !== null) for (const child of Object.values(map)) quiet(child);
  }
}
