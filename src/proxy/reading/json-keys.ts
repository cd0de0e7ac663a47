/** Keys of parsed JSON: renamed in place when masked, and counted in a JSON text. */
import { closingQuote } from "../../schema/json-depth.ts";

/** Renames keys of `o` in place, keeping their order; a name already taken gets a number. */
export function renameKeys(o: Record<string, unknown>, renames: ReadonlyMap<string, string>): void {
  const entries = Object.entries(o);
  for (const [k] of entries) delete o[k];
  for (const [k, v] of entries) {
    let name = renames.get(k) ?? k;
    for (let n = 2; Object.hasOwn(o, name); n++) name = `${renames.get(k) ?? k} (${n})`;
    o[name] = v;
  }
}

/** How many object keys a JSON text holds: strings followed by a colon, outside strings. */
export function countKeys(text: string): number {
  let keys = 0;
  let afterString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = closingQuote(text, i + 1);
      if (i === -1) return keys;
      afterString = true;
    } else if (c === 0x3a) {
      if (afterString) keys++;
      afterString = false;
    } else if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
      afterString = false;
    }
  }
  return keys;
}


/** How many object keys a parsed JSON value holds (fewer than its text's when a key repeats). */
export function countParsedKeys(value: unknown): number {
  let keys = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (v !== null && typeof v === "object") {
      for (const k in v) {
        keys++;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return keys;
}
