/**
 * The shared store (DECISIONS §15): any Redis-protocol server (Redis 6+, Valkey) through Bun's
 * own client. Keys and hash fields leave the process as keyed digests, values sealed
 * (cipher.ts); a hash field's clear name travels inside its sealed value, so `hgetall` can give
 * it back. Every command has a deadline: a store that stops answering fails the request that
 * needs it (StateUnavailableError) instead of holding it, each failure is counted by operation,
 * and the next command tries again, so service resumes by itself when the store is back.
 */
import { RedisClient } from "bun";
import { StartupError } from "../errors/startup-error.ts";
import { StateCipher } from "./cipher.ts";
import { StateUnavailableError, type StateStore } from "./store.ts";

/** The longest a command may take before the request that needs it gives up. */
export const STATE_TIMEOUT_MS = 2000;

export interface RedisStoreOptions {
  readonly url: string;
  readonly key: Uint8Array;
  /** Called once per failed or timed-out command, with the command's name. */
  readonly onError?: (operation: string) => void;
  readonly timeoutMs?: number;
}

/** The store's host and port, for messages: never its password. */
export function storeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an invalid URL";
  }
}

export class RedisStore implements StateStore {
  readonly shared = true;
  private reconnecting: Promise<void> | null = null;

  private constructor(
    private readonly client: RedisClient,
    private readonly cipher: StateCipher,
    private readonly onError: (operation: string) => void,
    private readonly timeoutMs: number,
  ) {}

  /** Connects and pings; an unreachable store refuses the start, naming its host. */
  static async connect(options: RedisStoreOptions): Promise<RedisStore> {
    const timeoutMs = options.timeoutMs ?? STATE_TIMEOUT_MS;
    // No reconnecting in the background: the next command reconnects (send), so a store that is down fails fast.
    const client = new RedisClient(options.url, { connectionTimeout: timeoutMs, enableOfflineQueue: false, autoReconnect: false });
    const store = new RedisStore(client, await StateCipher.create(options.key), options.onError ?? (() => {}), timeoutMs);
    try {
      await store.command("ping", []);
    } catch (e) {
      client.close();
      const reason = e instanceof StateUnavailableError ? e.reason : reasonOf(e);
      throw new StartupError(`the state store at ${storeHost(options.url)} could not be reached (SVC_GUARDRAILS_STATE_URL): ${reason}`);
    }
    return store;
  }

