/**
 * Where text lives in a chat completion (DECISIONS §8): every choice's message (content of any
 * part type, `refusal`, tool-call and function-call arguments, the audio transcript, reasoning
 * text such as `reasoning_content`) and a legacy completion choice's `text`.
 */
import { isObject } from "../../family.ts";
import { TextReading } from "../../reading/text-reading.ts";

export function readChatAnswer(answer: unknown): TextReading {
  const reading = TextReading.ofAnswer();
  const choices = isObject(answer) ? answer.choices : undefined;
  if (!Array.isArray(choices)) return reading;
  for (const choice of choices) {
    if (!isObject(choice)) continue;
    reading.read(choice, "message", "assistant");
    reading.read(choice, "text", "assistant");
    if (isObject(choice.logprobs)) logprobTexts(reading, choice.logprobs);
  }
  return reading.finishAnswer();
}

/**
 * Log probabilities repeat the answer token by token (DECISIONS §9): the sampled tokens of
 * `content` and `refusal` are one text each (rewritten, they become one entry), their
 * alternatives another (rewritten, they are dropped).
 */
function logprobTexts(reading: TextReading, logprobs: Record<string, unknown>): void {
  for (const field of ["content", "refusal"]) {
    const entries = logprobs[field];
    if (!Array.isArray(entries)) continue;
    const objects = entries.filter(isObject);
    const tokens = objects.map((e) => (typeof e.token === "string" ? e.token : "")).join("");
    const logprob = typeof objects[0]?.logprob === "number" ? objects[0].logprob : 0;
    reading.text("assistant", tokens, (t) => (logprobs[field] = [{ token: t, logprob, bytes: [...new TextEncoder().encode(t)], top_logprobs: [] }]));
    const alternatives = objects.flatMap((e) => (Array.isArray(e.top_logprobs) ? e.top_logprobs.filter(isObject).map((a) => (typeof a.token === "string" ? a.token : "")) : []));
    reading.text("assistant", alternatives.join(" "), () => {
      for (const e of objects) if (Array.isArray(e.top_logprobs)) e.top_logprobs = [];
    });
  }
}
