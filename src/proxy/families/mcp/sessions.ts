/**
 * What the proxy keeps per MCP session (DECISIONS §12), in memory: the placeholders of
 * reversible output masking (values the server sent, numbered per session, restored in what the
 * client sends later), and the methods of the server's requests still unanswered (a client's
 * answer names only an id). A session ends with `DELETE` or `SVC_GUARDRAILS_MCP_SESSION_TTL`
 * seconds after its last request; the store and each session are bounded. Nothing here reaches
 * logs, metrics or traces.
 */
import { PlaceholderVault } from "../../../guardrails/text/vault.ts";

/** Values one session may hold; beyond them, new values are masked irreversibly. */
export const MAX_SESSION_VALUES = 1000;
/** Sessions kept at once; beyond them, the least recently used goes. */
const MAX_SESSIONS = 10_000;
/** Unanswered server requests remembered per session. */
const MAX_PENDING = 256;

export class McpSession {
  readonly vault = new PlaceholderVault();
  private readonly pending = new Map<string, string>();
  lastUsed = Date.now();

  /** The vault while it has room: a full one masks new values irreversibly. */
  get vaultWithRoom(): PlaceholderVault | undefined {
    return this.vault.size < MAX_SESSION_VALUES ? this.vault : undefined;
  }

  serverAsked(id: unknown, method: string): void {
    if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
    this.pending.set(idKey(id), method);
  }

  /** The method of the server request `id` answers, forgotten once answered. */
  answered(id: unknown): string | undefined {
    const key = idKey(id);
    const method = this.pending.get(key);
    this.pending.delete(key);
    return method;
  }
}

export class McpSessions {
  private readonly sessions = new Map<string, McpSession>();

  constructor(private readonly ttlMs: number) {}

  /** The session of `id` on `server`, made on first use; touching it moves its expiry. */
  get(server: string, id: string): McpSession {
    this.sweep();
    const key = `${server}\u0000${id}`;
    let session = this.sessions.get(key);
    if (session) this.sessions.delete(key);
    else session = new McpSession();
    session.lastUsed = Date.now();
    this.sessions.set(key, session);
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    return session;
  }

  end(server: string, id: string): void {
    this.sessions.delete(`${server}\u0000${id}`);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Sessions are kept in order of last use: expired ones are at the front. */
  private sweep(): void {
    const cutoff = Date.now() - this.ttlMs;
    for (const [key, session] of this.sessions) {
      if (session.lastUsed >= cutoff) break;
      this.sessions.delete(key);
    }
  }
}

function idKey(id: unknown): string {
  return typeof id === "string" ? `s:${id}` : `n:${String(id)}`;
}
