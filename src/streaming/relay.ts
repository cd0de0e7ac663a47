/**
 * Relays an upstream SSE stream to the client, event by event, with output guardrails in the
 * way (SPEC "Events", DECISIONS §5, §9).
 *
 * The relay pulls: it reads the upstream only when the client has taken what came before, so
 * a slow client slows the upstream instead of filling memory. Each upstream read is forwarded
 * as soon as it is processed. Without output guardrails or text to restore, the bytes pass
 * through untouched. Otherwise events are parsed and every text they carry goes through the
 * stream guard (stream-guard.ts): held back only while it could be the start of a value,
 * checked by the value guardrails before any of it goes out, masked, and restored (reversible
 * masking); events are re-encoded where their text changed, and what is still held when the
 * answer ends goes out in events of the family's own format before the end. The guardrails that
 * judge texts rather than values (classifiers, judge models) run every N content chunks on the
 * new text and once on the whole text before the event that ends the answer; with
 * `stream: buffer` nothing goes out before that final verdict. A block ends the stream in the
 * family's own termination frames and cancels the upstream request. A client that goes away
 * cancels it too.
 */
import type { StreamFailureCode, StreamInterpreter, StreamText } from "./events.ts";
import type { OutputVerdict } from "../pipeline/pipeline.ts";
import type { Block, GuardrailRun } from "../pipeline/types.ts";
import type { OutputMonitor } from "./output-monitor.ts";
import { DONE_EVENT, SseParser, SseTooLargeError, type SseEvent } from "./sse.ts";
import type { Release, StreamGuard } from "./stream-guard.ts";

export type StreamOutcome = "completed" | "blocked" | "client_closed" | "upstream_failed";

export interface StreamEnd {
  readonly outcome: StreamOutcome;
  /** Runs of the check that decided the stream: the blocking one, else the final one. */
  readonly runs: readonly GuardrailRun[];
  readonly block: Block | null;
  /** Upstream events forwarded (or, passing bytes through, upstream reads). */
  readonly forwarded: number;
}

export interface RelayOptions {
  readonly body: ReadableStream<Uint8Array>;
  readonly interpreter: StreamInterpreter;
  /** Null when the policy has no output guardrails. */
  readonly monitor: OutputMonitor | null;
  /** Holds, checks, masks and restores the texts; inactive without value guardrails or a vault. */
  readonly guard: StreamGuard;
  /** `stream: buffer`: nothing goes out before the final check has passed. */
  readonly buffered: boolean;
  /** Append `data: [DONE]` when the upstream ends without it. */
  readonly endsWithDone: boolean;
  /**
   * Periodic checks call a remote judge (seconds, not microseconds): they run beside the stream
   * instead of holding it, one at a time, and a block they find ends the stream at the next
   * event. The final check is always awaited before the answer ends.
   */
  readonly backgroundChecks?: boolean;
  /**
   * The most the upstream may send (SVC_GUARDRAILS_MAX_ANSWER_BYTES): beyond it the stream ends
   * as an upstream that fails mid-stream does, in the family's own error frames.
   */
  readonly maxBytes: number;
  /** Cancels the upstream request. */
  readonly abortUpstream: () => void;
  /** Read the events even without output guardrails (a shadow policy judges them: DECISIONS §14). */
  readonly readEvents?: boolean;
  readonly onEnd: (end: StreamEnd) => void;
}

const DONE_MARK = "data: [DONE]";

/** The most events that wait for a deferred neighbour before its held text goes out in its own part. */
const MAX_DEFERRED_FRAMES = 256;

/** The longest the relay works through one read's events before it lets the event loop turn. */
const SLICE_MS = 5;

/** The most of one upstream read that is decoded and parsed at once. */
const READ_SLICE_BYTES = 64 * 1024;

/**
 * A Bun "direct" stream: Bun.serve calls `pull` once and the relay writes straight to the
 * socket, flushing after each upstream read. A queued (default) stream made 500 streams
 * opened at once start about 30 ms later at p99: every chunk went through a JS queue.
 */
export function relayStream(options: RelayOptions): ReadableStream<Uint8Array> {
  const state = new RelayState(options);
  return new ReadableStream({
    type: "direct",
    pull: (controller: ReadableStreamDirectController) => state.run(controller),
    cancel: () => state.clientGone(),
  }) as ReadableStream<Uint8Array>;
}

