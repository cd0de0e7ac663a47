/**
 * Quarantine (DECISIONS §12, §15): a tool, prompt, resource or template whose listing tripped an
 * enforcing guardrail (or a tool whose definition changed since it was pinned, pins.ts) is
 * removed from its list, and a later call naming it is refused, per MCP server and policy.
 * Names judged clean are remembered too, so a call naming a tool the client never listed makes
 * the proxy list the tools itself first: at most once per session (or, without one, per server
 * and policy) within the session TTL, never once per call. Verdicts live in the store, so every
 * replica refuses the same tools.
 */
import type { Block } from "../../../pipeline/types.ts";
import type { StateStore } from "../../../state/store.ts";

/** Names recorded per listing: a server listing more has the rest judged again on each call. */
const MAX_NAMES = 10_000;
/** Names a scope holds: a server that keeps listing new names starts its scope over (its next listing is recorded anew). */
const MAX_SCOPE_NAMES = 2 * MAX_NAMES;

export interface Verdict {
  readonly judged: boolean;
  readonly block?: Block;
}

const verdictsKey = (server: string, policy: string, list: string) => `mcp:verdicts:${server}\u0000${policy}\u0000${list}`;

export class Quarantine {
  constructor(
    private readonly store: StateStore,
    private readonly relistSeconds: number,
  ) {}

  /** Records a list's verdicts: `blocked` by name; every other name judged clean. */
  async record(server: string, policy: string, list: string, names: readonly string[], blocked: ReadonlyMap<string, Block>): Promise<void> {
    const entries = new Map<string, string>();
    for (const name of names.slice(0, MAX_NAMES)) {
      const block = blocked.get(name);
      // A description fixed by the server lifts the quarantine on the next listing.
      entries.set(name, block ? JSON.stringify(block) : "");
    }
    const key = verdictsKey(server, policy, list);
    if ((await this.store.hlen(key)) > MAX_SCOPE_NAMES) await this.store.del([key]);
    await this.store.hset(key, entries);
  }

  async verdict(server: string, policy: string, list: string, name: string): Promise<Verdict> {
    const held = await this.store.hget(verdictsKey(server, policy, list), name);
    if (held === null) return { judged: false };
    return held === "" ? { judged: true } : { judged: true, block: JSON.parse(held) as Block };
  }

  /** True the first time `scope` (a session, or a server and policy) asks within the TTL: the proxy may list tools itself. */
  async mayRelist(scope: string): Promise<boolean> {
    return this.store.set(`mcp:relisted:${scope}`, "1", this.relistSeconds, true);
  }
}
