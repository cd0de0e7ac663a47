/**
 * Where text lives in a response object (DECISIONS §8): every output item, of every type
 * (message parts, refusals, function-call arguments, custom tool input, reasoning summaries and
 * text, ...), and `output_text` where an upstream adds it.
 */
import { isObject } from "../../../schema/json.ts";
import { TextReading } from "../../reading/text-reading.ts";
import { RESPONSES_FIELDS } from "./fields.ts";

export function readResponsesAnswer(answer: unknown): TextReading {
  const reading = TextReading.ofAnswer(RESPONSES_FIELDS);
  if (!isObject(answer)) return reading;
  reading.read(answer, "output", "assistant");
  reading.read(answer, "output_text", "assistant");
  // Every other field (an error's message, incomplete details, fields not known yet), by the table.
  reading.rest(answer, ["output", "output_text"], "assistant");
  return reading.finishAnswer();
}
