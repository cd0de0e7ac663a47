/**
 * Content sent as data rather than text (DECISIONS §8): images, audio and files, as data URLs
 * or bare Base64. Text-like files (`text/*`, JSON, CSV, Markdown, ...) are decoded so they can
 * be guarded like any text, and re-encoded when masking changed them; the rest cannot be read.
 */

/** What cannot be read, by kind: the metric's `kind` label and the log line's names. */
export type UnreadableKind = "image" | "audio" | "file";

const TEXT_MIMES = new Set([
  "application/json",
  "application/ld+json",
  "application/x-ndjson",
  "application/jsonl",
  "application/xml",
  "application/yaml",
  "application/x-yaml",
  "application/csv",
  "application/javascript",
  "application/x-sh",
]);

const TEXT_EXTENSIONS = new Set(["txt", "text", "md", "markdown", "csv", "tsv", "json", "jsonl", "ndjson", "xml", "yaml", "yml", "html", "htm", "log", "ini", "toml", "sql", "py", "js", "ts", "sh"]);

export function isTextMime(mime: string): boolean {
  const m = mime.trim().toLowerCase();
  return m.startsWith("text/") || TEXT_MIMES.has(m);
}

/** The kind of a non-text media type. */
export function kindOfMime(mime: string): UnreadableKind {
  const m = mime.trim().toLowerCase();
  if (m.startsWith("image/")) return "image";
  if (m.startsWith("audio/")) return "audio";
  return "file";
}

/** A file name's extension says text (`notes.md`, `data.csv`). */
export function isTextFileName(name: string): boolean {
  const dot = name.lastIndexOf(".");
  return dot !== -1 && TEXT_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

export interface DataUrl {
  readonly mime: string;
  /** The `charset` parameter, lower-cased, when the URL declares one. */
  readonly charset?: string;
  /** Everything up to and including `base64,`: kept as it was when the data is re-encoded. */
  readonly prefix: string;
  readonly base64: string;
}

/** `data:<mime>[;...];base64,<data>`; null for anything else (a plain URL, non-Base64 data). */
export function parseDataUrl(value: string): DataUrl | null {
  if (!value.startsWith("data:")) return null;
  const comma = value.indexOf(",");
  if (comma === -1) return null;
  const header = value.slice(5, comma);
  if (!header.toLowerCase().endsWith(";base64")) return null;
  const params = header.split(";");
  const charset = charsetOf(params.slice(1));
  return { mime: params[0]!, ...(charset ? { charset } : {}), prefix: value.slice(0, comma + 1), base64: value.slice(comma + 1) };
}

export interface PercentDataUrl {
  readonly mime: string;
  readonly charset?: string;
  /** Everything up to and including the comma: kept as it was when the data is re-encoded. */
  readonly prefix: string;
  /** The data, percent-encoded (or plain). */
  readonly data: string;
}

/** `data:[<mime>][;...],<percent-encoded data>` (no `;base64`); null for anything else. */
export function parsePercentDataUrl(value: string): PercentDataUrl | null {
  if (!value.startsWith("data:")) return null;
  const comma = value.indexOf(",");
  if (comma === -1) return null;
  const header = value.slice(5, comma);
  if (header.toLowerCase().endsWith(";base64")) return null;
  const params = header.split(";");
  const charset = charsetOf(params.slice(1));
  // A data URL without a media type is `text/plain` (RFC 2397).
  return { mime: params[0]!.trim() || "text/plain", ...(charset ? { charset } : {}), prefix: value.slice(0, comma + 1), data: value.slice(comma + 1) };
}

/** Percent-decoded bytes (a `%` not followed by two hex digits stays as it is). */
export function percentDecode(data: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (c === 0x25 && /^[0-9A-Fa-f]{2}$/.test(data.slice(i + 1, i + 3))) {
      bytes.push(parseInt(data.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c < 0x80) bytes.push(c);
    else for (const b of Buffer.from(data[i]!, "utf8")) bytes.push(b);
  }
  return Uint8Array.from(bytes);
}

/** Bytes percent-encoded: unreserved characters as they are, every other byte as `%XX`. */
export function percentEncode(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += /[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) && b < 0x80 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}

/** The `charset` of a media type's parameters (`charset="UTF-16LE"` is `utf-16le`), if one is given. */
export function charsetOf(params: readonly string[]): string | undefined {
  const found = params.find((p) => p.trim().toLowerCase().startsWith("charset="));
  return found?.trim().slice(8).replace(/^"|"$/g, "").toLowerCase() || undefined;
}

/** Standard or URL-safe Base64, whitespace allowed between groups, padding at the end only. */
const STRICT_BASE64 = /^[A-Za-z0-9+/\-_\s]*={0,2}\s*$/;

/** Whether `value` is Base64 and nothing else (Node's decoder skips what is not, silently). */
export function isStrictBase64(value: string): boolean {
  return STRICT_BASE64.test(value);
}

/** The text a file's bytes hold, and how to write text back the same way. */
export interface DecodedText {
  readonly text: string;
  readonly encode: (text: string) => Uint8Array;
}

/**
 * A text file's bytes as text, in the encoding it declares or shows (issue: one stray byte made
 * a document unreadable and so unscanned). In order: a byte-order mark (UTF-8, UTF-16 LE/BE);
 * a declared `charset`; UTF-8; UTF-16 shown by zero bytes in every other position; UTF-8 with a
 * few stray bytes (two, or one in 100). Anything else is not text: null.
 */
export function decodeTextBytes(bytes: Uint8Array, charset?: string): DecodedText | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8(bytes.subarray(3), BOM_UTF8);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes.subarray(2), "le", true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes.subarray(2), "be", true);
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8" && charset !== "us-ascii") {
    if (charset === "utf-16le" || charset === "utf-16") return utf16(bytes, "le", false);
    if (charset === "utf-16be") return utf16(bytes, "be", false);
    if (LATIN1_CHARSETS.has(charset)) return { text: new TextDecoder("windows-1252").decode(bytes), encode: (t) => Buffer.from(t, "latin1") };
  }
  const strict = utf8(bytes, EMPTY);
  if (strict) return strict;
  const zeros = zeroPositions(bytes);
  if (zeros === "odd") return utf16(bytes, "le", false);
  if (zeros === "even") return utf16(bytes, "be", false);
  const lenient = new TextDecoder("utf-8").decode(bytes);
  let replaced = 0;
  for (let i = lenient.indexOf("\ufffd"); i !== -1; i = lenient.indexOf("\ufffd", i + 1)) replaced++;
  if (replaced > Math.max(2, bytes.length / 100) || !mostlyPrintable(lenient)) return null;
  return { text: lenient, encode: (t) => new TextEncoder().encode(t) };
}