  /** One command within the deadline; reconnects first when the client has given up. */
  private async command(name: string, args: string[]): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new StateUnavailableError(name, `no answer within ${this.timeoutMs / 1000} s`)), this.timeoutMs)));
    try {
      return await Promise.race([this.send(name, args), deadline]);
    } catch (e) {
      this.onError(name);
      if (e instanceof StateUnavailableError) throw e;
      throw new StateUnavailableError(name, reasonOf(e));
    } finally {
      clearTimeout(timer);
    }
  }

  private async send(name: string, args: string[]): Promise<unknown> {
    if (!this.client.connected) await (this.reconnecting ??= this.client.connect().finally(() => (this.reconnecting = null)));
    return this.client.send(name.toUpperCase(), args);
  }

  private fieldName(key: string, field: string): string {
    return this.cipher.name(`${key}\u0000${field}`);
  }

  async get(key: string): Promise<string | null> {
    const name = this.cipher.name(key);
    const sealed = await this.command("get", [name]);
    return typeof sealed === "string" ? this.cipher.open(sealed, name) : null;
  }

  async set(key: string, value: string, ttlSeconds?: number, onlyIfAbsent = false): Promise<boolean> {
    const name = this.cipher.name(key);
    const args = [name, await this.cipher.seal(value, name)];
    if (ttlSeconds !== undefined) args.push("EX", String(ttlSeconds));
    if (onlyIfAbsent) args.push("NX");
    return (await this.command("set", args)) !== null;
  }

  async expire(keys: readonly string[], ttlSeconds: number): Promise<void> {
    await Promise.all(keys.map((key) => this.command("expire", [this.cipher.name(key), String(ttlSeconds)])));
  }

  async del(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.command("del", keys.map((k) => this.cipher.name(k)));
  }

  private async sealField(key: string, field: string, value: string): Promise<[string, string]> {
    const name = this.fieldName(key, field);
    return [name, await this.cipher.seal(JSON.stringify([field, value]), `${this.cipher.name(key)}/${name}`)];
  }

  private async openField(key: string, fieldName: string, sealed: unknown): Promise<[string, string] | null> {
    if (typeof sealed !== "string") return null;
    const clear = await this.cipher.open(sealed, `${this.cipher.name(key)}/${fieldName}`);
    if (clear === null) return null;
    const pair = JSON.parse(clear) as unknown;
    return Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string" ? [pair[0], pair[1]] : null;
  }

  async hget(key: string, field: string): Promise<string | null> {
    const name = this.fieldName(key, field);
    const found = await this.openField(key, name, await this.command("hget", [this.cipher.name(key), name]));
    return found && found[0] === field ? found[1] : null;
  }

  async hmget(key: string, fields: readonly string[]): Promise<(string | null)[]> {
    if (fields.length === 0) return [];
    const names = fields.map((f) => this.fieldName(key, f));
    const sealed = (await this.command("hmget", [this.cipher.name(key), ...names])) as unknown[];
    return Promise.all(names.map(async (name, i) => {
      const found = await this.openField(key, name, sealed[i]);
      return found && found[0] === fields[i] ? found[1] : null;
    }));
  }

  async hset(key: string, entries: ReadonlyMap<string, string>): Promise<void> {
    if (entries.size === 0) return;
    const pairs = await Promise.all([...entries].map(([field, value]) => this.sealField(key, field, value)));
    await this.command("hset", [this.cipher.name(key), ...pairs.flat()]);
  }

  async hsetnx(key: string, field: string, value: string): Promise<boolean> {
    const [name, sealed] = await this.sealField(key, field, value);
    return Number(await this.command("hsetnx", [this.cipher.name(key), name, sealed])) === 1;
  }

  async hdel(key: string, field: string): Promise<void> {
    await this.command("hdel", [this.cipher.name(key), this.fieldName(key, field)]);
  }

  async hgetall(key: string): Promise<Map<string, string>> {
    const raw = await this.command("hgetall", [this.cipher.name(key)]);
    // RESP3 answers a map (an object); RESP2 a flat list.
    const pairs: [string, unknown][] = Array.isArray(raw) ? Array.from({ length: raw.length / 2 }, (_, i) => [String(raw[2 * i]), raw[2 * i + 1]]) : Object.entries((raw ?? {}) as Record<string, unknown>);
    const out = new Map<string, string>();
    for (const [name, sealed] of pairs) {
      const found = await this.openField(key, name, sealed);
      if (found) out.set(found[0], found[1]);
    }
    return out;
  }

  async hlen(key: string): Promise<number> {
    return Number(await this.command("hlen", [this.cipher.name(key)]));
  }

  async zadd(key: string, score: number, member: string): Promise<void> {
    await this.command("zadd", [this.cipher.name(key), String(score), member]);
  }

  async zcard(key: string): Promise<number> {
    return Number(await this.command("zcard", [this.cipher.name(key)]));
  }

  async zpopmin(key: string, count: number): Promise<string[]> {
    const raw = (await this.command("zpopmin", [this.cipher.name(key), String(count)])) as unknown[];
    // Member and score pairs, nested (RESP3) or flat (RESP2).
    const flat = raw.flat();
    return flat.filter((_, i) => i % 2 === 0).map(String);
  }

  async zrem(key: string, member: string): Promise<void> {
    await this.command("zrem", [this.cipher.name(key), member]);
  }

  async close(): Promise<void> {
    this.client.close();
  }
}

function reasonOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[A-Z0-9_]{2,40}$/.test(code)) return code;
  const message = e instanceof Error ? e.message : String(e);
  // A server's refusal (a wrong password) names no secret; a URL in a message would.
  return message.replace(/\S+:\/\/\S*/g, "").slice(0, 120) || "refused";
}
