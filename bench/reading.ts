/**
 * What reading a whole request costs (DECISIONS §8), in process: the chat family's complete
 * reading (every role, part type, tool call and definition, judged flags, write-back) against
 * the reading it replaced as the baseline (user, assistant and tool message contents only,
 * system prompts skipped), on the same bodies in the same run, interleaved.
 *
 * Bodies: an ordinary request (a system prompt and a 1 KB user message), and a conversation of
 * 10 turns with a tool call and two tools defined. Reports the median over rounds of the
 * per-request time, and the difference.
 *
 *   bun bench/reading.ts            (BENCH_ROUNDS=15 BENCH_ITERATIONS=20000)
 */
import { readChatRequest } from "../src/proxy/families/chat/request.ts";
import { median } from "./lib/load.ts";
import { supportMessage1k } from "./lib/texts.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20_000);

interface BaselineSlot {
  readonly role: string;
  readonly text: string;
  readonly holder: Record<string, unknown>;
  readonly key: string;
}

/** The reading before: message contents (a string, or `text` parts) of non-system roles. */
function baselineReading(body: Record<string, unknown>): BaselineSlot[] {
  const slots: BaselineSlot[] = [];
  const messages = body.messages as Record<string, unknown>[];
  for (const message of messages) {
    const role = message.role;
    if (role === "system" || role === "developer") continue;
    const content = message.content;
    if (typeof content === "string") slots.push({ role: String(role), text: content, holder: message, key: "content" });
    else if (Array.isArray(content)) {
      for (const part of content as Record<string, unknown>[]) if (part.type === "text" && typeof part.text === "string") slots.push({ role: String(role), text: part.text, holder: part, key: "text" });
    }
  }
  return slots;
}

const message = supportMessage1k();
const ordinary = () => ({ model: "gpt-4o-mini", messages: [{ role: "system", content: "You are a helpful support agent for Acme." }, { role: "user", content: message }] });
const conversation = () => ({
  model: "gpt-4o-mini",
  tools: [
    { type: "function", function: { name: "lookup_order", description: "Looks up an order by its number.", parameters: { type: "object", properties: { order: { type: "string", description: "The order number" } } } } },
    { type: "function", function: { name: "refund", description: "Refunds an order.", parameters: { type: "object", properties: { order: { type: "string" } } } } },
  ],
  messages: [
    { role: "system", content: "You are a helpful support agent for Acme." },
    ...Array.from({ length: 10 }, (_, i) => [
      { role: "user", content: `Turn ${i}: ${message.slice(0, 300)}` },
      i === 5
        ? { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "lookup_order", arguments: '{"order":"A-1234"}' } }] }
        : { role: "assistant", content: `Answer ${i}: thanks, let me check that for you.` },
      ...(i === 5 ? [{ role: "tool", tool_call_id: "call_1", content: "Order A-1234: shipped." }] : []),
    ]).flat(),
  ],
});

function perRequestNs(read: (body: Record<string, unknown>) => unknown, make: () => Record<string, unknown>): number {
  const bodies = Array.from({ length: 64 }, make);
  const t0 = Bun.nanoseconds();
  for (let i = 0; i < ITERATIONS; i++) read(bodies[i & 63]!);
  return (Bun.nanoseconds() - t0) / ITERATIONS;
}

const complete = (body: Record<string, unknown>) => {
  const reading = readChatRequest(body);
  // As the proxy does with what it read: segments for the pipeline.
  return reading.slots.map((s) => ({ role: s.role, text: s.text, masked: s.masked, judged: s.judged }));
};
const baseline = (body: Record<string, unknown>) => baselineReading(body).map((s) => ({ role: s.role, text: s.text }));

for (const [name, make] of [
  ["ordinary request (system prompt + 1 KB user message)", ordinary],
  ["conversation (10 turns, a tool call, 2 tools)", conversation],
] as const) {
  const base: number[] = [];
  const full: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    base.push(perRequestNs(baseline, make));
    full.push(perRequestNs(complete, make));
  }
  const b = median(base);
  const f = median(full);
  console.log(`${name}: baseline ${(b / 1000).toFixed(2)} µs, complete reading ${(f / 1000).toFixed(2)} µs, added ${((f - b) / 1000).toFixed(2)} µs per request (medians of ${ROUNDS} rounds)`);
}
