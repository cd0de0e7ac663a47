/**
 * Text slots: the places in a parsed request body that hold conversation text, so masking can
 * write the masked text back where it came from without copying the body.
 */
import type { Segment } from "../pipeline/types.ts";
import { isObject } from "./family.ts";

export interface TextSlot {
  readonly role: Segment["role"];
  readonly text: string;
  readonly holder: Record<string, unknown> | unknown[];
  readonly key: string | number;
}

/** The slot `holder[key]` when it holds a string. */
export function pushSlot(out: TextSlot[], role: Segment["role"], holder: Record<string, unknown>, key: string): void {
  const text = holder[key];
  if (typeof text === "string") out.push({ role, text, holder, key });
}

/**
 * Slots of a message `content`: a string, or an array of parts whose `type` is one of
 * `textTypes` and whose `text` is a string. Other parts (images, audio, files) carry no text.
 */
export function pushContentSlots(out: TextSlot[], role: Segment["role"], message: Record<string, unknown>, key: string, textTypes: ReadonlySet<string>): void {
  const content = message[key];
  if (typeof content === "string") {
    out.push({ role, text: content, holder: message, key });
    return;
  }
  if (!Array.isArray(content)) return;
  for (const part of content) {
    if (isObject(part) && typeof part.type === "string" && textTypes.has(part.type)) pushSlot(out, role, part, "text");
  }
}

/** Conversation roles; system and developer prompts are not masked (DECISIONS §2). */
export function segmentRole(role: unknown): Segment["role"] | null {
  switch (role) {
    case "system":
    case "developer":
      return null;
    case "assistant":
      return "assistant";
    case "tool":
    case "function":
      return "tool";
    default:
      // `user`, and any role we do not know: masking it is the safe side.
      return "user";
  }
}

export function toSegments(slots: readonly TextSlot[]): Segment[] {
  return slots.map((s) => ({ role: s.role, text: s.text }));
}

/** Writes the masked texts back into the body; `segments[i]` belongs to `slots[i]`. */
export function writeBack(slots: readonly TextSlot[], segments: readonly Segment[]): void {
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const text = segments[i]!.text;
    if (text !== slot.text) (slot.holder as Record<string | number, unknown>)[slot.key] = text;
  }
}
