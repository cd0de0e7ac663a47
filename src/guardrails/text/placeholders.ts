/**
 * The placeholders masking guardrails write (`<PERSON>`, `<EMAIL_ADDRESS_ENCODED>`,
 * `<SECRET_KEY>`, `<BLOCKED_URL>`), and the ordinary stand-in value a classifier reads in place
 * of each.
 *
 * Why stand-ins: the input detectors judge the text after `pre_flight` masked it, and no
 * training text holds `<PERSON>`. Kept, the harmful model read it as the word "person" of "how
 * do I hurt a person" ("Please call <PERSON> at <PHONE_NUMBER>" scored 0.85, and the default
 * policy blocked 4-12% of presidio's benign sentences about people, by model version). Dropped,
 * "Send the invoice to ." read as an exfiltration with its address cut off (injection 0.82).
 * With a plain value of the same kind the sentence reads as it did before masking, to models
 * trained on unmasked text.
 *
 * Only these exact names: a caller who writes `<IGNORE_ALL_RULES>` keeps those words in view.
 */
import { ALL_ENTITY_TYPES } from "../pii/entities.ts";

const WORDS: Readonly<Record<string, string>> = {
  PERSON: "Alex Morgan",
  EMAIL_ADDRESS: "alex.morgan@example.org",
  DATE_TIME: "Monday",
  LOCATION: "Springfield",
  NRP: "Canadian",
  URL: "https://example.org/page",
  BLOCKED_URL: "https://example.org/page",
  IP_ADDRESS: "10.0.0.1",
  PHONE_NUMBER: "555-0100",
  CN_MOBILE: "555-0100",
  SECRET_KEY: "abc123",
};
/** Identity, account and card numbers: a number is what the sentence held. */
const NUMBER = "12345678";

/** What SecretKeys and URLFilter write; PII writes `<TYPE>` and `<TYPE_ENCODED>` for its entity types. */
export const SECRET_KEY_PLACEHOLDER = "<SECRET_KEY>";
export const BLOCKED_URL_PLACEHOLDER = "<BLOCKED_URL>";

const NAMES = [...ALL_ENTITY_TYPES, ...[SECRET_KEY_PLACEHOLDER, BLOCKED_URL_PLACEHOLDER].map((p) => p.slice(1, -1))];

/**
 * Every masking placeholder in a text, numbered ones of reversible masking included (global;
 * alternatives of literals after `<`: linear time).
 */
const MASK_PLACEHOLDER = new RegExp(`<(${NAMES.join("|")})(?:_ENCODED)?(?:_\\d+)?>`, "g");

/** The text with each masking placeholder replaced by its stand-in value. */
export function withStandIns(text: string): string {
  if (!text.includes("<")) return text;
  return text.replace(MASK_PLACEHOLDER, (_, name: string) => WORDS[name] ?? NUMBER);
}
