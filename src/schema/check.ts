/**
 * Typebox validation with messages that name the field: every file and request schema in the
 * project is compiled once here and reports issues as `input.guardrails[0].config.block: ...`.
 */
import type { Static, TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";

export interface SchemaIssue {
  /** Dotted path such as `input.guardrails[0].name`; empty for the document itself. */
  readonly path: string;
  readonly message: string;
}

export type CheckResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: readonly SchemaIssue[] };

export type Checker<T extends TSchema> = (value: unknown) => CheckResult<Static<T>>;

export function compileChecker<T extends TSchema>(schema: T): Checker<T> {
  const compiled = TypeCompiler.Compile(schema);
  return (value) => {
    if (compiled.Check(value)) return { ok: true, value };
    return { ok: false, issues: toIssues(compiled.Errors(value)) };
  };
}

/**
 * Typebox errors as issues, one per field, the first `limit` fields. Values are never quoted:
 * they may be PII. Errors are read lazily, so a body with a million bad fields costs `limit`.
 */
export function toIssues(errors: Iterable<{ readonly path: string; readonly message: string; readonly value: unknown; readonly schema?: unknown }>, limit = Infinity): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (issues.length >= limit) break;
    const path = formatPath(error.path);
    // Unions and missing fields report several errors per field; the first is the useful one.
    if (seen.has(path)) continue;
    seen.add(path);
    issues.push({ path, message: allowedValues(error.schema, error.value) ?? unknownField(error.message, error.path, error.schema) ?? describe(error.message, error.value) });
  }
  return issues;
}

/** `/input/guardrails/0/name` becomes `input.guardrails[0].name`. */
export function formatPath(pointer: string): string {
  let out = "";
  for (const raw of pointer.split("/").slice(1)) {
    const part = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

export function joinPath(prefix: string, path: string): string {
  if (!path) return prefix;
  if (!prefix) return path;
  return path.startsWith("[") ? prefix + path : `${prefix}.${path}`;
}

export function formatIssues(issues: readonly SchemaIssue[]): string {
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
}

/**
 * For a field that takes one of fixed values (a union of literals, or a literal), the values it
 * takes: "expected one of 'block', 'alert'"; for a long list, its size and the closest value
 * ("not one of the 47 accepted values; did you mean 'EMAIL_ADDRESS'?"). Values shown come from
 * the schema, never from the value sent.
 */
function allowedValues(schema: unknown, value: unknown): string | null {
  const options = (schema as { anyOf?: unknown } | undefined)?.anyOf;
  if (!Array.isArray(options) || options.length === 0) return null;
  const consts = options.map((o) => (o as { const?: unknown }).const);
  if (!consts.every((c) => typeof c === "string" || typeof c === "number" || typeof c === "boolean")) return null;
  if (consts.length <= MAX_LISTED) return `expected one of ${consts.map((c) => (typeof c === "string" ? `'${c}'` : String(c))).join(", ")}`;
  const closest = typeof value === "string" ? closestOf(value, consts.filter((c): c is string => typeof c === "string")) : null;
  return `not one of the ${consts.length} accepted values${closest ? `; did you mean '${closest}'?` : ""}`;
}

/** Lists longer than this are not printed whole. */
const MAX_LISTED = 8;

/** The accepted value nearest to `value` (edit distance, case ignored), when it is near at all. */
export function closestOf(value: string, accepted: readonly string[]): string | null {
  const v = value.toUpperCase().slice(0, 64);
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const a of accepted) {
    const d = a.toUpperCase().startsWith(v) || a.toUpperCase().includes(v) ? Math.max(0, a.length - v.length) / 4 : editDistance(v, a.toUpperCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = a;
    }
  }
  return best !== null && bestDistance <= Math.max(2, best.length / 2) ? best : null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * An unknown field, with the object's field nearest to it ("unknown field; did you mean
 * 'confidence_threshold'?"): the suggestion comes from the schema, never from the value sent.
 */
function unknownField(message: string, pointer: string, schema: unknown): string | null {
  if (message !== "Unexpected property") return null;
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  if (!properties) return null;
  const key = pointer.slice(pointer.lastIndexOf("/") + 1).replaceAll("~1", "/").replaceAll("~0", "~");
  const closest = closestKey(key, Object.keys(properties));
  return closest ? `unknown field; did you mean '${closest}'?` : null;
}

/** The field name nearest to `key`, when it is a likely typo of it (an edit or two, a quarter of its length). */
function closestKey(key: string, keys: readonly string[]): string | null {
  if (key.length > 64) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const k of keys) {
    const d = editDistance(key.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = k;
    }
  }
  return best !== null && bestDistance > 0 && bestDistance <= Math.max(2, Math.floor(best.length / 4)) ? best : null;
}

function describe(message: string, value: unknown): string {
  if (message === "Unexpected property") return "unknown field";
  if (message === "Expected required property" || (value === undefined && message.startsWith("Expected"))) return "required field is missing";
  return message.charAt(0).toLowerCase() + message.slice(1);
}
