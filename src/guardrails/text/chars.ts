/** Character-code tests for code that reads text in place (ASCII only, as the names say). */

export function isAsciiDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

export function isAsciiLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

/** An ASCII letter or digit: what `\b` treats as a word character, less `_`. */
export function isAsciiAlnum(c: number): boolean {
  return isAsciiDigit(c) || isAsciiLetter(c);
}
