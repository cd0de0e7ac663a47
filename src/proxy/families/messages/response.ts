/**
 * Where text lives in a message (DECISIONS §8): every content block (text and its citations,
 * tool and server-tool inputs, thinking, tool results), signed thinking read but never rewritten.
 */
import { isObject } from "../../../schema/json.ts";
import { TextReading } from "../../reading/text-reading.ts";

export function readMessagesAnswer(answer: unknown): TextReading {
  const reading = TextReading.ofAnswer();
  if (isObject(answer)) reading.read(answer, "content", "assistant");
  return reading.finishAnswer();
}
