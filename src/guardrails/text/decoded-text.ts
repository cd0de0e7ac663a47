/**
 * Encoded runs decoded into text worth reading: PII looks inside them (detect_encoded_pii), and
 * SecretKeys tells Base64 of prose from an encoded credential.
 */
import { isUtf8 } from "node:buffer";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The decoded bytes as text worth scanning (strict UTF-8, mostly printable), or null. UTF-8 is
 * checked before decoding: most Base64-looking runs (API keys, identifiers) decode to bytes that
 * are not UTF-8, and the decoder's exception costs more than the rest of a 1 KB text's
 * encoded-segment search.
 */
export function readableText(bytes: Buffer): string | null {
  if (!isUtf8(bytes)) return null;
  const text = utf8.decode(bytes);
  return printable(text) ? text : null;
}

/** Mostly printable: text, not binary data that happened to decode. */
function printable(text: string): boolean {
  if (text.length === 0) return false;
  let bad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd) bad++;
  }
  return bad / text.length < 0.05;
}

/** The 6-bit value of a Base64 or base64url character (the pattern admits no other). */
function sextet(c: number): number {
  if (c >= 65 && c <= 90) return c - 65; // A-Z
  if (c >= 97 && c <= 122) return c - 71; // a-z
  if (c >= 48 && c <= 57) return c + 4; // 0-9
  return c === 43 || c === 45 ? 62 : 63; // + -, / _
}

/**
 * Whether the decoded bytes can be UTF-8 at all, from the first character: the top six bits of
 * the first byte. 10xxxx is a continuation byte and 11111x is never UTF-8, so a run that starts
 * with one of those 18 characters is not text; common API keys do ("sk-", "ghp_"), and are then
 * not decoded.
 */
function firstByteMayStartUtf8(body: string): boolean {
  const v = sextet(body.charCodeAt(0));
  return v < 32 || (v > 47 && v < 62);
}

/** A Base64 or base64url run decoded, when it is text (see readableText); else null. */
export function decodeBase64Text(value: string): string | null {
  const body = value.replace(/=+$/, "");
  if (body.length % 4 === 1 || !firstByteMayStartUtf8(body) || /^[0-9A-Fa-f]+$/.test(body)) return null; // impossible length, not text, or hex
  // Buffer's "base64" decoder also reads the base64url alphabet (- and _), as Node documents.
  return readableText(Buffer.from(body, "base64"));
}
