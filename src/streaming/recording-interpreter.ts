/**
 * A family's stream interpreter with the texts it reads recorded, per key, as the upstream sent
 * them: the assembled answer a shadow policy judges (DECISIONS §14). Everything else is the
 * family's own interpreter.
 */
import type { Block } from "../pipeline/types.ts";
import type { SseEvent } from "./sse.ts";
import type { EventReading, StreamFailureCode, StreamInterpreter } from "./events.ts";

/** Characters recorded at most: a shadow judges an answer, not an unbounded stream. */
const MAX_RECORDED = 4 * 1024 * 1024;

export class RecordingInterpreter implements StreamInterpreter {
  private readonly parts = new Map<string, string[]>();
  private recorded = 0;

  constructor(private readonly inner: StreamInterpreter) {
    if (inner.heldFrames) this.heldFrames = (unaltered) => inner.heldFrames!(unaltered);
    if (inner.group) this.group = (key) => inner.group!(key);
  }

  heldFrames?: StreamInterpreter["heldFrames"];
  group?: StreamInterpreter["group"];

  read(event: SseEvent): EventReading {
    const reading = this.inner.read(event);
    for (const add of reading.adds) {
      if (this.recorded + add.text.length > MAX_RECORDED) break;
      this.recorded += add.text.length;
      let list = this.parts.get(add.key);
      if (!list) this.parts.set(add.key, (list = []));
      list.push(add.text);
    }
    return reading;
  }

  /** The answer's texts, one per key, as received. */
  texts(): string[] {
    return [...this.parts.values()].map((pieces) => pieces.join(""));
  }

  addFrame(key: string, text: string): string {
    return this.inner.addFrame(key, text);
  }

  blockFrames(block: Block): string {
    return this.inner.blockFrames(block);
  }

  failureFrames(message: string, code: StreamFailureCode): string {
    return this.inner.failureFrames(message, code);
  }
}
