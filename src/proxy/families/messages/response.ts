/**
 * Where text lives in a message (DECISIONS §8): every content block (text and its citations,
 * tool and server-tool inputs, thinking, tool results), signed thinking read but never rewritten.
 */
import { isObject } from "../../../schema/json.ts";
import { TextReading } from "../../reading/text-reading.ts";
import { MESSAGES_FIELDS } from "./fields.ts";

export function readMessagesAnswer(answer: unknown): TextReading {
  const reading = TextReading.ofAnswer(MESSAGES_FIELDS);
  if (isObject(answer)) {
    reading.read(answer, "content", "assistant");
    // Every other field (an error's message, fields not known yet), by the table.
    reading.rest(answer, ["content"], "assistant");
  }
  return reading.finishAnswer();
}
