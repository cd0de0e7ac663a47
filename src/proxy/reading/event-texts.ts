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
  // The field's own name, where no schema names it (a key that is text), is read too.
  if (depth === 0 && typeof key === "string" && !data && !fields.known(fields.canonical(key))) reading.addText("repeats", `${prefix}${path}#${sequence++}`, key, (t) => renameKey(holder as Record<string, unknown>, key, t));
  if (typeof value === "string") {
    reading.addText(list, prefix + path, value, (t) => ((holder as Record<string | number, unknown>)[key] = t), false, { holder, field: key });
  } else if (typeof value === "number") {
    if (isLongNumber(value)) reading.addText("repeats", `${prefix}${path}#${sequence++}`, String(value), (t) => ((holder as Record<string | number, unknown>)[key] = t), false, { holder, field: key });
  } else if (Array.isArray(value)) {
    reading.consume(holder, key);
    value.forEach((v, i) => otherTexts(fields, reading, list, prefix, `${path}.${isObject(v) && typeof v.index === "number" ? v.index : i}`, value, i, depth + 1, inData));
  } else if (isObject(value)) {
    reading.consume(holder, key);
    for (const k in value) {
      // A key that is a caller's text is read too (a repeat: it arrives whole); masked, the entry is renamed.
      if (inData || !fields.known(fields.canonical(k))) reading.addText("repeats", `${prefix}${path}.${k}#${sequence++}`, k, (t) => renameKey(value, k, t));
      otherTexts(fields, reading, list, prefix, `${path}.${k}`, value, k, depth + 1, inData);
    }
  }
}

/**
 * Everything of an event's payload its family's interpreter did not read (read by default): every
 * string, every 6+ digit number and every key the schemas do not name, each a whole text of its
 * own (a repeat), written back in place when it changes. The table's opaque fields are skipped,
 * and its answer fields at the answer's top level and one object below it (a choice, a candidate,
 * an event's `response`, `message` or `delta`).
 */
export function eventRest(fields: Fields, reading: JsonEventReading, payload: Record<string, unknown>): void {
  restOf(fields, reading, payload, 0, false, 0);
}

function restOf(fields: Fields, reading: JsonEventReading, o: Record<string, unknown>, level: number, data: boolean, depth: number): void {
  if (depth > MAX_DEPTH) return;
  for (const k in o) {
    if (reading.isConsumed(o, k)) continue;
    const name = fields.canonical(k);
    const value = o[k];
    if (!data && ((level <= 1 && fields.answerField(name)) || fields.opaque(name, value))) continue;
    if (data || !fields.known(name)) reading.addText("repeats", `rest#${sequence++}`, k, (t) => renameKey(o, k, t));
    restValue(fields, reading, o, k, value, level, data || fields.isToolData(name), depth);
  }
}

function restValue(fields: Fields, reading: JsonEventReading, holder: Record<string, unknown> | unknown[], key: string | number, value: unknown, level: number, data: boolean, depth: number): void {
  const write = (t: string) => ((holder as Record<string | number, unknown>)[key] = t);
  if (typeof value === "string") reading.addText("repeats", `rest#${sequence++}`, value, write);
  else if (typeof value === "number") {
    if (isLongNumber(value)) reading.addText("repeats", `rest#${sequence++}`, String(value), write);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!reading.isConsumed(value, i)) restValue(fields, reading, value, i, value[i], level, data, depth + 1);
  } else if (isObject(value)) restOf(fields, reading, value, level + 1, data, depth + 1);
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
