/**
 * Texts of a stream event in fields no family names (DECISIONS §8: read by default, skip by
 * name), keyed by their path in the payload so the pieces of one field streamed over several
 * events are one text, and the path that writes held text back as an event of its own. Strings,
 * numbers of 6+ digits and keys the schemas do not name are read; the family's table of opaque
 * fields (fields.ts) says what is skipped.
 */
import { isObject } from "../../schema/json.ts";
import { type JsonEventReading } from "../../streaming/events.ts";
import { isLongNumber, type Fields } from "./fields.ts";

const MAX_DEPTH = 64;

/** Numbers and keys arrive whole, each in its own event: each is a text of its own. */
let sequence = 0;

/**
 * Every string at `holder[key]` and below but opaque fields, as a text of `prefix + path`
 * (`0:x:reasoning_details.0.text`). Array entries are named by their own `index` when they
 * carry one (it names them across events), else by their position. `data` marks tool data
 * (function call arguments): every key and value in it is read, whatever it is called.
 */
export function otherTexts(fields: Fields, reading: JsonEventReading, list: "adds" | "repeats", prefix: string, path: string, holder: Record<string, unknown> | unknown[], key: string | number, depth = 0, data = false): void {
  const value = (holder as Record<string | number, unknown>)[key];
  if (depth > MAX_DEPTH) return;
  if (!data && typeof key === "string" && fields.opaque(fields.canonical(key), value)) return;
  const inData = data || (typeof key === "string" && fields.isToolData(fields.canonical(key)));
  if (typeof value === "string") {
    reading.addText(list, prefix + path, value, (t) => ((holder as Record<string | number, unknown>)[key] = t));
  } else if (typeof value === "number") {
    if (isLongNumber(value)) reading.addText("repeats", `${prefix}${path}#${sequence++}`, String(value), (t) => ((holder as Record<string | number, unknown>)[key] = t));
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => otherTexts(fields, reading, list, prefix, `${path}.${isObject(v) && typeof v.index === "number" ? v.index : i}`, value, i, depth + 1, inData));
  } else if (isObject(value)) {
    for (const k in value) {
      // A key that is a caller's text is read too (a repeat: it arrives whole); masked, the entry is renamed.
      if (inData || !fields.known(fields.canonical(k))) reading.addText("repeats", `${prefix}${path}.${k}#${sequence++}`, k, (t) => renameKey(value, k, t));
      otherTexts(fields, reading, list, prefix, `${path}.${k}`, value, k, depth + 1, inData);
    }
  }
}

function renameKey(o: Record<string, unknown>, from: string, to: string): void {
  const entries = Object.entries(o);
  for (const [k] of entries) delete o[k];
  for (const [k, v] of entries) o[k === from && !Object.hasOwn(o, to) ? to : k] = v;
}

/** An object holding `text` at `path` (`reasoning_details.0.text`): numbers are array entries, kept with their index. */
export function atPath(path: string, text: string): Record<string, unknown> {
  const names = path.split(".");
  let value: unknown = text;
  for (let i = names.length - 1; i > 0; i--) {
    const name = names[i]!;
    value = /^\d+$/.test(name) ? [isObject(value) ? { index: Number(name), ...value } : value] : { [name]: value };
  }
  return { [names[0]!]: value };
}
