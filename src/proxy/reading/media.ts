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
  if (!header.endsWith(";base64")) return null;
  const semicolon = header.indexOf(";");
  return { mime: header.slice(0, semicolon), prefix: value.slice(0, comma + 1), base64: value.slice(comma + 1) };
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** Base64 as UTF-8 text; null when it is not valid UTF-8 (then it is not a text file after all). */
export function decodeBase64Text(base64: string): string | null {
  try {
    return decoder.decode(Buffer.from(base64, "base64"));
  } catch {
    return null;
  }
}

export function encodeBase64Text(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}
