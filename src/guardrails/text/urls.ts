import { forEachMatch } from "./matches.ts";
import { resolveOverlaps, type Span } from "./spans.ts";

/**
 * Finds URLs in text: `scheme://...`, `www.` addresses and bare domains with a common TLD.
 * Each pattern starts with a lookbehind that forbids a start inside its own run, so a long
 * hostile run is tried once (linear time).
 */

export interface FoundUrl {
  readonly start: number;
  readonly end: number;
  /** Lower-case scheme without `:`; null for `www.` and bare domains. */
  readonly scheme: string | null;
  /** Lower-case host without port or brackets. */
  readonly host: string;
  readonly port: string;
  readonly hasUserinfo: boolean;
  /** Path, query and fragment, as written. */
  readonly rest: string;
}

const SCHEME_URL = /(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{0,31}):\/\/[^\s<>"'`{}|\\^]+/g;
const WWW_URL = /(?<![A-Za-z0-9.@-])www\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+[^\s<>"'`{}|\\^]*/gi;

/**
 * TLDs accepted for bare domains (`example.com/path`). Country codes that are also common file
 * extensions (py, sh, pl, md, rs, ts, js, ...) are left out on purpose: `main.py` is not a URL.
 */
const BARE_TLDS = [
  "com", "org", "net", "edu", "gov", "mil", "int", "io", "ai", "dev", "app", "co", "info", "biz", "xyz", "me", "tv", "cloud", "tech",
  "online", "site", "store", "shop", "blog", "news", "uk", "de", "fr", "jp", "cn", "ru", "br", "in", "it", "es", "nl", "ca", "au", "ch",
  "se", "no", "eu", "us", "be", "at", "dk", "fi", "pt", "ie", "nz", "za", "mx", "ar", "kr", "tw", "hk", "sg", "pk", "tr", "gr", "cz",
  "hu", "ro", "ua", "il", "ly", "gg", "fm", "to", "so", "ws",
];
// Labels are matched loosely (`[A-Za-z0-9-]+`) and checked after the match: the stricter nested
// form `[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?` backtracks super-linearly on `a.a.a.…`.
const BARE_URL = new RegExp(
  `(?<![A-Za-z0-9@.:/_-])(?:[A-Za-z0-9-]+\\.)+(?:${BARE_TLDS.join("|")})(?::\\d{1,5})?(?:/[^\\s<>"'\`{}|\\\\^]*)?(?![A-Za-z0-9_-])`,
  "gi",
);

/** Punctuation that ends a sentence rather than a URL. */
const TRAILING_PUNCTUATION = new Set([".", ",", ";", ":", "!", "?", "'", '"', "]", "}", ">"]);

/** Overlap priorities; the highest also marks candidates that carry their own scheme. */
const WITH_SCHEME = 3;
const WITHOUT_SCHEME = 1;

export function findUrls(text: string): FoundUrl[] {
  const candidates: Span[] = [];
  collect(text, SCHEME_URL, WITH_SCHEME, candidates);
  collect(text, WWW_URL, WITHOUT_SCHEME + 1, candidates);
  collect(text, BARE_URL, WITHOUT_SCHEME, candidates);
  const out: FoundUrl[] = [];
  // The longest candidate wins: `example.com/r?u=https://x.io` is one URL on example.com.
  for (const c of resolveOverlaps(candidates)) {
    const parsed = parse(text.slice(c.start, c.end), c.priority === WITH_SCHEME);
    if (parsed) out.push({ start: c.start, end: c.end, ...parsed });
  }
  return out;
}

function collect(text: string, re: RegExp, priority: number, out: Span[]): void {
  forEachMatch(re, text, (m) => out.push({ start: m.index, end: m.index + trimmedLength(m[0]), label: "url", priority }));
}

/** Length without trailing sentence punctuation; a `)` stays when it closes a `(` of the URL. */
function trimmedLength(raw: string): number {
  let open = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "(") open++;
    else if (raw[i] === ")") open--;
  }
  let end = raw.length;
  while (end > 0) {
    const c = raw[end - 1]!;
    if (c === ")") {
      if (open >= 0) break;
      open++;
    } else if (!TRAILING_PUNCTUATION.has(c)) break;
    end--;
  }
  return end;
}

/** RFC 1035 shape: at most 253 characters, labels of 1 to 63 that do not start or end with `-`. */
function validHostName(host: string): boolean {
  if (host.length > 253) return false;
  for (const label of host.split(".")) {
    if (label.length === 0 || label.length > 63 || label.startsWith("-") || label.endsWith("-")) return false;
  }
  return true;
}

function parse(raw: string, hasScheme: boolean): Omit<FoundUrl, "start" | "end"> | null {
  let url: URL;
  try {
    url = new URL(hasScheme ? raw : `http://${raw}`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (!host && hasScheme && !raw.toLowerCase().startsWith("file:")) return null;
  if (!hasScheme && !validHostName(host)) return null;
  return {
    scheme: hasScheme ? url.protocol.slice(0, -1).toLowerCase() : null,
    host,
    port: url.port,
    hasUserinfo: url.username !== "" || url.password !== "",
    rest: url.pathname + url.search + url.hash,
  };
}
