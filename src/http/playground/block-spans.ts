/**
 * Where the value that blocked a playground check lies, in the text as typed: the blocking
 * guardrail asked again about the text, alone. A masker that blocks (`block: true`) reports the
 * values it would mask; a detector that finds values (Keywords) reports them; a classifier or a
 * judge reports no span (the whole text is its reason), and nothing is marked.
 */
import type { CompiledPolicy } from "../../policy/compile.ts";
import type { FoundSpan } from "../../guardrails/types.ts";
import type { MaskedSpan } from "./spans.ts";

export async function blockSpans(policy: CompiledPolicy, stage: "input" | "output", text: string, blocker: string): Promise<MaskedSpan[]> {
  const entries = stage === "output" ? policy.stages.output : [...policy.stages.pre_flight, ...policy.stages.input];
  const entry = entries.find((e) => e.guardrail.name === blocker);
  if (!entry) return [];
  let found: readonly FoundSpan[] = [];
  try {
    const guardrail = entry.guardrail;
    found = guardrail.kind === "masker" ? (guardrail.mask(text).spans ?? []) : ((await guardrail.detect(text, { history: [], stage })).spans ?? []);
  } catch {
    // A guardrail that fails now marks nothing: the verdict already names it.
    return [];
  }
  const spans: MaskedSpan[] = [];
  let end = 0;
  for (const s of [...found].sort((a, b) => a.start - b.start)) {
    if (s.start < end || s.end > text.length) continue;
    const type = s.replacement ? s.replacement.replace(/^<|(?:_\d+)?>$/g, "") : blocker;
    spans.push({ start: s.start, end: s.end, type });
    end = s.end;
  }
  return spans;
}
