/** Tests for "looks like a random key" on a token of key-like characters. */

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
  /** Letters and digits both present; with `mixedCase`, also both letter cases. */
  readonly mixedCase: boolean;
}

const HEX_ONLY = /^[0-9a-fA-F]+$/;

export function looksRandom(token: string, rule: EntropyRule): boolean {
  const core = token.replace(/=+$/, "");
  if (core.length < rule.minLength) return false;
  if (HEX_ONLY.test(core)) return core.length >= rule.minHexLength && shannonEntropy(core) >= 3;
  const cls = charClasses(core);
  if (!cls.digit || !(cls.lower || cls.upper)) return false;
  if (rule.mixedCase && !(cls.lower && cls.upper)) return false;
  return shannonEntropy(core) >= rule.minEntropy;
}
