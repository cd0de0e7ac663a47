/**
 * EMAIL_ADDRESS. Scanned outward from each `@` (or its URL encoding `%40`) instead of with one
 * regular expression: a pattern like `[\w.]+@...` is retried at every position of a long run of
 * word characters and goes quadratic, while expanding from the rare `@` touches each character
 * at most twice. Values inside URL query parameters (`?email=a@b.co&x=1`, `?to=a%40b.co`) are
 * found because `=`, `&` and `?` end the local part.
 */
import { isAsciiLetter } from "../../text/chars.ts";
import type { Recognizer } from "../recognizer.ts";

const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;

function isLocalChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 43 || c === 45 || c === 39;
}

function isDomainChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 45;
}

/** Domain of at least two labels, a letter TLD of 2+ characters (or an IDN `xn--` TLD). */
function validDomain(domain: string): boolean {
  if (domain.length > MAX_DOMAIN) return false;
  const labels = domain.split(".");
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (label.length === 0 || label.length > 63 || label.startsWith("-") || label.endsWith("-")) return false;
  }
  const tld = labels[labels.length - 1]!;
  if (tld.startsWith("xn--")) return true;
  if (tld.length < 2) return false;
  for (let i = 0; i < tld.length; i++) if (!isAsciiLetter(tld.charCodeAt(i))) return false;
  return true;
}

/**
 * The `@` and `%40` separators in order. Each kind's next position is searched once and kept
 * until passed, so a text with many of one and none of the other stays linear.
 */
class Separators {
  private at = -2;
  private enc = -2;
  constructor(private readonly text: string) {}

  /** The next separator at or after `from`: [position, length], or [-1, 0]. */
  next(from: number): [number, number] {
    if (this.at !== -1 && this.at < from) this.at = this.text.indexOf("@", from);
    if (this.enc !== -1 && this.enc < from) this.enc = encodedAt(this.text, from);
    if (this.enc !== -1 && (this.at === -1 || this.enc < this.at)) return [this.enc, 3];
    return this.at === -1 ? [-1, 0] : [this.at, 1];
  }
}

/**
 * The next `%40` at or after `from`, or -1: found from its `%` (rare in prose) because a
 * three-unit `indexOf` costs 0.2 µs per KB in JavaScriptCore, as much as the rest of the search.
 */
function encodedAt(text: string, from: number): number {
  for (let p = text.indexOf("%", from); p !== -1; p = text.indexOf("%", p + 1)) {
    if (text.charCodeAt(p + 1) === 52 && text.charCodeAt(p + 2) === 48) return p;
  }
  return -1;
}

export const emailRecognizer: Recognizer = {
  entity: "EMAIL_ADDRESS",
  tier: 3,
  priority: 80,
  find(ctx, emit) {
    const text = ctx.text;
    const separators = new Separators(text);
    let [at, width] = separators.next(0);
    let floor = 0; // Characters before `floor` belong to an earlier candidate.
    while (at !== -1) {
      let start = at;
      while (start > floor && isLocalChar(text.charCodeAt(start - 1))) start--;
      while (start < at && (text.charCodeAt(start) === 46 || text.charCodeAt(start) === 39)) start++; // no leading dot or quote
      let end = at + width;
      while (end < text.length && isDomainChar(text.charCodeAt(end))) end++;
      while (end > at + width && (text.charCodeAt(end - 1) === 46 || text.charCodeAt(end - 1) === 45)) end--; // sentence dot
      const localLen = at - start;
      if (localLen > 0 && localLen <= MAX_LOCAL && validDomain(text.slice(at + width, end)) && !text.slice(start, at).includes("..")) {
        emit(start, end);
      }
      floor = Math.max(at + width, end);
      [at, width] = separators.next(at + width);
    }
  },
};
