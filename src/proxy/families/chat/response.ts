/** The assistant text of a chat completion: every choice's message content. */
import { isObject } from "../../family.ts";

export function chatOutputTexts(response: unknown): string[] {
  const texts: string[] = [];
  const choices = isObject(response) ? response.choices : undefined;
  if (!Array.isArray(choices)) return texts;
  for (const choice of choices) {
    const message = isObject(choice) ? choice.message : undefined;
    if (!isObject(message)) continue;
    const content = message.content;
    if (typeof content === "string") texts.push(content);
    else if (Array.isArray(content)) {
      for (const part of content) if (isObject(part) && typeof part.text === "string") texts.push(part.text);
    }
  }
  return texts;
}
