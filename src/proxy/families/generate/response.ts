/**
 * Where a generateContent answer's texts are: every candidate's parts (text, function calls,
 * thoughts, code and its output; signed parts read, never rewritten), and every other field by
 * the table (fields.ts): an error's message, citations, grounding, fields not known yet.
 */
import { isObject } from "../../../schema/json.ts";
import { TextReading } from "../../reading/text-reading.ts";
import { GENERATE_FIELDS } from "./fields.ts";
import { keyOf, listOf, readParts } from "./request.ts";

export function readGenerateAnswer(answer: unknown): TextReading {
  const reading = TextReading.ofAnswer(GENERATE_FIELDS);
  if (!isObject(answer)) return reading;
  const candidatesKey = keyOf(answer, "candidates");
  const candidates = candidatesKey === undefined ? undefined : answer[candidatesKey];
  {
    for (const candidate of listOf(candidates)) {
      if (!isObject(candidate)) continue;
      reading.nextTurn();
      const contentKey = keyOf(candidate, "content");
      const content = contentKey === undefined ? undefined : candidate[contentKey];
      if (isObject(content)) readParts(reading, content, "assistant");
      reading.rest(candidate, contentKey === undefined ? [] : [contentKey], "assistant");
    }
  }
  reading.rest(answer, candidatesKey === undefined ? [] : [candidatesKey], "assistant");
  return reading.finishAnswer();
}
