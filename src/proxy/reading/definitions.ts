/**
 * What a definition (a provider tool, a response format) gives the guardrails to judge: every
 * string and key of it at any depth, as the model reads them (DECISIONS §8, "Definitions").
 */
import { isObject } from "../../schema/json.ts";
import { isLongNumber } from "./fields.ts";

/**
 * JSON Schema's and the tool formats' own keywords: as keys they are structure (their values are
 * read). Every other key of a definition (a property name, `$comment`, `x-*`, a
 * `patternProperties` pattern, a `dependentSchemas` name) is text the model reads.
 */
const SCHEMA_KEYWORDS = new Set(
  (
    "type name description parameters properties items prefixItems required enum const default examples example title format pattern additionalProperties " +
    "patternProperties dependentSchemas dependentRequired propertyNames contains unevaluatedProperties unevaluatedItems anyOf oneOf allOf not if then else " +
    "minimum maximum minLength maxLength minItems maxItems uniqueItems multipleOf exclusiveMinimum exclusiveMaximum $ref $defs definitions $schema $id nullable " +
    "function functionDeclarations strict input_schema json_schema schema response_format cache_control"
  ).split(" "),
);

/** Every non-empty string, every key but schema keywords, and every number of 6+ digits in a value, to 64 levels. */
export function allStrings(value: unknown, into: string[], depth: number): void {
  if (depth > 64) return;
  if (typeof value === "string") {
    if (value.length > 0) into.push(value);
  } else if (typeof value === "number") {
    if (isLongNumber(value)) into.push(String(value));
  } else if (Array.isArray(value)) {
    for (const v of value) allStrings(v, into, depth + 1);
  } else if (isObject(value)) {
    for (const k in value) {
      if (!SCHEMA_KEYWORDS.has(k)) into.push(k);
      allStrings(value[k], into, depth + 1);
    }
  }
}

