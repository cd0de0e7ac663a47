/**
 * Where text lives in a response object (DECISIONS §8): every output item, of every type
 * (message parts, refusals, function-call arguments, custom tool input, reasoning summaries and
 * text, ...), and `output_text` where an upstream adds it.
 */
import { isObject } from "../../../schema/json.ts";
import { TextReading } from "../../reading/text-reading.ts";

export function readResponsesAnswer(answer: unknown): TextReading {
  const reading = TextReading.ofAnswer();
  if (!isObject(answer)) return reading;
  reading.read(answer, "output", "assistant");
  reading.read(answer, "output_text", "assistant");
  return reading.finishAnswer();
}
