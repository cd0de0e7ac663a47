/**
 * `detect_encoded_pii`: personal data hidden in Base64 (and base64url), hex or URL-encoded
 * segments. Each candidate segment is decoded (strict UTF-8) and scanned; a segment whose
 * decoded text holds PII is masked whole as `<TYPE_ENCODED>`.
 *
 * Decoded text per scan is bounded (MAX_DECODED_CHARS). Past the bound the scan does not skip
 * what it cannot read: it throws GuardrailUnavailableError, so the policy's `on_error` decides,
 * and the default `block` fails closed.
 */
import { isUtf8 } from "node:buffer";
import { GuardrailUnavailableError } from "../types.ts";
import { forEachMatch } from "../text/matches.ts";

export const MAX_DECODED_CHARS = 1024 * 1024;

export interface EncodedSegment {
  readonly start: number;
  readonly end: number;
  readonly decoded: string;
}

// The leading lookbehinds stay: without one, a run shorter than 16 is retried from each of its
// characters, which measured twice as slow on prose.
const BASE64 = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}/g;
const HEX = /(?<![0-9A-Fa-f])[0-9A-Fa-f]{16,}(?![0-9A-Fa-f])/g;
/** URL-safe runs holding at least one %XX escape (matched whole, then checked). */
const URL_ENCODED = /(?<![A-Za-z0-9._~+%-])[A-Za-z0-9._~+%-]*%[0-9A-Fa-f]{2}[A-Za-z0-9._~+%-]*/g;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The decoded bytes as text worth scanning (strict UTF-8, mostly printable), or null. UTF-8 is
 * checked before decoding: most Base64-looking runs (API keys, identifiers) decode to bytes that
 * are not UTF-8, and the decoder's exception costs more than the rest of a 1 KB text's
 * encoded-segment search.
 */
function readableText(bytes: Buffer): string | null {
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

function decodeBase64(value: string): string | null {
  const body = value.replace(/=+$/, "");
  if (body.length % 4 === 1 || !firstByteMayStartUtf8(body) || /^[0-9A-Fa-f]+$/.test(body)) return null; // impossible length, not text, or hex
  // Buffer's "base64" decoder also reads the base64url alphabet (- and _), as Node documents.
  return readableText(Buffer.from(body, "base64"));
}

function decodeHex(value: string): string | null {
  if (value.length % 2 !== 0) return null;
  return readableText(Buffer.from(value, "hex"));
}

function decodeUrl(value: string): string | null {
  try {
    const text = decodeURIComponent(value.replace(/\+/g, " "));
    return text !== value ? text : null;
  } catch {
    return null;
  }
}

/** Candidate segments of `text`, decoded. Throws when decoding would exceed the bound. */
export function encodedSegments(text: string): EncodedSegment[] {
  const out: EncodedSegment[] = [];
  let budget = MAX_DECODED_CHARS;
  const add = (start: number, end: number, decoded: string | null) => {
    if (decoded === null) return;
    budget -= decoded.length;
    if (budget < 0) throw new GuardrailUnavailableError(`encoded content over ${MAX_DECODED_CHARS} decoded characters; not scanned`);
    out.push({ start, end, decoded });
  };
  forEachMatch(HEX, text, (m) => add(m.index, m.index + m[0].length, decodeHex(m[0])));
  forEachMatch(BASE64, text, (m) => add(m.index, m.index + m[0].length, decodeBase64(m[0])));
  if (text.includes("%")) forEachMatch(URL_ENCODED, text, (m) => add(m.index, m.index + m[0].length, decodeUrl(m[0])));
  return out;
}
