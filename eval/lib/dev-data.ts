/** ../shared/data/pii/dev.jsonl: offsets are code points; converted here to UTF-16 offsets. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Span } from "./token-metrics.ts";

export interface LabelledText {
  readonly id: string;
  readonly text: string;
  readonly spans: readonly Span[];
}

export const DEV_PATH = join(import.meta.dir, "..", "..", "..", "shared", "data", "pii", "dev.jsonl");

function codePointToUtf16(text: string): (cp: number) => number {
  const offsets: number[] = [];
  let i = 0;
  for (const ch of text) {
    offsets.push(i);
    i += ch.length;
  }
  offsets.push(i);
  return (cp) => offsets[cp]!;
}

export function loadDev(path = DEV_PATH): LabelledText[] {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => {
      const row = JSON.parse(line) as { id: string; text: string; entities: { type: string; start: number; end: number }[] };
      const at = codePointToUtf16(row.text);
      return { id: row.id, text: row.text, spans: row.entities.map((e) => ({ type: e.type, start: at(e.start), end: at(e.end) })) };
    });
}
