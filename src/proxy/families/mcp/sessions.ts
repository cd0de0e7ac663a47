/**
 * MCP sessions the proxy owns (DECISIONS §12, §15). At `initialize` the proxy issues its own
 * session id (256 random bits, URL-safe) and keeps the server's beside it (or none: a stateless
 * server), bound to the caller and the policy; a request naming an id it did not issue, an
 * ended one, or one of another caller or policy finds nothing. Each caller holds at most
 * `SVC_GUARDRAILS_MCP_SESSIONS_PER_CALLER` sessions: a new one beyond them ends that caller's
 * least recently used, never another caller's.
 *
 * A session's state lives in the store (state/): its record, the placeholders of reversible
 * masking and the methods of the server's requests still unanswered, each expiring
 * `SVC_GUARDRAILS_MCP_SESSION_TTL` seconds after the session's last request. Entries are named
 * by a digest of the session id, so the id itself is kept nowhere. Nothing here reaches logs,
 * metrics or traces.
 */
import { createHash, randomBytes } from "node:crypto";
import { PlaceholderVault, type VaultEntry } from "../../../guardrails/text/vault.ts";
import type { StateStore } from "../../../state/store.ts";

/** Values one session may hold; beyond them, new values are masked irreversibly. */
export const MAX_SESSION_VALUES = 1000;
/** Server requests one request of the session may leave unanswered. */
const MAX_PENDING = 256;
/** Tries to number a placeholder another request of the session numbered first. */
const MAX_RENUMBERS = 8;

export interface SessionRecord {
  readonly server: string;
  /** A digest of the caller (its token or callers-file name, or the one anonymous caller). */
  readonly caller: string;
  readonly policy: string;
  /** The server's own session id; null for a stateless server. */
  readonly upstream: string | null;
}

const digest = (text: string) => createHash("sha256").update(text).digest("base64url");

/** Who a session belongs to, as a digest: a callers-file name, a token, or the anonymous caller. */
export function callerDigest(name: string | undefined, token: string | null): string {
  return digest(name !== undefined ? `name:${name}` : token !== null ? `token:${token}` : "anonymous");
}

const keys = (handle: string) => ({ record: `mcp:session:${handle}`, vault: `mcp:vault:${handle}`, asked: `mcp:asked:${handle}` });
const callerKey = (caller: string) => `mcp:caller:${caller}`;

/** One request's view of its session: the record, and the placeholders as they stood when it began. */
export class McpSession {
  readonly vault = new PlaceholderVault();
  /** Placeholders the store holds (the rest of the vault's are this request's, not yet written). */
  private readonly stored = new Set<string>();
  private readonly writes: Promise<unknown>[] = [];
  private asked = 0;

  constructor(
    private readonly sessions: McpSessions,
    readonly id: string,
    readonly handle: string,
    readonly record: SessionRecord,
    entries: readonly VaultEntry[],
  ) {
    this.vault.adopt(entries);
    for (const entry of entries) this.stored.add(entry[2]);
  }

  private get store(): StateStore {
    return this.sessions.store;
  }

  /** The vault while it has room: a full one masks new values irreversibly. */
  get vaultWithRoom(): PlaceholderVault | undefined {
    return this.vault.size < MAX_SESSION_VALUES ? this.vault : undefined;
  }

  /** Remembers a request of the server's; written before the message that carries it is relayed (`persist`). */
  serverAsked(id: unknown, method: string): void {
    if (this.asked++ >= MAX_PENDING) return;
    const { asked } = keys(this.handle);
    const write = this.store.hset(asked, new Map([[askedField(id), method]])).then(() => this.store.expire([asked], this.sessions.ttlSeconds));
    // Its failure is `persist`'s to report, not an unhandled rejection meanwhile.
    write.catch(() => {});
    this.writes.push(write);
  }

  /** The method of the server request `id` answers, forgotten once answered. */
  async answered(id: unknown): Promise<string | undefined> {
    const { asked } = keys(this.handle);
    const method = await this.store.hget(asked, askedField(id));
    if (method !== null) await this.store.hdel(asked, askedField(id));
    return method ?? undefined;
  }

  /**
   * Writes what guarding a server message added (new placeholders, server requests) before the
   * message is relayed, so the client can use a placeholder on any replica at once. A number
   * another request of the session gave another value first is renumbered: the answer maps
   * each old placeholder to its new one, for the message to be rewritten.
   */
  async persist(): Promise<ReadonlyMap<string, string>> {
    const renamed = new Map<string, string>();
    await Promise.all(this.writes.splice(0));
    const { vault } = keys(this.handle);
    const fresh = this.vault.entries().filter((e) => !this.stored.has(e[2]));
    for (const [type, value, placeholder] of fresh) {
      let candidate = placeholder;
      for (let attempt = 0; ; attempt++) {
        if (await this.store.hsetnx(vault, candidate, JSON.stringify([type, value]))) break;
        const held = await this.store.hget(vault, candidate);
        if (held === JSON.stringify([type, value])) break;
        if (attempt >= MAX_RENUMBERS) throw new Error("placeholder numbering did not settle");
        candidate = nextFree(type, await this.store.hgetall(vault), this.vault);
      }
      this.stored.add(candidate);
      if (candidate !== placeholder) {
        renamed.set(placeholder, candidate);
        this.vault.rename(placeholder, candidate);
      }
    }
    if (fresh.length > 0) await this.store.expire([vault], this.sessions.ttlSeconds);
    return renamed;
  }
}

