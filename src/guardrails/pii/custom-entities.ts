/**
 * A PII entry's `custom_entities` (DECISIONS §14): recognisers of the user's own, each a name
 * (UPPER_SNAKE, masked as `<NAME>`), a JavaScript regular expression screened like SecretKeys'
 * `custom_patterns` (text/regex-safety.ts), optional context words that must occur within 40
 * characters of the value, an optional built-in checksum, and a score that ranks it against
 * overlapping detections. They run in the same engine as the built-in types, so they take part
 * in overlaps, masking, blocking, streams and reversible masking alike.
 */
import { Type, type Static } from "@sinclair/typebox";
import { unsafePatternReason } from "../text/regex-safety.ts";
import { GuardrailConfigError } from "../types.ts";
import { luhnValid, verhoeffValid } from "./checksums.ts";
import { isEntityType, type EntityType } from "./entities.ts";
import { regexRecognizer, type Recognizer, type Tier } from "./recognizer.ts";

export const CUSTOM_VALIDATORS = ["luhn", "mod97", "mod11", "verhoeff"] as const;
export type CustomValidator = (typeof CUSTOM_VALIDATORS)[number];

export const CustomEntitySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64 }),
    pattern: Type.String({ minLength: 1, maxLength: 2000 }),
    context: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 })),
    validator: Type.Optional(Type.String()),
    score: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);
export type CustomEntity = Static<typeof CustomEntitySchema>;

/** Characters either side of a value searched for its context words. */
const CONTEXT_WINDOW = 40;
const NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/**
 * The recognisers of `entities`. Throws `GuardrailConfigError` naming the field at fault: a name
 * not UPPER_SNAKE, taken by a built-in type or used twice, a pattern that does not compile or is
 * refused as catastrophic, an unknown validator.
 */
export function customRecognizersOf(entities: readonly CustomEntity[]): Recognizer[] {
  const seen = new Set<string>();
  return entities.map((entity, i) => {
    const at = `custom_entities[${i}]`;
    if (!NAME.test(entity.name)) throw new GuardrailConfigError(`${at}.name`, `'${entity.name.slice(0, 64)}' is not UPPER_SNAKE (letters A-Z, digits and single underscores, starting with a letter)`);
    if (isEntityType(entity.name)) throw new GuardrailConfigError(`${at}.name`, `'${entity.name}' is a built-in entity type; a custom entity needs a name of its own`);
    if (seen.has(entity.name)) throw new GuardrailConfigError(`${at}.name`, `'${entity.name}' is defined twice`);
    seen.add(entity.name);
    let pattern: RegExp;
    try {
      pattern = new RegExp(entity.pattern, "g");
    } catch (e) {
      throw new GuardrailConfigError(`${at}.pattern`, `invalid regular expression: ${(e as Error).message}`);
    }
    const unsafe = unsafePatternReason(entity.pattern);
    if (unsafe) throw new GuardrailConfigError(`${at}.pattern`, `pattern refused: ${unsafe}`);
    if (new RegExp(entity.pattern).test("")) throw new GuardrailConfigError(`${at}.pattern`, "pattern refused: it matches the empty string");
    const validate = entity.validator === undefined ? undefined : validatorOf(entity.validator, `${at}.validator`);
    const context = entity.context?.map((w) => w.toLowerCase());
    return regexRecognizer({
      // A custom name is an entity type of this engine's own: the engine keys on the string.
      entity: entity.name as EntityType,
      pattern,
      tier: tierOf(entity),
      // Ties with a built-in type of the same tier and length go to the user's own.
      priority: 60,
      ...(validate ? { validate } : {}),
      ...(context && context.length > 0 ? { context, contextWindow: CONTEXT_WINDOW, contextAfter: CONTEXT_WINDOW } : {}),
    });
  });
}

function validatorOf(name: string, path: string): (compact: string) => boolean {
  switch (name) {
    case "luhn":
      return (v) => /^\d{2,}$/.test(v) && luhnValid(v);
    case "verhoeff":
      return (v) => /^\d{2,}$/.test(v) && verhoeffValid(v);
    case "mod97":
      return mod97Valid;
    case "mod11":
      return mod11Valid;
    default:
      throw new GuardrailConfigError(path, `unknown validator '${name.slice(0, 64)}': expected one of ${CUSTOM_VALIDATORS.map((v) => `'${v}'`).join(", ")}`);
  }
}

/**
 * The overlap tier (recognizer.ts) a custom entity ranks at: its `score` when given (0.85 and
 * above: a checked format; 0.5 and above: a confirmed one; below, generic), else 3 with a
 * validator, 2 with context words, 2 otherwise (above generic phone numbers and names).
 */
function tierOf(entity: CustomEntity): Tier {
  if (entity.score !== undefined) return entity.score >= 0.85 ? 3 : entity.score >= 0.5 ? 2 : 1;
  return entity.validator !== undefined ? 3 : 2;
}

/** ISO 7064 MOD 97-10: the value's digits and letters (A=10 .. Z=35) read as one number leave 1 modulo 97. */
function mod97Valid(value: string): boolean {
  if (value.length < 3 || !/^[0-9A-Z]+$/.test(value)) return false;
  let rem = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    rem = c <= 57 ? (rem * 10 + (c - 48)) % 97 : (rem * 100 + (c - 55)) % 97;
  }
  return rem === 1;
}

/**
 * Weighted MOD 11: the digits before the last, from the right, weighted 2, 3, 4, 5, 6, 7, 2, ...;
 * the check digit is 11 minus the sum modulo 11 (11 is 0; 10 is written X).
 */
function mod11Valid(value: string): boolean {
  if (!/^\d+[\dX]$/.test(value)) return false;
  let sum = 0;
  for (let i = value.length - 2, w = 2; i >= 0; i--, w = w === 7 ? 2 : w + 1) sum += (value.charCodeAt(i) - 48) * w;
  const check = (11 - (sum % 11)) % 11;
  const last = value[value.length - 1]!;
  return check === 10 ? last === "X" : last === String(check);
}
