/** Tests for "looks like a random key" on a token of key-like characters. */
import { hasContext } from "../text/context.ts";

/** Shannon entropy in bits per character. */
export function shannonEntropy(token: string): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let h = 0;
  for (const n of counts.values()) {
    const p = n / token.length;
    h -= p * Math.log2(p);
  }
  return h;
}

export interface CharClasses {
  readonly lower: boolean;
  readonly upper: boolean;
  readonly digit: boolean;
  readonly symbol: boolean;
}

export function charClasses(token: string): CharClasses {
  let lower = false;
  let upper = false;
  let digit = false;
  let symbol = false;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c >= 97 && c <= 122) lower = true;
    else if (c >= 65 && c <= 90) upper = true;
    else if (c >= 48 && c <= 57) digit = true;
    else symbol = true;
  }
  return { lower, upper, digit, symbol };
}

export interface EntropyRule {
  readonly minLength: number;
  readonly minEntropy: number;
  /** Hex-only tokens (hashes, UUID parts) count only from this length. */
  readonly minHexLength: number;
  /** Hex-only tokens also need a word such as "key" or "token" just before them. */
  readonly hexNeedsContext: boolean;
  /** Letters and digits both present; with `mixedCase`, also both letter cases. */
  readonly mixedCase: boolean;
}

const HEX_ONLY = /^[0-9a-fA-F]+$/;

/** Words that make a hex string a credential rather than a hash or an id. */
const HEX_CONTEXT = ["key", "secret", "token", "password", "passwd", "api", "auth", "credential", "credentials", "bearer"];

/** `text` and `at` locate the token, for the context test of hex-only tokens. */
export function looksRandom(token: string, rule: EntropyRule, text: string, at: number): boolean {
  const core = token.replace(/=+$/, "");
  if (core.length < rule.minLength) return false;
  if (HEX_ONLY.test(core)) {
    if (core.length < rule.minHexLength || shannonEntropy(core) < 3) return false;
    return !rule.hexNeedsContext || hasContext(text, at, HEX_CONTEXT, 48);
  }
  const cls = charClasses(core);
  if (!cls.digit || !(cls.lower || cls.upper)) return false;
  if (rule.mixedCase && !(cls.lower && cls.upper)) return false;
  return shannonEntropy(core) >= rule.minEntropy;
}
