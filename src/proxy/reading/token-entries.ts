/**
 * Log probabilities (`logprobs`) repeat an answer token by token, with the alternatives the
 * model weighed (DECISIONS §9: every channel that repeats the answer is a channel). Both
 * chat's and Responses' entries are `{token, logprob, top_logprobs: [{token, ...}]}`.
 */
import { isObject } from "../../schema/json.ts";

export type TokenEntry = Record<string, unknown>;

export interface TokenTexts {
  /** The entries that are objects, in order. */
  readonly entries: readonly TokenEntry[];
  /** The sampled tokens, joined: the text they spell. */
  readonly tokens: string;
  /** The alternatives' tokens, joined by spaces. */
  readonly alternatives: string;
  /** The first entry's log probability, for an entry standing for rewritten tokens. */
  readonly logprob: number;
}

export function tokenTexts(list: readonly unknown[]): TokenTexts {
  const entries = list.filter(isObject);
  const alternatives: string[] = [];
  let tokens = "";
  for (const e of entries) {
    tokens += tokenOf(e);
    if (Array.isArray(e.top_logprobs)) for (const a of e.top_logprobs) if (isObject(a) && typeof a.token === "string") alternatives.push(a.token);
  }
  return { entries, tokens, alternatives: alternatives.join(" "), logprob: logprobOf(entries[0]) };
}

/** Drops the alternatives of every entry (they were flagged, or their text was rewritten). */
export function dropAlternatives(entries: readonly TokenEntry[]): void {
  for (const e of entries) if (Array.isArray(e.top_logprobs)) e.top_logprobs = [];
}

/** One entry standing for a rewritten run of tokens. */
export function tokenEntry(token: string, logprob: number): TokenEntry {
  return { token, logprob, bytes: [...new TextEncoder().encode(token)], top_logprobs: [] };
}

export function tokenOf(entry: TokenEntry): string {
  return typeof entry.token === "string" ? entry.token : "";
}

export function logprobOf(entry: TokenEntry | undefined): number {
  return typeof entry?.logprob === "number" ? entry.logprob : 0;
}
