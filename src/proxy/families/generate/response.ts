/**
 * Where a generateContent answer's texts are: every candidate's parts (text, function calls,
 * thoughts, code and its output; signed parts read, never rewritten), and every other field by
 * the table (fields.ts): an error's message, citations, grounding, fields not known yet.
 */
import { isObject } from "../../../schema/json.ts";
import { TextReading } from "../../reading/text-reading.ts";
import { GENERATE_FIELDS } from "./fields.ts";
import { keyOf, readParts } from "./request.ts";

export function readGenerateAnswer(answer: unknown): TextReading {
  const reading = TextReading.ofAnswer(GENERATE_FIELDS);
  if (!isObject(answer)) return reading;
  const candidatesKey = keyOf(answer, "candidates");
  const candidates = candidatesKey === undefined ? undefined : answer[candidatesKey];
  if (Array.isArray(candidates)) {
    for (const candidate of candidates) {
      if (!isObject(candidate)) continue;
      reading.nextTurn();
      const contentKey = keyOf(candidate, "content");
      const content = contentKey === undefined ? undefined : candidate[contentKey];
      if (isObject(content)) {
        const partsKey = keyOf(content, "parts");
        if (partsKey !== undefined) readParts(reading, content[partsKey], "assistant");
        reading.readExcept(content, ["role", ...(partsKey === undefined ? [] : [partsKey])], "assistant");
      }
      reading.rest(candidate, contentKey === undefined ? [] : [contentKey], "assistant");
    }
  }
  reading.rest(answer, candidatesKey === undefined ? [] : [candidatesKey], "assistant");
  return reading.finishAnswer();
}
