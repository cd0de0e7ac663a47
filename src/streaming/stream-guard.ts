/**
 * The text of a stream, key by key (a choice's content, a tool call's arguments, an output
 * part, a content block), between the upstream and the client (DECISIONS §9). New text is held
 * only while its tail could still become a value (holdback.ts); what may go out is first shown
 * to the value checks (value-checks.ts) in a window reaching a little before it, so a value
 * they block ends the stream before any of its characters is sent, and a value they mask is
 * sent masked; then the numbered placeholders of reversible masking are replaced by their
 * values. The work per piece is the window's, whatever the stream's length.
 */
import { restorePlaceholders, type PlaceholderVault } from "../guardrails/text/vault.ts";
import type { Block, GuardrailRun } from "../pipeline/types.ts";
import { holdStart, isSpace } from "./holdback.ts";
import type { ValueChecks, ValueFinding } from "./value-checks.ts";

/** Text before the released boundary shown with each check: the context of a value (a cue). */
const CONTEXT_CHARS = 128;

/** What may go out now; with `block`, the text before the blocked value, and then the stream ends. */
export interface Release {
  readonly text: string;
  readonly block?: { readonly block: Block; readonly run: GuardrailRun };
}

interface KeyText {
  /** Length of the key's text so far. */
  length: number;
  /** Where the text not yet released begins. */
  released: number;
  /** The key's text from `tailStart` on: the released part's last context and what is held. */
  tail: string;
  tailStart: number;
  /** Every piece received, and every piece sent: joined only when an event repeats the whole. */
  readonly received: string[];
  readonly sent: string[];
  /** Signed text (thinking): checked, never rewritten. */
  verbatim: boolean;
}

export class StreamGuard {
  private readonly keys = new Map<string, KeyText>();

  constructor(
    private readonly checks: ValueChecks | null,
    private readonly vault: PlaceholderVault | null,
    /** The most a key's tail may wait (SVC_GUARDRAILS_STREAM_HOLDBACK). */
    private readonly holdback: number,
  ) {}

  /** Whether the guard changes anything at all; without value checks or a vault it does not. */
  get active(): boolean {
    return this.checks !== null || (this.vault !== null && this.vault.size > 0);
  }

  /**
   * New text for `key`; what the client may have of it now. `verbatim`: the text is signed
   * (thinking), so it is checked but never rewritten.
   */
  add(key: string, text: string, verbatim = false): Release {
    const k = this.keyText(key);
    k.received.push(text);
    k.length += text.length;
    k.tail += text;
    k.verbatim ||= verbatim;
    return this.release(k, false);
  }

  /** Everything `key` still holds: the answer (or this text) ends, nothing more can come. */
  flush(key: string): Release {
    const k = this.keys.get(key);
    if (!k || k.released === k.length) return { text: "" };
    return this.release(k, true);
  }

  /**
   * Whether the text `key` holds and `next` (the first text of the key after it, in a list of
   * neighbouring parts) could be one value: a value found across their boundary, or a boundary
   * between two characters of which either side's word has a digit, `@` or a joining mark, or
   * a held tail that begins a keyword. Two words of letters meeting at a boundary do not join.
   */
  joins(key: string, next: string): boolean {
    const k = this.keys.get(key);
    if (!k || k.released >= k.length || next.length === 0 || this.checks === null) return false;
    const held = k.tail.slice(k.released - k.tailStart);
    if (this.checks.openPrefix && this.checks.openPrefix(held) >= 0) return true;
    const joined = held + next.slice(0, this.holdback);
    if (this.checks.find(joined).some((f) => f.start < held.length && f.end > held.length)) return true;
    if (isSpace(held.charCodeAt(held.length - 1)) || isSpace(next.charCodeAt(0))) return false;
    const before = held.slice(lastSpace(held) + 1);
    const after = next.slice(0, firstSpace(next));
    return JOINS_BEFORE.test(before) || JOINS_AFTER.test(after);
  }

  /**
   * The text `key` holds, taken from it unsent: it goes on as the beginning of the next key's
   * text (a value that began in one part and goes on in the next is judged and sent whole there).
   */
  take(key: string): string {
    const k = this.keys.get(key);
    if (!k || k.released >= k.length) return "";
    const held = k.tail.slice(k.released - k.tailStart);
    k.released = k.length;
    return held;
  }

  /** Keys that hold text back. */
  holding(): string[] {
    const out: string[] = [];
    for (const [key, k] of this.keys) if (k.released < k.length) out.push(key);
    return out;
  }

