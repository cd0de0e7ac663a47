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

/**
 * The conversation as Llama Guard reads it: earlier turns (the last `maxTurns`), then the judged
 * text in its role (an answer, on output, as the last `assistant` message after the prompt). The
 * models' chat templates require the roles to alternate starting with the user: turns of one role
 * in a row (a user message and a tool result) go as one message.
 */
export function llamaGuardMessages(text: string, history: readonly { readonly role: string; readonly text: string }[], maxTurns: number, stage: string | undefined): ChatMessage[] {
  const turns = maxTurns > 0 ? history.slice(-maxTurns) : [];
  const out: { role: ChatMessage["role"]; content: string }[] = [];
  const add = (role: ChatMessage["role"], content: string) => {
    const last = out[out.length - 1];
    if (last && last.role === role) last.content = `${last.content}\n\n${content}`;
    // The templates expect the conversation to start with the user.
    else if (!last && role === "assistant") out.push({ role: "user", content: "" }, { role, content });
    else out.push({ role, content });
  };
  for (const t of turns) {
    // System prompts and tool definitions are the application's, not the conversation's.
    if (t.role === "system") continue;
    add(t.role === "assistant" ? "assistant" : "user", t.text);
  }
  add(stage === "output" ? "assistant" : "user", text);
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
