/** The assistant text of a message: its `text` content blocks. */
import { isObject } from "../../family.ts";

export function messagesOutputTexts(response: unknown): string[] {
  const texts: string[] = [];
  const content = isObject(response) ? response.content : undefined;
  if (!Array.isArray(content)) return texts;
  for (const block of content) if (isObject(block) && block.type === "text" && typeof block.text === "string") texts.push(block.text);
  return texts;
}
