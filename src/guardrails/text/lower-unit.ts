/** Lower-casing one UTF-16 unit, for code that compares text in place instead of lower-casing copies. */

const lowerCache = new Map<number, number>();

/** The unit lower-cased; units whose lower case is not one unit (U+0130) stay as they are. */
export function lowerUnit(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c + 32 : c;
  let l = lowerCache.get(c);
  if (l === undefined) {
    const s = String.fromCharCode(c).toLowerCase();
    l = s.length === 1 ? s.charCodeAt(0) : c;
    lowerCache.set(c, l);
  }
  return l;
}
