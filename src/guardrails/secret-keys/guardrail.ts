/** The `SecretKeys` guardrail (DECISIONS §3): API keys, tokens, private keys, passwords. */
import { Type, type Static } from "@sinclair/typebox";
import { forEachMatch } from "../text/matches.ts";
import { normalizeText, toOriginalSpan } from "../text/normalize.ts";
import { SECRET_KEY_PLACEHOLDER } from "../text/placeholders.ts";
import { unsafePatternReason } from "../text/regex-safety.ts";
import { replaceSpans, resolveOverlaps, type Span } from "../text/spans.ts";
import { GuardrailConfigError, type GuardrailDefinition, type Masker } from "../types.ts";
import { looksRandom, type EntropyRule } from "./entropy.ts";
import { decodeBase64Text } from "../text/decoded-text.ts";
import { isEncodedProse, isPublishedExample } from "./published-examples.ts";
import { findSplitKeys, openKeyStart } from "./split-keys.ts";
import { ASSIGNMENT_PATTERN, AUTHORIZATION_PATTERN, COMMAND_LINE_PASSWORDS, findPrivateKeys, type ContextualPassword, PREFIXED_PASSWORD_PATTERN, STATED_PASSWORD_PATTERN, TOKEN_PATTERN, URL_PASSWORD_PATTERN, VENDOR_KINDS, VENDOR_PATTERN, type SecretPattern } from "./patterns.ts";

export const SecretKeysConfigSchema = Type.Object(
  {
    block: Type.Optional(Type.Boolean()),
    /** Numbered placeholders, restored in the answer (DECISIONS §9). */
    reversible: Type.Optional(Type.Boolean()),
    threshold: Type.Optional(Type.Union([Type.Literal("strict"), Type.Literal("balanced"), Type.Literal("permissive")])),
    custom_patterns: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
  },
  { additionalProperties: false },
);
export type SecretKeysConfig = Static<typeof SecretKeysConfigSchema>;
type Threshold = NonNullable<SecretKeysConfig["threshold"]>;

/**
 * What each threshold adds to the vendor formats, private keys and URL passwords that every
 * threshold catches. `strict` catches more and accepts more false positives.
 */
const ENTROPY_RULES: Record<Threshold, EntropyRule | null> = {
  strict: { minLength: 16, minEntropy: 3.0, minHexLength: 32, hexNeedsContext: false, mixedCase: false },
  balanced: { minLength: 24, minEntropy: 3.7, minHexLength: 32, hexNeedsContext: true, mixedCase: true },
  permissive: null,
};

/** `password = ...` and `PGPASSWORD=...`: only the value is masked. */
const ASSIGNMENTS: readonly SecretPattern[] = [ASSIGNMENT_PATTERN, PREFIXED_PASSWORD_PATTERN];

