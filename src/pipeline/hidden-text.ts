/**
 * Unicode tag characters (U+E0000-E007F) are invisible, but models read them as the ASCII they
 * mirror: "ASCII smuggling" hides an instruction, or splits a value, inside innocent text.
 * DECISIONS §8: they are removed from the text (which is then forwarded without them, so a
 * value interleaved with them is seen whole and masked whole), and each run is also decoded and
 * judged as the text it hides.
 */
import type { Segment } from "./types.ts";

/** High surrogate of every tag character. */
const TAG_HIGH = 0xdb40;

/**
 * The segments with tag characters removed from those the model reads, followed by one judged
 * segment per text that hid something. The same array when no segment holds a tag character.
 */
export function revealHidden(segments: readonly Segment[]): readonly Segment[] {
  let out: Segment[] | null = null;
  const hidden: Segment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (s.text.indexOf(String.fromCharCode(TAG_HIGH)) === -1) continue;
    const { visible, decoded } = splitTags(s.text);
    if (visible === s.text) continue;
    out ??= segments.slice();
    if (s.masked) out[i] = { ...s, text: visible };
    // Masked like the text that hid it: no detector (and no judge model) sees a value a masker rewrites.
    if (decoded.trim().length > 0) hidden.push({ role: s.role, text: decoded, masked: s.masked, judged: true });
  }
  if (!out) return segments;
  // Appended after the segments of the request, so each of those keeps its index.
  return hidden.length > 0 ? [...out, ...hidden] : out;
}

function splitTags(text: string): { visible: string; decoded: string } {
  let visible = "";
  let decoded = "";
  let from = 0;
  for (let i = 0; i < text.length - 1; i++) {
    if (text.charCodeAt(i) !== TAG_HIGH) continue;
    const low = text.charCodeAt(i + 1);
    if (low < 0xdc00 || low > 0xdc7f) continue;
    visible += text.slice(from, i);
    const ascii = low - 0xdc00;
    if (ascii >= 0x20 && ascii <= 0x7e) decoded += String.fromCharCode(ascii);
    else if (decoded.length > 0 && !decoded.endsWith("\n")) decoded += "\n";
    i++;
    from = i + 1;
  }
  return { visible: visible + text.slice(from), decoded };
}