/** The first `<TYPE_n>` neither the store nor this request's vault holds. */
function nextFree(type: string, stored: ReadonlyMap<string, string>, vault: PlaceholderVault): string {
  let n = 0;
  for (const placeholder of [...stored.keys(), ...vault.values.keys()]) {
    if (!placeholder.startsWith(`<${type}_`)) continue;
    const k = Number(placeholder.slice(type.length + 2, -1));
    if (Number.isInteger(k) && k > n) n = k;
  }
  return `<${type}_${n + 1}>`;
}

function askedField(id: unknown): string {
  return typeof id === "string" ? `s:${id}` : `n:${String(id)}`;
}

function vaultEntries(stored: ReadonlyMap<string, string>): VaultEntry[] {
  const out: VaultEntry[] = [];
  for (const [placeholder, pair] of stored) {
    const [type, value] = JSON.parse(pair) as [string, string];
    out.push([type, value, placeholder]);
  }
  return out;
}

/**
 * A session's last use, as its score in the caller's set: milliseconds, made strictly increasing
 * within the process, so sessions used in the same millisecond keep their order (a tie would let
 * the store pop a newer session before an older one).
 */
let lastUse = 0;
function useScore(): number {
  lastUse = Math.max(Date.now(), lastUse + 1 / 1024);
  return lastUse;
}

export class McpSessions {
  constructor(
    readonly store: StateStore,
    readonly ttlSeconds: number,
    private readonly perCaller: number,
  ) {}

  /** Throws StateUnavailableError when the store does not answer: asked before an `initialize` leaves, so a session the store could not hold is never opened at the server. */
  async ready(): Promise<void> {
    await this.store.get("mcp:ready");
  }

  /** A new session of `record.caller`; beyond the caller's cap, the caller's least recently used ends. */
  async open(record: SessionRecord): Promise<McpSession> {
    const id = randomBytes(32).toString("base64url");
    const handle = digest(id);
    const byCaller = callerKey(record.caller);
    await this.store.set(keys(handle).record, JSON.stringify(record), this.ttlSeconds);
    await this.store.zadd(byCaller, useScore(), handle);
    await this.store.expire([byCaller], this.ttlSeconds);
    const over = (await this.store.zcard(byCaller)) - this.perCaller;
    if (over > 0) {
      const evicted = (await this.store.zpopmin(byCaller, over)).filter((h) => h !== handle);
      await this.store.del(evicted.flatMap((h) => Object.values(keys(h))));
    }
    return new McpSession(this, id, handle, record, []);
  }

  /**
   * The session `id` names, when it is one of `server`'s, the caller's and the policy's; null
   * otherwise (the caller cannot tell which: ids cannot be probed). Its expiry moves.
   */
  async find(server: string, id: string, caller: string, policy: string): Promise<McpSession | null> {
    // A made-up id is not hashed into a lookup of arbitrary length.
    if (id.length > 128) return null;
    const handle = digest(id);
    const { record: recordKey, vault, asked } = keys(handle);
    const [text, stored] = await Promise.all([this.store.get(recordKey), this.store.hgetall(vault)]);
    if (text === null) return null;
    const record = JSON.parse(text) as SessionRecord;
    if (record.server !== server || record.caller !== caller || record.policy !== policy) return null;
    // The session's expiry moves; a failure here is counted by the store and costs the request nothing.
    void Promise.all([this.store.expire([recordKey, vault, asked], this.ttlSeconds), this.store.zadd(callerKey(caller), useScore(), handle), this.store.expire([callerKey(caller)], this.ttlSeconds)]).catch(() => {});
    return new McpSession(this, id, handle, record, vaultEntries(stored));
  }

  async end(session: McpSession): Promise<void> {
    await this.store.del(Object.values(keys(session.handle)));
    await this.store.zrem(callerKey(session.record.caller), session.handle);
  }
}

/** A message with each renumbered placeholder written anew (persist's answer); the same message when none was. */
export function renumbered<T>(message: T, renamed: ReadonlyMap<string, string>): T {
  if (renamed.size === 0 || message === null) return message;
  // One pass over every placeholder: a chain of renames (1 -> 2, 2 -> 3) applies each once.
  return JSON.parse(JSON.stringify(message).replace(/<[A-Z][A-Z_]*_\d+>/g, (p) => renamed.get(p) ?? p)) as T;
}