/** Values after `password=` that are references or placeholders, not secrets. */
const NOT_A_VALUE = /^(?:[$%{<(*]|\*+$|x+$|null$|none$|undefined$|true$|false$|process\.env|os\.environ|env\[)|\(/i;

export function createSecretKeysMasker(config: SecretKeysConfig): Masker {
  const block = config.block ?? false;
  const reversible = config.reversible ?? false;
  const threshold: Threshold = config.threshold ?? "balanced";
  const entropy = ENTROPY_RULES[threshold];
  const custom = (config.custom_patterns ?? []).map((source, i) => compileCustom(source, i));
  const patterns: readonly SecretPattern[] = [URL_PASSWORD_PATTERN, ...custom];
  // Every threshold but permissive also reads values by what surrounds them: assignments,
  // passwords told in words, authorization headers, command lines.
  const contextual = threshold !== "permissive";

  return {
    kind: "masker",
    name: "SecretKeys",
    openPrefix: openKeyStart,
    mask(original, context) {
      const norm = normalizeText(original);
      const text = norm.text;
      const found: Span[] = [];
      findPrivateKeys(text, (start, end) => found.push({ start, end, label: "private_key", priority: 100 }));
      findVendorKeys(text, (start, end, kind) => found.push({ start, end, label: kind, priority: 90 }));
      findSplitKeys(text, (start, end, kind) => found.push({ start, end, label: kind, priority: 90 }));
      for (const sp of patterns) findAll(sp, text, (start, end) => found.push({ start, end, label: sp.kind, priority: 90 }));
      if (contextual) {
        for (const assignment of ASSIGNMENTS) {
          findAll(assignment, text, (start, end) => {
            if (!NOT_A_VALUE.test(text.slice(start, end))) found.push({ start, end, label: assignment.kind, priority: 60 });
          });
        }
        findAll(STATED_PASSWORD_PATTERN, text, (start, end) => {
          const valueEnd = statedValueEnd(text, start, end);
          if (valueEnd > start) found.push({ start, end: valueEnd, label: STATED_PASSWORD_PATTERN.kind, priority: 60 });
        });
        findAll(AUTHORIZATION_PATTERN, text, (start, end) => {
          if (credentialValue(text.slice(start, end))) found.push({ start, end, label: AUTHORIZATION_PATTERN.kind, priority: 60 });
        });
        for (const password of COMMAND_LINE_PASSWORDS) {
          findAll(password, text, (start, end) => {
            if (!NOT_A_VALUE.test(text.slice(start, end)) && inContext(text, start, password)) found.push({ start, end, label: password.kind, priority: 60 });
          });
        }
      }
      if (entropy) {
        forEachMatch(TOKEN_PATTERN, text, (m) => {
          if (!dataUriPayload(text, m.index) && looksRandom(m[0], entropy, text, m.index)) {
            found.push({ start: m.index, end: m.index + m[0].length, label: "high_entropy_token", priority: 10 });
          }
        });
      }
      const vault = context?.vault && (reversible || context.vault.forced) ? context.vault : null;
      // A published example is left whole: the parts of the example JWT are no secrets either.
      const examples = found.filter((f) => isPublishedExample(text.slice(f.start, f.end)));
      const inExample = (f: Span) => examples.some((e) => e.start <= f.start && f.end <= e.end);
      const kept = resolveOverlaps(found.filter((f) => !placeholder(text, f) && !inExample(f))).map((s) => {
        const [start, end] = toOriginalSpan(norm, s.start, s.end);
        return { start, end, replacement: vault ? vault.placeholderFor("SECRET_KEY", original.slice(start, end)) : SECRET_KEY_PLACEHOLDER, kind: s.label };
      });
      const kinds = [...new Set(kept.map((k) => k.kind))];
      const masked = replaceSpans(original, kept);
      return {
        text: masked,
        tripped: block && kept.length > 0,
        labels: kinds,
        info: {
          guardrail_name: "SecretKeys",
          secrets_detected: kept.length > 0,
          detected_kinds: kinds,
          count: kept.length,
          threshold,
          block_mode: block,
          checked_text: masked,
        },
        spans: kept,
      };
    },
  };
}

const TRAILING_PUNCTUATION = /[.,;:?)\]]+$/;
const QUOTES = "\"'\u201C\u2018";
/** A character that words do not have: a digit or a symbol, or a capital inside (SuperSecret). */
const PASSWORD_LIKE = /[0-9!@#$%^&*_+=~]|[a-z][A-Z]/;

/**
 * Where the value of "password is <value>" ends, the sentence's punctuation left out; `start`
 * when it is a word and no value ("the password is incorrect", "is required"): only a quoted
 * value, or one with a digit, a symbol or a capital inside, is a password told.
 */
function statedValueEnd(text: string, start: number, end: number): number {
  const value = text.slice(start, end).replace(TRAILING_PUNCTUATION, "");
  if (value.length < 4 || NOT_A_VALUE.test(value)) return start;
  const quoted = start > 0 && QUOTES.includes(text[start - 1]!);
  return quoted || PASSWORD_LIKE.test(value) ? start + value.length : start;
}

/** An identifier in capitals (`ACCESS_TOKEN`, `API_KEY`): a name standing for a value. */
const CAPITALISED_NAME = /^[A-Z][A-Z_]*$/;

/**
 * A credential after an authorization scheme, not a reference, a name standing for one, or a
 * word ("Bearer followed by your key"): a value has a digit, a symbol or a capital inside. Basic
 * credentials of a placeholder user and password (`dXNlcm5hbWU6cGFzc3dvcmQ=`,
 * "username:password", the documentation's favourite) or of no password are examples; a real
 * user name with "password" (admin:password) is a default credential, and masked.
 */
function credentialValue(value: string): boolean {
  if (NOT_A_VALUE.test(value) || CAPITALISED_NAME.test(value) || !PASSWORD_LIKE.test(value)) return false;
  const decoded = decodeBase64Text(value);
  const colon = decoded?.indexOf(":") ?? -1;
  if (decoded === null || colon === -1) return true;
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (password.length === 0 || NOT_A_VALUE.test(password)) return false;
  return !(PLACEHOLDER_USER.test(user) && PLACEHOLDER.test(password));
}

/** The user half of an example `user:password`. */
const PLACEHOLDER_USER = /^(?:user(?:name)?|login|name|your.*|.*example.*|<.*>)$/i;

/** How far around a contextual password its context is looked for (bounded: linear time). */
const CONTEXT_WINDOW = 300;

/**
 * Whether the password at `at` is in its context: the line around it (within CONTEXT_WINDOW
 * characters each way), or the CONTEXT_WINDOW characters before it.
 */
function inContext(text: string, at: number, password: ContextualPassword): boolean {
  const from = Math.max(0, at - CONTEXT_WINDOW);
  if (password.near === "before") return password.context.test(text.slice(from, at));
  const window = text.slice(from, Math.min(text.length, at + CONTEXT_WINDOW));
  const lineStart = window.lastIndexOf("\n", at - from) + 1;
  const lineEnd = window.indexOf("\n", at - from);
  return password.context.test(window.slice(lineStart, lineEnd === -1 ? undefined : lineEnd));
}

/**
 * Values that say they are placeholders: documentation and model answers are full of them
 * (`sk-your-key-here`, `YOUR_API_KEY`, `changeme`, `REPLACE_ME`, AWS's `...EXAMPLEKEY`,
 * `user:password@host`), and on an output stage with `block: true` each one blocked a whole
 * answer. Private keys and `custom_patterns` are never second-guessed.
 */
const PLACEHOLDER = /your|example|placeholder|change[_-]?me|replace[_-]?me|dummy|redacted|x{4,}|\.\.\.|^(?:password|passwd|pass|secret|token)$/i;

function placeholder(text: string, span: Span): boolean {
  if (span.label === "private_key" || span.label === "custom") return false;
  const value = text.slice(span.start, span.end);
  return PLACEHOLDER.test(value) || (span.label === "high_entropy_token" && isEncodedProse(value));
}

/**
 * The content of a `data:` URI (`data:image/png;base64,iVBOR...`): an embedded image or file is
 * random-looking by nature and no credential; masking it only breaks the document.
 */
function dataUriPayload(text: string, at: number): boolean {
  return at >= 7 && text.startsWith("base64,", at - 7) && text.lastIndexOf("data:", at) >= Math.max(0, at - 200);
}

/** Runs a pattern; when it has a first capture group, only that group is reported. */
function findVendorKeys(text: string, emit: (start: number, end: number, kind: string) => void): void {
  forEachMatch(VENDOR_PATTERN, text, (m) => {
    let group = 1;
    while (m[group] === undefined) group++;
    emit(m.index, m.index + m[0].length, VENDOR_KINDS[group - 1]!);
  });
}

function findAll(sp: SecretPattern, text: string, emit: (start: number, end: number) => void): void {
  forEachMatch(sp.pattern, text, (m) => {
    const g = m.indices?.[1];
    if (g) emit(g[0], g[1]);
    else emit(m.index, m.index + m[0].length);
  });
}

function compileCustom(source: string, index: number): SecretPattern {
  const path = `custom_patterns[${index}]`;
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, "g");
  } catch (e) {
    throw new GuardrailConfigError(path, `invalid regular expression: ${(e as Error).message}`);
  }
  const unsafe = unsafePatternReason(source);
  if (unsafe) throw new GuardrailConfigError(path, `pattern refused: ${unsafe}`);
  return { kind: "custom", pattern };
}

export const secretKeysDefinition: GuardrailDefinition<SecretKeysConfig> = {
  name: "SecretKeys",
  kind: "masker",
  configSchema: SecretKeysConfigSchema,
  suppressEnforcementByDefault: false,
  create: createSecretKeysMasker,
  describe: (labels) => `secret detected (${labels.join(", ")})`,
};
