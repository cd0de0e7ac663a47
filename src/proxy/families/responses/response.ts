/** The assistant text of a response object: `output[].content[].text` of message items. */
import { isObject } from "../../family.ts";

export function responsesOutputTexts(response: unknown): string[] {
  const texts: string[] = [];
  const output = isObject(response) ? response.output : undefined;
  if (!Array.isArray(output)) return texts;
  for (const item of output) {
    if (!isObject(item) || item.type !== "message" || !Array.isArray(item.content)) continue;
    for (const part of item.content) {
      if (isObject(part) && part.type === "output_text" && typeof part.text === "string") texts.push(part.text);
    }
  }
  return texts;
}
