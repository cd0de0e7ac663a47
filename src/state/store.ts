/**
 * The state MCP sessions, placeholder maps, tool pins and quarantine verdicts live in
 * (DECISIONS §15): in the process by default (memory-store.ts), or in a Redis-protocol server
 * every replica shares (redis-store.ts). Callers name keys, hash fields and values in clear; the
 * shared store hashes the names and encrypts the values before they leave the process.
 *
 * Sorted-set members are stored as given: callers pass hashes there, never caller text.
 */
export interface StateStore {
  /** True when replicas share it: then a missing entry may be another replica's to make. */
  readonly shared: boolean;
  get(key: string): Promise<string | null>;
  /** Sets the value; with `onlyIfAbsent`, answers false when the key already held one. */
  set(key: string, value: string, ttlSeconds?: number, onlyIfAbsent?: boolean): Promise<boolean>;
  /** Moves the expiry of each of `keys` that exists. */
  expire(keys: readonly string[], ttlSeconds: number): Promise<void>;
  del(keys: readonly string[]): Promise<void>;
  hget(key: string, field: string): Promise<string | null>;
  hmget(key: string, fields: readonly string[]): Promise<(string | null)[]>;
  hset(key: string, entries: ReadonlyMap<string, string>): Promise<void>;
  /** Sets the field unless it exists; answers whether it did. */
  hsetnx(key: string, field: string, value: string): Promise<boolean>;
  hdel(key: string, field: string): Promise<void>;
  hgetall(key: string): Promise<Map<string, string>>;
  /** How many fields the hash holds. */
  hlen(key: string): Promise<number>;
  /** Adds or moves `member` to `score`. */
  zadd(key: string, score: number, member: string): Promise<void>;
  zcard(key: string): Promise<number>;
  /** Removes and answers the `count` members of lowest score. */
  zpopmin(key: string, count: number): Promise<string[]>;
  zrem(key: string, member: string): Promise<void>;
  close(): Promise<void>;
}

/** The shared store did not answer in time or refused: the request that needs it cannot go on. */
export class StateUnavailableError extends Error {
  override readonly name = "StateUnavailableError";
  constructor(
    readonly operation: string,
    /** Why, for the operator (a code or "no answer"): never the store's URL. */
    readonly reason = "no answer",
  ) {
    super(`the shared state store is unavailable (${operation}: ${reason})`);
  }
}