class RelayState {
  private readonly reader: { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };
  private readonly decoder = new TextDecoder();
  private readonly parser = new SseParser();
  /** Events are parsed: some guardrail judges the stream's text, or the text is rewritten. */
  private readonly parsing: boolean;
  /** No text arrived since the last final check. */
  private finalChecked = false;
  private sawDone = false;
  /** The last bytes passed through untouched, to see whether `[DONE]` was among them. */
  private tail = "";
  private forwarded = 0;
  /** Bytes read from the upstream so far. */
  private received = 0;
  private runs: readonly GuardrailRun[] = [];
  private ended = false;
  /** With `stream: buffer`: what waits for the final verdict. */
  private readonly held: string[] = [];
  /** A closed neighbouring part whose held text the next part may continue, and the frames that wait for it. */
  private deferral: { readonly key: string; readonly group: string; readonly frames: (() => string)[] } | null = null;
  /** A periodic check running beside the stream, and its verdict once in. */
  private inflight: Promise<OutputVerdict> | null = null;
  private inflightVerdict: OutputVerdict | null = null;

  constructor(private readonly options: RelayOptions) {
    this.reader = options.body.getReader();
    this.parsing = options.monitor !== null || options.guard.active || options.readEvents === true;
  }

  async run(controller: ReadableStreamDirectController): Promise<void> {
    for (;;) {
      if (this.ended) return;
      let read: { done: boolean; value?: Uint8Array };
      try {
        read = await this.reader.read();
      } catch {
        return this.fail(controller, "the upstream connection was lost mid-stream");
      }
      if (this.ended) return; // the client left while we waited
      if (read.done || !read.value) return this.upstreamEnded(controller);
      const bytes = read.value;
      this.received += bytes.byteLength;
      if (this.received > this.options.maxBytes) {
        const message = `the upstream's answer is larger than the ${this.options.maxBytes}-byte limit (SVC_GUARDRAILS_MAX_ANSWER_BYTES)`;
        return this.fail(controller, message, "upstream_answer_too_large");
      }
      if (!this.parsing) {
        if (!(await this.send(controller, this.passThrough(bytes)))) return;
        continue;
      }
      // An upstream faster than its checks piles up megabytes for one read: they are decoded,
      // parsed and checked a slice at a time, with a turn of the event loop between slices.
      for (let at = 0; at < bytes.length; at += READ_SLICE_BYTES) {
        if (at > 0) {
          await new Promise((resolve) => setImmediate(resolve));
          if (this.ended) return;
        }
        const piece = bytes.length <= READ_SLICE_BYTES ? bytes : bytes.subarray(at, at + READ_SLICE_BYTES);
        let out: string | null;
        try {
          out = await this.interpret(this.parser.push(this.decoder.decode(piece, { stream: true })), controller);
        } catch (e) {
          if (this.ended) return;
          return this.fail(controller, e instanceof SseTooLargeError ? e.message : "the upstream stream could not be read");
        }
        if (this.ended) return;
        if (out !== null && out.length > 0 && !(await this.send(controller, out))) return;
      }
    }
  }

  clientGone(): void {
    if (this.ended) return;
    this.options.abortUpstream();
    this.reader.cancel().catch(() => undefined);
    this.end("client_closed", null);
  }

  /** Writes and flushes (or, buffering, keeps for the end); false when the client is gone. */
  private async send(controller: ReadableStreamDirectController, data: string | Uint8Array): Promise<boolean> {
    if (this.options.buffered && typeof data === "string") {
      this.held.push(data);
      return true;
    }
    return this.write(controller, data);
  }

  private async write(controller: ReadableStreamDirectController, data: string | Uint8Array): Promise<boolean> {
    try {
      controller.write(data);
      await controller.flush();
      return true;
    } catch {
      this.clientGone();
      return false;
    }
  }

  private passThrough(bytes: Uint8Array): Uint8Array {
    this.forwarded++;
    if (this.options.endsWithDone && !this.sawDone) {
      // Only the last few characters can hold a marker that ends the stream.
      const text = this.tail + this.decoder.decode(bytes.subarray(Math.max(0, bytes.length - 64)));
      this.tail = text.slice(-64);
      if (this.tail.includes(DONE_MARK)) this.sawDone = true;
    }
    return bytes;
  }

