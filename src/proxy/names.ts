/**
 * Caller strings that become part of an upstream URL: each is checked against a strict grammar
 * before it is used, and the URL is built from the checked value only. A model or deployment
 * name is one path segment of letters, digits, `.`, `_` and `-` (never `..`), so it can neither
 * climb the upstream's path (`../files`), end it (`#`, `?`) nor smuggle a second action (`:`).
 */

/** A model or deployment name as a URL path segment. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isPathName(name: string): boolean {
  return NAME.test(name) && !name.includes("..");
}

/** A paging parameter's value: a count, or an opaque page token (URL-safe Base64 and the like). */
const PAGE_VALUE = /^[A-Za-z0-9._~+/=-]{1,1024}$/;

export function isPageValue(value: string): boolean {
  return PAGE_VALUE.test(value);
}

/** An API key a caller sends where it will become a header value: visible ASCII, no spaces or controls. */
const KEY = /^[\x21-\x7e]{1,1024}$/;

export function isKeyValue(value: string): boolean {
  return KEY.test(value);
}
