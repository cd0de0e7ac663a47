/**
 * The in-process store (DECISIONS §15): the single-binary default, nothing shared, nothing
 * encrypted (it never leaves the process). Entries expire as the shared store's do: checked when
 * read, and swept once a minute so idle ones do not pile up.
 */
import type { StateStore } from "./store.ts";

type Entry =
  | { readonly kind: "string"; value: string; expiresAt: number }
  | { readonly kind: "hash"; readonly fields: Map<string, string>; expiresAt: number }
  | { readonly kind: "zset"; readonly scores: Map<string, number>; expiresAt: number };

const SWEEP_MS = 60_000;

export class MemoryStore implements StateStore {
  readonly shared = false;
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper = setInterval(() => this.sweep(), SWEEP_MS);

  constructor() {
    this.sweeper.unref?.();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private hash(key: string, create: boolean): Map<string, string> | undefined {
    const entry = this.live(key);
    if (entry?.kind === "hash") return entry.fields;
    if (!create) return undefined;
    const fields = new Map<string, string>();
    this.entries.set(key, { kind: "hash", fields, expiresAt: Infinity });
    return fields;
  }

  private zset(key: string, create: boolean): Map<string, number> | undefined {
    const entry = this.live(key);
    if (entry?.kind === "zset") return entry.scores;
    if (!create) return undefined;
    const scores = new Map<string, number>();
    this.entries.set(key, { kind: "zset", scores, expiresAt: Infinity });
    return scores;
  }

  async get(key: string): Promise<string | null> {
    const entry = this.live(key);
    return entry?.kind === "string" ? entry.value : null;
  }

  async set(key: string, value: string, ttlSeconds?: number, onlyIfAbsent = false): Promise<boolean> {
    if (onlyIfAbsent && this.live(key)) return false;
    this.entries.set(key, { kind: "string", value, expiresAt: ttlSeconds === undefined ? Infinity : Date.now() + ttlSeconds * 1000 });
    return true;
  }

  async expire(keys: readonly string[], ttlSeconds: number): Promise<void> {
    const at = Date.now() + ttlSeconds * 1000;
    for (const key of keys) {
      const entry = this.live(key);
      if (entry) entry.expiresAt = at;
    }
  }

  async del(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async hget(key: string, field: string): Promise<string | null> {
    return this.hash(key, false)?.get(field) ?? null;
  }

  async hmget(key: string, fields: readonly string[]): Promise<(string | null)[]> {
    const hash = this.hash(key, false);
    return fields.map((f) => hash?.get(f) ?? null);
  }

  async hset(key: string, entries: ReadonlyMap<string, string>): Promise<void> {
    const hash = this.hash(key, true)!;
    for (const [field, value] of entries) hash.set(field, value);
  }

  async hsetnx(key: string, field: string, value: string): Promise<boolean> {
    const hash = this.hash(key, true)!;
    if (hash.has(field)) return false;
    hash.set(field, value);
    return true;
  }

  async hdel(key: string, field: string): Promise<void> {
    this.hash(key, false)?.delete(field);
  }

  async hgetall(key: string): Promise<Map<string, string>> {
    return new Map(this.hash(key, false));
  }

  async hlen(key: string): Promise<number> {
    return this.hash(key, false)?.size ?? 0;
  }

  async zadd(key: string, score: number, member: string): Promise<void> {
    this.zset(key, true)!.set(member, score);
  }

  async zcard(key: string): Promise<number> {
    return this.zset(key, false)?.size ?? 0;
  }

  async zpopmin(key: string, count: number): Promise<string[]> {
    const scores = this.zset(key, false);
    if (!scores) return [];
    // Sets here hold at most a caller's session cap (plus one): a sort per eviction is cheap.
    const lowest = [...scores].sort((a, b) => a[1] - b[1]).slice(0, count).map(([member]) => member);
    for (const member of lowest) scores.delete(member);
    return lowest;
  }

  async zrem(key: string, member: string): Promise<void> {
    this.zset(key, false)?.delete(member);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