  /** Checks and re-frames the events of one upstream read. Returns what to forward. */
  private async interpret(events: readonly SseEvent[], controller: ReadableStreamDirectController): Promise<string | null> {
    const interpreter = this.options.interpreter;
    let out = "";
    let sliceStart = performance.now();
    for (const event of events) {
      // A read can bring thousands of events, and checks on short windows settle without
      // yielding: the event loop gets a turn every few milliseconds, so other callers do too.
      if (performance.now() - sliceStart > SLICE_MS) {
        if (out.length > 0 && !(await this.send(controller, out))) return null;
        out = "";
        await new Promise((resolve) => setImmediate(resolve));
        if (this.ended) return null;
        sliceStart = performance.now();
      }
      const reading = interpreter.read(event);
      let due = false;
      let blocked: Release["block"] = undefined;
      // A deferred neighbour resolved by this event: its frames go out before this one.
      let resolved = "";
      for (const add of reading.adds) {
        if (this.options.monitor) due = this.options.monitor.add(add.key, add.text) || due;
        this.finalChecked = false;
        if (blocked) {
          add.set("");
          continue;
        }
        let text = add.text;
        const deferral = this.deferral;
        if (deferral && add.key !== deferral.key && interpreter.group?.(add.key) === deferral.group) {
          const r = this.resolveDeferral(add.text);
          resolved += r.text;
          if (r.block) {
            blocked = r.block;
            add.set("");
            continue;
          }
          text = r.carried + add.text;
        }
        const release = this.guardAdd(add.key, text, add.verbatim === true);
        if (release) add.set(release.text);
        blocked = release?.block;
        // An event that adds to a key and closes it (a provider's last chunk carrying text and
        // its finish reason): the key's held tail goes out in this event's own text, after what
        // it released, not as a frame before it.
        if (release && !blocked && !add.verbatim && !interpreter.group?.(add.key) && (reading.ends || reading.closes.some((c) => add.key === c || add.key.startsWith(`${c}:`)))) {
          const tail = this.options.guard.flush(add.key);
          if (tail.text.length > 0) add.set(release.text + tail.text);
          blocked = tail.block;
        }
      }
      // The text before a value the guard blocks goes out; the value and the rest do not.
      if (blocked) {
        await this.block(controller, { runs: [blocked.run], block: blocked.block }, out + resolved + reading.frame());
        return null;
      }
      out += resolved;
      // What is still held goes out before an end, before the event that closes its key, and
      // before a repeat of its whole text.
      const flushed = this.flushHeld(reading.ends ? null : [...reading.closes, ...reading.repeats.map((r) => r.key)]);
      const before = flushed.text;
      const lazy: StreamText[] = [];
      blocked = flushed.block ?? this.guardRepeats(reading, lazy)?.block;
      if (blocked) {
        await this.block(controller, { runs: [blocked.run], block: blocked.block }, out + before);
        return null;
      }
      let verdict: OutputVerdict | null = this.takeBackgroundVerdict();
      if (!verdict?.block && this.options.monitor) {
        const awaitsCheck = reading.ends || reading.checkpoint || (due && !this.options.backgroundChecks);
        // The events before this one are cleared: they go out now rather than wait for the
        // check, so a read that brought many events does not hold the first ones back.
        if (awaitsCheck && out.length > 0) {
          if (!(await this.send(controller, out))) return null;
          out = "";
        }
        if (reading.ends || reading.checkpoint) {
          verdict = await this.checkEverything(this.options.monitor);
          if (reading.ends) this.finalChecked = true;
        } else if (due) {
          if (!this.options.backgroundChecks) verdict = await this.options.monitor.checkWindows();
          else if (!this.inflight) this.startBackgroundCheck(this.options.monitor);
        }
      }
      if (this.ended) return null;
      if (verdict) {
        this.runs = verdict.runs;
        // The event that completed the blocking window is withheld; the ones before it go
        // out as they would have in smaller reads, so the cut does not depend on TCP batching.
        if (verdict.block) {
          await this.block(controller, verdict, out);
          return null;
        }
      }
      if (reading.done) this.sawDone = true;
      const guard = this.options.guard;
      const frame = () => {
        // Repeats of a deferred key carry what the client received for it, known only now.
        for (const r of lazy) r.set(guard.sent(r.key));
        return before + (reading.ends ? this.heldFrames() : "") + reading.frame();
      };
      if (this.deferral) {
        const overflow = this.defer(frame);
        if (overflow?.block) {
          await this.block(controller, { runs: [overflow.block.run], block: overflow.block.block }, out + overflow.text);
          return null;
        }
        if (overflow) out += overflow.text;
      } else {
        out += frame();
      }
      this.forwarded++;
      if (reading.ends && this.options.buffered && !(await this.release(controller, out))) return null;
      if (reading.ends && this.options.buffered) out = "";
    }
    return out;
  }

