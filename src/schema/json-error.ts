/**
 * Where a JSON text stops being JSON, as a line and column, for an error message that helps
 * without quoting the text (the parser's own message quotes the token, which may be personal
 * data). One pass, iterative: nesting costs a stack entry, not a call.
 */

export interface JsonErrorPlace {
  readonly line: number;
  readonly column: number;
}

/** The place of the first character that cannot continue valid JSON; null when the text is valid. */
export function jsonErrorPlace(text: string): JsonErrorPlace | null {
  const at = firstError(text);
  if (at === -1) return null;
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < at; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: at - lineStart + 1 };
}

const LITERALS = ["true", "false", "null"];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The offset of the first error, or -1. */
function firstError(text: string): number {
  const stack: ("{" | "[")[] = [];
  let i = skipSpace(text, 0);
  // What may come next: a value, an object key (or `}`), a `,` or the end of a container.
  let expect: "value" | "key" | "after" = "value";
  let empty = false;
  for (;;) {
    if (expect === "value" || expect === "key") {
      if (i >= text.length) return i;
      const c = text[i]!;
      if (empty && ((c === "]" && stack.at(-1) === "[") || (c === "}" && stack.at(-1) === "{"))) {
        stack.pop();
        i = skipSpace(text, i + 1);
        expect = "after";
        empty = false;
        continue;
      }
      empty = false;
      if (expect === "key") {
        if (c !== '"') return i;
        const end = stringEnd(text, i);
        if (end < 0) return -end - 1;
        i = skipSpace(text, end);
        if (text[i] !== ":") return i;
        i = skipSpace(text, i + 1);
        expect = "value";
        continue;
      }
      if (c === "{" || c === "[") {
        stack.push(c);
        i = skipSpace(text, i + 1);
        expect = c === "{" ? "key" : "value";
        empty = true;
        continue;
      }
      if (c === '"') {
        const end = stringEnd(text, i);
        if (end < 0) return -end - 1;
        i = end;
      } else {
        const literal = LITERALS.find((l) => text.startsWith(l, i));
        if (literal) i += literal.length;
        else {
          NUMBER.lastIndex = i;
          if (!NUMBER.test(text)) return i;
          i = NUMBER.lastIndex;
        }
      }
      i = skipSpace(text, i);
      expect = "after";
      continue;
    }
    // After a value.
    if (stack.length === 0) return i < text.length ? i : -1;
    const c = text[i];
    const top = stack.at(-1);
    if (c === ",") {
      i = skipSpace(text, i + 1);
      expect = top === "{" ? "key" : "value";
    } else if ((c === "]" && top === "[") || (c === "}" && top === "{")) {
      stack.pop();
      i = skipSpace(text, i + 1);
    } else {
      return i;
    }
  }
}

/** The index after a string's closing quote; a negative index (-(at + 1)) where it breaks. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return -(i + 1);
    if (c === 0x5c) {
      const next = text[i + 1];
      if (next === "u") {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return -(i + 1);
        i += 5;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
        i++;
      } else {
        return -(i + 1);
      }
    }
  }
  return -(text.length + 1);
}

function skipSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}
