/**
 * Values that look like credentials but are not: keys and tokens printed in vendors'
 * documentation, which every coding answer quotes, and Base64 that decodes to prose. A
 * high-entropy string is a secret when its shape or its context says so; these say otherwise.
 */
import { decodeBase64Text } from "../text/decoded-text.ts";

/** Example credentials from public documentation, exactly as published. */
const PUBLISHED = new Set([
  // Stripe's documentation test keys.
  "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
  "pk_test_TYooMQauvdEDq54NiTphI7jx",
]);

/** The payload of the example JWT on jwt.io and in tutorials (any algorithm, any signature), spaces removed. */
const JWT_EXAMPLE_PAYLOAD = '{"sub":"1234567890","name":"JohnDoe","iat":1516239022}';

const JWT = /^eyJ[A-Za-z0-9_-]+\.(eyJ[A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+$/;

export function isPublishedExample(value: string): boolean {
  if (PUBLISHED.has(value)) return true;
  const jwt = JWT.exec(value);
  return jwt !== null && decodeBase64Text(jwt[1]!)?.replace(/\s/g, "") === JWT_EXAMPLE_PAYLOAD;
}

/**
 * Base64 of ordinary text ("SGVsbG8sIHdvcmxkIQ==" is "Hello, world!"): strict UTF-8 and
 * printable, with spaces between words. An encoded credential ("user:password", a random key)
 * has no spaces, so it stays a secret; PII inside encoded text is the PII guardrail's
 * `detect_encoded_pii`.
 */
export function isEncodedProse(value: string): boolean {
  const decoded = decodeBase64Text(value);
  if (decoded === null || decoded.length < 12) return false;
  let n = 0;
  let printable = 0;
  let spaces = 0;
  let letters = 0;
  for (const ch of decoded) {
    n++;
    const c = ch.codePointAt(0)!;
    if (c === 0x20) spaces++;
    if (c === 0x20 || c === 0x0a || c === 0x09 || (c > 0x20 && c < 0x7f) || (c >= 0xa0 && c !== 0xfffd)) printable++;
    if (/\p{L}/u.test(ch)) letters++;
  }
  return printable / n >= 0.97 && spaces >= 2 && spaces / n >= 0.08 && letters / n >= 0.6;
}
