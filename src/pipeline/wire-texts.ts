/**
 * Texts crossing to a scan worker and back. `postMessage` copies a string by cloning it on the
 * sending thread: eight requests of 8 MB, each stage's texts sent once per local guardrail,
 * held the event loop for hundreds of milliseconds at a time (`/health` waited up to 400 ms).
 * A text's UTF-8 bytes are instead made in one native pass (about 0.2 ms per MB) and their
 * buffer is moved to the other thread, not copied. A text that is not well-formed UTF-16 (a lone
 * surrogate, which UTF-8 cannot carry) and a short one are sent as they are.
 */

/** A text as it crosses: its UTF-8 bytes (moved), the string itself (copied), or null (a masker changed nothing). */
export type WireText = string | Uint8Array | null;

/** Below this, cloning costs less than encoding. */
const ENCODE_MIN_CHARS = 4096;

const encoder = new TextEncoder();
// `ignoreBOM`: a text that begins with U+FEFF keeps it.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** Each text as it crosses; the buffers to move are added to `transfer` (postMessage's transfer list). */
export function packTexts(texts: readonly (string | null)[], transfer: ArrayBuffer[]): WireText[] {
  return texts.map((text) => {
    if (text === null) return null;
    if (text.length < ENCODE_MIN_CHARS || !text.isWellFormed()) return text;
    const bytes = encoder.encode(text);
    transfer.push(bytes.buffer as ArrayBuffer);
    return bytes;
  });
}

export function unpackTexts(texts: readonly WireText[]): (string | null)[] {
  return texts.map((text) => (text === null || typeof text === "string" ? text : decoder.decode(text)));
}

/** A job's texts, which are never null. */
export function unpackJobTexts(texts: readonly WireText[]): string[] {
  return texts.map((text) => (text === null ? "" : typeof text === "string" ? text : decoder.decode(text)));
}
