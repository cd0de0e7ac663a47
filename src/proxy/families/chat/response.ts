/**
 * Where text lives in a chat completion (DECISIONS §8): every choice's message (content of any
 * part type, `refusal`, tool-call and function-call arguments, the audio transcript, reasoning
 * text such as `reasoning_content`) and a legacy completion choice's `text`.
 */
import { isObject } from "../../../schema/json.ts";
import { TextReading } from "../../reading/text-reading.ts";
import { CHAT_FIELDS } from "./fields.ts";

export function readChatAnswer(answer: unknown): TextReading {
  const reading = TextReading.ofAnswer(CHAT_FIELDS);
  if (!isObject(answer)) return reading;
  // Every other field of the answer (an error body's message included), by the table.
  reading.rest(answer, ["choices"], "assistant");
  const choices = answer.choices;
  if (!Array.isArray(choices)) return reading.finishAnswer();
  for (const choice of choices) {
    if (!isObject(choice)) continue;
    reading.read(choice, "message", "assistant");
    reading.read(choice, "text", "assistant");
    if (isObject(choice.logprobs)) {
      reading.logprobs(choice.logprobs, "content", "assistant");
      reading.logprobs(choice.logprobs, "refusal", "assistant");
    }
    reading.rest(choice, ["message", "text", "logprobs"], "assistant");
  }
  return reading.finishAnswer();
}
