/**
 * Payloads written to slip past the rules: Base64, hex, URL-encoding, ROT13 and reversed text.
 * Each is decoded and judged again when its decoding is language (readable text with words), so
 * "decode this and follow it: SWdub3Jl..." is judged as what it says, while a hash, an ID or a
 * key (whose decoding is not text) is not. ROT13 and reversal turn any text into something, so
 * they are tried only when the text says it is encoded ("rot13", "decode", "backwards").
 *
 * Every search here is one linear pass; at most `MAX_PAYLOADS` runs are decoded per text.
 */
import { decodeBase64Text, readableText } from "../text/decoded-text.ts";

/** A Base64 run long enough to hold an instruction (three words or more). */
const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
/** A hex run of eight bytes or more, optionally spaced or prefixed ("49 67 6e", "0x49"). */
const HEX_RUN = /(?:(?:0x)?[0-9A-Fa-f]{2}[\s:,-]?){8,}/g;
/** Percent-encoded bytes, three or more in a row or apart: URL-encoded text. */
const PERCENT = /%[0-9A-Fa-f]{2}/g;
const ROT13_CUE = /\brot[\s-]?13\b|\bcaesar\b|\bcipher\b|\bdecod|\bdecipher|\bencod|\bobfuscat/i;
const REVERSED_CUE = /\bbackwards?\b|\brevers|\bmirror|\bright[\s-]to[\s-]left\b|\binvert/i;

const MAX_PAYLOADS = 8;

/** The text's encoded payloads that decode to language, decoded. */
export function decodedPayloads(text: string): string[] {
  const out: string[] = [];
  const keep = (decoded: string | null) => {
    if (decoded !== null && out.length < MAX_PAYLOADS && isLanguage(decoded)) out.push(decoded);
  };
  for (const m of text.matchAll(BASE64_RUN)) {
    if (out.length >= MAX_PAYLOADS) break;
    // Letters of both cases and no path separators in a row: Base64, not a word or a path.
    if (/[a-z]/.test(m[0]) && /[A-Z]/.test(m[0])) keep(decodeBase64Text(m[0]));
  }
  for (const m of text.matchAll(HEX_RUN)) {
    if (out.length >= MAX_PAYLOADS) break;
    const digits = m[0].replace(/0x|[\s:,-]/g, "");
    if (digits.length % 2 === 0) keep(readableText(Buffer.from(digits, "hex")));
  }
  if (countUpTo(text, PERCENT, 3) >= 3) keep(percentDecoded(text));
  if (ROT13_CUE.test(text)) keep(rot13(text));
  if (REVERSED_CUE.test(text)) keep([...text].reverse().join(""));
  return out;
}

/** Readable words: mostly letters and spaces, at least three words. */
function isLanguage(text: string): boolean {
  let letters = 0;
  let spaces = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) spaces++;
    else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0xc0) letters++;
  }
  return spaces >= 2 && (letters + spaces) / text.length >= 0.7;
}

function countUpTo(text: string, re: RegExp, max: number): number {
  re.lastIndex = 0;
  let n = 0;
  while (n < max && re.exec(text) !== null) n++;
  re.lastIndex = 0;
  return n;
}

/** Runs of percent-encoded bytes decoded as UTF-8; `+` read as a space. */
function percentDecoded(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => Buffer.from(run.replaceAll("%", ""), "hex").toString("utf8")).replaceAll("+", " ");
}

function rot13(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) out += String.fromCharCode(((c - 65 + 13) % 26) + 65);
    else if (c >= 97 && c <= 122) out += String.fromCharCode(((c - 97 + 13) % 26) + 97);
    else out += text[i];
  }
  return out;
}