const EMPTY = new Uint8Array(0);
const BOM_UTF8 = new Uint8Array([0xef, 0xbb, 0xbf]);
const LATIN1_CHARSETS = new Set(["iso-8859-1", "latin1", "latin-1", "windows-1252", "cp1252", "iso-8859-15"]);
const fatalUtf8 = new TextDecoder("utf-8", { fatal: true });

function utf8(bytes: Uint8Array, bom: Uint8Array): DecodedText | null {
  try {
    const text = fatalUtf8.decode(bytes);
    return { text, encode: (t) => concat(bom, new TextEncoder().encode(t)) };
  } catch {
    return null;
  }
}

function utf16(bytes: Uint8Array, order: "le" | "be", bom: boolean): DecodedText | null {
  if (bytes.length % 2 !== 0) return null;
  const text = new TextDecoder(order === "le" ? "utf-16le" : "utf-16be").decode(bytes);
  const encode = (t: string): Uint8Array => {
    const le = Buffer.from(t, "utf16le");
    if (order === "be") for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
    return bom ? concat(order === "le" ? new Uint8Array([0xff, 0xfe]) : new Uint8Array([0xfe, 0xff]), le) : le;
  };
  return mostlyPrintable(text) ? { text, encode } : null;
}

/** UTF-16 text of Latin script has a zero byte in every other position. */
function zeroPositions(bytes: Uint8Array): "odd" | "even" | null {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  let odd = 0;
  let even = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0) i % 2 === 0 ? even++ : odd++;
  const pairs = bytes.length / 2;
  if (odd >= pairs * 0.3 && even === 0) return "odd";
  if (even >= pairs * 0.3 && odd === 0) return "even";
  return null;
}

/** Text, not binary that happened to decode: few control characters. */
function mostlyPrintable(text: string): boolean {
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffd) control++;
  }
  return control * 20 <= text.length;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Base64 of a text file as text; null when it is not text in any encoding it declares or shows. */
export function decodeBase64Text(base64: string, charset?: string): DecodedText | null {
  return decodeTextBytes(Buffer.from(base64, "base64"), charset);
}

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}