  /** What the upstream sent for `key`, whole. */
  received(key: string): string {
    return this.keys.get(key)?.received.join("") ?? "";
  }

  /** What the client has been sent for `key`, whole. */
  sent(key: string): string {
    return this.keys.get(key)?.sent.join("") ?? "";
  }

  private keyText(key: string): KeyText {
    let k = this.keys.get(key);
    if (!k) {
      k = { length: 0, released: 0, tail: "", tailStart: 0, received: [], sent: [], verbatim: false };
      this.keys.set(key, k);
    }
    return k;
  }

  private release(k: KeyText, final: boolean): Release {
    let hold = final ? k.length : this.holdStart(k);
    let findings: ValueFinding[] = [];
    let blocked: ValueFinding | undefined;
    if (this.checks && hold > k.released) {
      findings = this.checks.find(k.tail).map((f) => shift(f, k.tailStart)).filter((f) => f.end > k.released);
      // Signed text cannot be rewritten: a value it would mask blocks instead.
      if (k.verbatim) findings = findings.map((f) => (f.unmaskable && !f.block ? { start: f.start, end: f.end, block: f.unmaskable } : f));
      // What stands before a blocked value still goes out; none of the value does, nor what is
      // held before it: a longer value may hold the one found (the groups of an IBAN before the
      // digits a phone number's pattern saw).
      blocked = findings.find((f) => f.block);
      if (blocked) hold = Math.max(k.released, Math.min(hold, blocked.start));
      // A masked value reaching into the held tail may still grow: it waits whole.
      else if (!final) for (const f of findings) if (f.start < hold && f.end > hold) hold = Math.max(k.released, Math.min(hold, f.start));
    }
    if (hold <= k.released) return blocked?.block ? { text: "", block: blocked.block } : { text: "" };
    let text = k.tail.slice(k.released - k.tailStart, hold - k.tailStart);
    if (!k.verbatim) {
      if (findings.length > 0) text = masked(text, k.released, findings);
      if (this.vault) text = restorePlaceholders(text, this.vault);
    }
    k.released = hold;
    k.sent.push(text);
    if (blocked?.block) return { text, block: blocked.block };
    // Keep the context a next check needs before the boundary, and what is held.
    const keepFrom = Math.max(k.tailStart, hold - CONTEXT_CHARS);
    if (keepFrom > k.tailStart) {
      k.tail = k.tail.slice(keepFrom - k.tailStart);
      k.tailStart = keepFrom;
    }
    return { text };
  }

  private holdStart(k: KeyText): number {
    const text = k.tail;
    const from = k.released - k.tailStart;
    if (this.checks) return k.tailStart + holdStart(text, from, this.holdback, this.checks.openPrefix);
    // Only restoring: what waits is a placeholder not yet closed (`<EMAIL_ADD`).
    const open = text.lastIndexOf("<");
    if (open >= from && text.indexOf(">", open) === -1 && text.length - open <= this.holdback) return k.tailStart + open;
    return k.length;
  }
}

/**
 * Words that may be part of a value written across a boundary: digits, `@`, `_`, `+`, or a dot
 * or dash inside the word before it (`jane.roe`, not the full stop of `blue.`) or anywhere in
 * the word after it (`.org`).
 */
const JOINS_BEFORE = /[\d@_+]|[.\-]\S/;
const JOINS_AFTER = /[\d@_+.\-]/;

function lastSpace(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (isSpace(text.charCodeAt(i))) return i;
  return -1;
}

function firstSpace(text: string): number {
  for (let i = 0; i < text.length; i++) if (isSpace(text.charCodeAt(i))) return i;
  return text.length;
}

function shift(f: ValueFinding, by: number): ValueFinding {
  return by === 0 ? f : { ...f, start: f.start + by, end: f.end + by };
}

/** `text`, which starts at `offset` of the key's text, with each finding's replacement in place. */
function masked(text: string, offset: number, findings: readonly ValueFinding[]): string {
  let out = "";
  let at = 0;
  for (const f of findings) {
    if (f.replacement === undefined) continue;
    const start = Math.max(0, f.start - offset);
    const end = Math.min(text.length, f.end - offset);
    if (end <= at || start >= text.length) continue;
    out += text.slice(at, Math.max(at, start)) + (f.start - offset >= at ? f.replacement : "");
    at = end;
  }
  return at === 0 ? text : out + text.slice(at);
}

