/**
 * `detect_encoded_pii`: personal data hidden in Base64 (and base64url), hex or URL-encoded
 * segments. Each candidate segment is decoded (strict UTF-8) and scanned; a segment whose
 * decoded text holds PII is masked whole as `<TYPE_ENCODED>`.
 *
 * Decoded text per scan is bounded (MAX_DECODED_CHARS). Past the bound the scan does not skip
 * what it cannot read: it throws GuardrailUnavailableError, so the policy's `on_error` decides,
 * and the default `block` fails closed.
 */
import { GuardrailUnavailableError } from "../types.ts";
import { decodeBase64Text, readableText } from "../text/decoded-text.ts";
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
  forEachMatch(BASE64, text, (m) => add(m.index, m.index + m[0].length, decodeBase64Text(m[0])));
  if (text.includes("%")) forEachMatch(URL_ENCODED, text, (m) => add(m.index, m.index + m[0].length, decodeUrl(m[0])));
  return out;
}
