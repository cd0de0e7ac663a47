/** Where a generateContent answer's texts are: every candidate's parts (text, function calls, thoughts, code and its output). */
import { isObject } from "../../../schema/json.ts";
import { TextReading } from "../../reading/text-reading.ts";
import { readParts } from "./request.ts";

export function readGenerateAnswer(answer: unknown): TextReading {
  const reading = TextReading.ofAnswer();
  if (isObject(answer) && Array.isArray(answer.candidates)) {
    for (const candidate of answer.candidates) {
      if (!isObject(candidate) || !isObject(candidate.content)) continue;
      reading.nextTurn();
      readParts(reading, candidate.content.parts, "assistant");
    }
  }
  return reading.finishAnswer();
}
