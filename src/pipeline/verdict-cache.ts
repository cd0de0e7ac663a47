/**
 * Verdicts of texts a detector has judged (DECISIONS §8): a chat client sends the whole
 * conversation with every turn, and every user turn and tool result is judged, so without this
 * a conversation of N turns would cost N judgements per turn. Kept per compiled guardrail (an
 * edited policy starts afresh), least recently used out, bounded by texts and characters, and
 * filled only from conversations under way, whose messages will be sent again.
 */
import type { Detection } from "../guardrails/types.ts";
import type { CompiledEntry } from "../policy/compile.ts";

const MAX_TEXTS = 1000;
const MAX_CHARS = 1_000_000;

export class VerdictCache {
  /** How many texts it keeps: a request with more fresh texts than this would only churn it. */
  static readonly capacity = MAX_TEXTS;

  private readonly verdicts = new Map<string, Detection>();
  private chars = 0;

  get(text: string): Detection | undefined {
    const verdict = this.verdicts.get(text);
    if (verdict) {
      this.verdicts.delete(text);
      this.verdicts.set(text, verdict);
    }
    return verdict;
  }

  set(text: string, verdict: Detection): void {
    if (text.length > MAX_CHARS) return;
    if (!this.verdicts.has(text)) this.chars += text.length;
    this.verdicts.delete(text);
    this.verdicts.set(text, verdict);
    while (this.verdicts.size > MAX_TEXTS || this.chars > MAX_CHARS) {
      const oldest = this.verdicts.keys().next().value as string;
      this.verdicts.delete(oldest);
      this.chars -= oldest.length;
    }
  }
}

const caches = new WeakMap<CompiledEntry, VerdictCache>();

export function verdictCacheOf(entry: CompiledEntry): VerdictCache {
  let cache = caches.get(entry);
  if (!cache) caches.set(entry, (cache = new VerdictCache()));
  return cache;
}
