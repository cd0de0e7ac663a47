/**
 * A value the caller chose (a policy id, a field name, a header) as it may appear in a log line
 * or an error message (DECISIONS §7): at most 128 characters, control characters escaped, so a
 * huge or multi-line value can neither flood a log nor forge a line of its own.
 */
export const MAX_CALLER_VALUE_CHARS = 128;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

export function callerValue(value: string): string {
  const cut = value.length > MAX_CALLER_VALUE_CHARS ? `${value.slice(0, MAX_CALLER_VALUE_CHARS)}...` : value;
  return cut.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