  /** Frames the interpreter kept back whole (audio), released once the answer passed; once. */
  private heldFrames(): string {
    const guard = this.options.guard;
    return this.options.interpreter.heldFrames?.((key) => guard.sent(key) === guard.received(key)) ?? "";
  }

  /** One added text through the guard: what may go out now; null when the guard is idle. */
  private guardAdd(key: string, text: string, verbatim: boolean): Release | null {
    const guard = this.options.guard;
    return guard.active ? guard.add(key, text, verbatim) : null;
  }

  /**
   * Held text that must go out now, as events of its own (their frames, as the release's
   * text): of every key before the answer ends (`keys` null); of a key before the event that
   * closes it or repeats its whole text.
   */
  private flushHeld(keys: readonly string[] | null): Release {
    const guard = this.options.guard;
    if (!guard.active) return { text: "" };
    let frames = "";
    if (keys === null && this.deferral) {
      const r = this.resolveDeferral(null);
      frames += r.text;
      if (r.block) return { text: frames, block: r.block };
    }
    const holding = guard.holding();
    for (const key of keys === null ? holding : holding.filter((k) => keys.some((c) => k === c || k.startsWith(`${c}:`)))) {
      if (keys !== null) {
        const started = this.startDeferral(key);
        frames += started.text;
        if (started.block) return { text: frames, block: started.block };
        if (started.deferred) continue;
      }
      const release = guard.flush(key);
      if (release.text.length > 0) frames += this.options.interpreter.addFrame(key, release.text);
      if (release.block) return { text: frames, block: release.block };
    }
    return { text: frames };
  }

  /**
   * A key of a list of neighbouring parts (content blocks, output parts) closes while it holds
   * text that the next part could continue (a value written across them): its closing event
   * and what follows wait until the next part's first text says whether it does (DECISIONS §9,
   * values split across neighbours). Another key's deferral is resolved first.
   */
  private startDeferral(key: string): { deferred: boolean; text: string; block?: Release["block"] } {
    const group = this.options.interpreter.group?.(key) ?? null;
    if (group === null) return { deferred: false, text: "" };
    if (this.deferral?.key === key) return { deferred: true, text: "" };
    const previous = this.deferral ? this.resolveDeferral(null) : { text: "" as string, carried: "", block: undefined };
    if (previous.block) return { deferred: false, text: previous.text, block: previous.block };
    this.deferral = { key, group, frames: [] };
    return { deferred: true, text: previous.text };
  }

  /** An event's frame waits with the deferral; a deferral that grew too long is resolved. */
  private defer(frame: () => string): { text: string; block?: Release["block"] } | null {
    const deferral = this.deferral!;
    deferral.frames.push(frame);
    if (deferral.frames.length < MAX_DEFERRED_FRAMES) return null;
    const r = this.resolveDeferral(null);
    return { text: r.text, block: r.block };
  }

  /**
   * Ends the deferral: when `next` (the next part's first text) may continue the held text,
   * the held text is carried into the next part and judged with it (it goes out there);
   * otherwise it goes out in its own part, before the frames that waited.
   */
  private resolveDeferral(next: string | null): { text: string; carried: string; block?: Release["block"] } {
    const deferral = this.deferral!;
    this.deferral = null;
    const guard = this.options.guard;
    const waited = () => deferral.frames.map((f) => f()).join("");
    if (next !== null && guard.joins(deferral.key, next)) {
      const carried = guard.take(deferral.key);
      return { text: waited(), carried };
    }
    const release = guard.flush(deferral.key);
    const head = release.text.length > 0 ? this.options.interpreter.addFrame(deferral.key, release.text) : "";
    if (release.block) return { text: head, carried: "", block: release.block };
    return { text: head + waited(), carried: "" };
  }

  /**
   * A repeated whole text carries what the client received for its key. A text that only a
   * repeat carries (never streamed) is guarded as a whole here.
   */
  private guardRepeats(reading: { readonly repeats: readonly StreamText[] }, lazy: StreamText[]): Release | null {
    const guard = this.options.guard;
    for (const repeat of reading.repeats) {
      if (guard.active && repeat.key === this.deferral?.key) {
        lazy.push(repeat);
        continue;
      }
      if (guard.received(repeat.key).length === 0) {
        this.options.monitor?.add(repeat.key, repeat.text);
        this.finalChecked = false;
        if (!guard.active) continue;
        const added = guard.add(repeat.key, repeat.text, repeat.verbatim === true);
        const rest = added.block ? added : guard.flush(repeat.key);
        // A whole text that only arrives whole is cut before a blocked value, like any other.
        repeat.set(added.block ? added.text : added.text + rest.text);
        if (rest.block) return rest;
      } else if (guard.active && !repeat.verbatim) {
        repeat.set(guard.sent(repeat.key));
      }
    }
    return null;
  }

