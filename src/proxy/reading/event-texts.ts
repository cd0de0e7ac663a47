/**
 * Texts of a stream event in fields no family names (DECISIONS §8: every place text can be),
 * keyed by their path in the payload so the pieces of one field streamed over several events
 * are one text, and the path that writes held text back as an event of its own.
 */
import { isObject } from "../../schema/json.ts";
import { type JsonEventReading } from "../../streaming/events.ts";
import { isStructureKey } from "./text-reading.ts";

const MAX_DEPTH = 16;

/**
 * Every string at `holder[key]` and below but structure (text-reading.ts), as a text of
 * `prefix + path` (`0:x:reasoning_details.0.text`). Array entries are named by their own
 * `index` when they carry one (it names them across events), else by their position.
 */
export function otherTexts(reading: JsonEventReading, list: "adds" | "repeats", prefix: string, path: string, holder: Record<string, unknown> | unknown[], key: string | number, depth = 0): void {
  const value = (holder as Record<string | number, unknown>)[key];
  if (depth > MAX_DEPTH) return;
  if (typeof value === "string") {
    if (typeof key === "string" && isStructureKey(key)) return;
    reading.addText(list, prefix + path, value, (t) => ((holder as Record<string | number, unknown>)[key] = t));
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => otherTexts(reading, list, prefix, `${path}.${isObject(v) && typeof v.index === "number" ? v.index : i}`, value, i, depth + 1));
  } else if (isObject(value)) {
    for (const k in value) if (!isStructureKey(k)) otherTexts(reading, list, prefix, `${path}.${k}`, value, k, depth + 1);
  }
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
