/**
 * `judge_format: llama_guard` (DECISIONS §11): safety models of the Llama Guard family served by
 * a chat-completions server (Ollama, vLLM, llama.cpp). The conversation goes as plain `user` and
 * `assistant` messages (the server applies the model's own template): input checks send it up
 * to the judged turn, output checks add the answer as the last `assistant` message. No system
 * message, no `response_format`. The answer's first line is `safe` or `unsafe`, its second the
 * categories (`S1,S10`); `unsafe` trips with confidence 1, counted only for the categories the
 * config lists (an `unsafe` without a category line always counts).
 */
import { Type } from "@sinclair/typebox";
import { GuardrailUnavailableError } from "../types.ts";

export type JudgeFormat = "json" | "llama_guard";

export const JudgeFormatSchema = Type.Optional(Type.Union([Type.Literal("json"), Type.Literal("llama_guard")]));
/** Llama Guard 3's hazard codes: S1 (violent crimes) ... S14 (code interpreter abuse). */
export const LlamaGuardCategories = Type.Optional(Type.Array(Type.String({ pattern: "^S(?:[1-9]|1[0-4])$" }), { minItems: 1, uniqueItems: true }));

export interface ChatMessage {
  readonly role: "user" | "assistant";
  readonly content: string;
}

/** The conversation as Llama Guard reads it: earlier turns, then the judged text in its role. */
export function llamaGuardMessages(text: string, history: readonly { readonly role: string; readonly text: string }[], maxTurns: number, stage: string | undefined): ChatMessage[] {
  const turns = maxTurns > 0 ? history.slice(-maxTurns) : [];
  const out: ChatMessage[] = [];
  for (const t of turns) {
    // System prompts and tool definitions are the application's, not the conversation's.
    if (t.role === "system") continue;
    out.push({ role: t.role === "assistant" ? "assistant" : "user", content: t.text });
  }
  const answer = stage === "output";
  // The templates expect the conversation to start with the user.
  if (out.length === 0 && answer) out.push({ role: "user", content: "" });
  out.push({ role: answer ? "assistant" : "user", content: text });
  return out;
}

export interface LlamaGuardVerdict {
  readonly unsafe: boolean;
  /** The hazard codes of the second line, as given. */
  readonly categories: readonly string[];
}

export function parseLlamaGuard(content: string): LlamaGuardVerdict {
  const lines = content.trim().split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
  const first = lines[0]?.toLowerCase();
  if (first === "safe") return { unsafe: false, categories: [] };
  if (first !== "unsafe") throw new GuardrailUnavailableError("the Llama Guard model answered neither 'safe' nor 'unsafe' on its first line");
  const categories = (lines[1] ?? "").split(/[,\s]+/).map((c) => c.toUpperCase()).filter((c) => /^S\d{1,2}$/.test(c));
  return { unsafe: true, categories };
}

/** Whether an `unsafe` verdict counts under the configured categories. */
export function llamaGuardCounts(verdict: LlamaGuardVerdict, categories: readonly string[] | undefined): boolean {
  if (!verdict.unsafe) return false;
  if (!categories || verdict.categories.length === 0) return true;
  return verdict.categories.some((c) => categories.includes(c));
}