  /** With `stream: buffer`: the answer passed its final check; what waited goes out. */
  private async release(controller: ReadableStreamDirectController, last: string): Promise<boolean> {
    const all = this.held.join("") + last;
    this.held.length = 0;
    return all.length === 0 || this.write(controller, all);
  }

  private startBackgroundCheck(monitor: OutputMonitor): void {
    const check = monitor.checkWindows();
    this.inflight = check;
    check.then(
      (v) => {
        if (this.inflight === check) this.inflightVerdict = v;
      },
      () => undefined,
    );
  }

  /**
   * The verdict at a checkpoint or the answer's end: a running background check's block, else a
   * check of all the text.
   */
  private async checkEverything(monitor: OutputMonitor): Promise<OutputVerdict> {
    const background = await this.settleBackgroundCheck();
    return background?.block ? background : monitor.checkAll();
  }

  /** Waits for the background check, if one runs: the answer may not end before its verdict. */
  private async settleBackgroundCheck(): Promise<OutputVerdict | null> {
    const pending = this.inflight;
    this.inflight = null;
    this.inflightVerdict = null;
    return pending ? await pending : null;
  }

  /** The verdict of a background check that has come in, once; null while it runs or when none ran. */
  private takeBackgroundVerdict(): OutputVerdict | null {
    const v = this.inflightVerdict;
    if (v) {
      this.inflight = null;
      this.inflightVerdict = null;
    }
    return v;
  }

  private async upstreamEnded(controller: ReadableStreamDirectController): Promise<void> {
    let out = "";
    if (this.parsing) {
      const rest = this.parser.push(this.decoder.decode());
      const last = this.parser.flush();
      if (last) rest.push(last);
      out = rest.length > 0 ? ((await this.interpret(rest, controller)) ?? "") : "";
      if (this.ended) return;
      // An upstream that ends without its end event: held text goes out, and the final check runs.
      const flushed = this.flushHeld(null);
      if (flushed.block) return this.block(controller, { runs: [flushed.block.run], block: flushed.block.block }, out + flushed.text);
      out += flushed.text;
      if (this.options.monitor && !this.finalChecked) {
        if (out.length > 0 && !this.options.buffered && !(await this.send(controller, out))) return;
        if (!this.options.buffered) out = "";
        const verdict = await this.checkEverything(this.options.monitor);
        this.finalChecked = true;
        if (this.ended) return;
        this.runs = verdict.runs;
        if (verdict.block) return this.block(controller, verdict, "");
      }
    }
    if (this.parsing) out += this.heldFrames();
    if (this.options.endsWithDone && !this.sawDone) out += DONE_EVENT;
    if (this.options.buffered) {
      if (!(await this.release(controller, out))) return;
    } else if (out.length > 0 && !(await this.send(controller, out))) return;
    this.end("completed", null);
    closeQuietly(controller);
  }

  private async block(controller: ReadableStreamDirectController, verdict: OutputVerdict, before: string): Promise<void> {
    const block = verdict.block!;
    this.runs = verdict.runs;
    this.options.abortUpstream();
    this.reader.cancel().catch(() => undefined);
    this.end("blocked", block);
    // Buffered, nothing has gone out, and nothing will: only the block.
    if (this.options.buffered) this.held.length = 0;
    await this.write(controller, (this.options.buffered ? "" : before) + this.options.interpreter.blockFrames(block));
    closeQuietly(controller);
  }

  private async fail(controller: ReadableStreamDirectController, message: string, code: StreamFailureCode = "upstream_unreachable"): Promise<void> {
    this.options.abortUpstream();
    this.reader.cancel().catch(() => undefined);
    this.end("upstream_failed", null);
    if (this.options.buffered) this.held.length = 0;
    await this.write(controller, this.options.interpreter.failureFrames(message, code));
    closeQuietly(controller);
  }

  private end(outcome: StreamOutcome, block: Block | null): void {
    if (this.ended) return;
    this.ended = true;
    this.options.onEnd({ outcome, runs: this.runs, block, forwarded: this.forwarded });
  }
}

/** Closing a stream whose client already left throws; there is nobody left to tell. */
function closeQuietly(controller: ReadableStreamDirectController): void {
  try {
    controller.close();
  } catch {
    // the client is gone
  }
}
