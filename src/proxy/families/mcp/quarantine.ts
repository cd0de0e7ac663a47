/**
 * Quarantine (DECISIONS §12): a tool, prompt, resource or template whose listing tripped an
 * enforcing guardrail is removed from its list, and a later call naming it is refused, per MCP
 * server and policy, for the life of the process. Tools already judged are remembered too, so a
 * call naming a tool the client never listed makes the proxy list the tools itself first.
 */
import type { Block } from "../../../pipeline/types.ts";

/** Names remembered per server and policy: a server listing more is judged again on each call. */
const MAX_NAMES = 10_000;

interface Judged {
  readonly quarantined: Map<string, Block>;
  readonly seen: Set<string>;
}

export class Quarantine {
  private readonly byScope = new Map<string, Judged>();

  private scope(server: string, policy: string, list: string): Judged {
    const key = `${server}\u0000${policy}\u0000${list}`;
    let judged = this.byScope.get(key);
    if (!judged) this.byScope.set(key, (judged = { quarantined: new Map(), seen: new Set() }));
    return judged;
  }

  /** Records a list's verdicts: `blocked` by name; every other name judged clean. */
  record(server: string, policy: string, list: string, names: readonly string[], blocked: ReadonlyMap<string, Block>): void {
    const judged = this.scope(server, policy, list);
    for (const name of names) {
      if (judged.seen.size >= MAX_NAMES && !judged.seen.has(name)) break;
      judged.seen.add(name);
      const block = blocked.get(name);
      if (block) judged.quarantined.set(name, block);
      // A description fixed by the server lifts the quarantine on the next listing.
      else judged.quarantined.delete(name);
    }
  }

  /** The block that quarantined `name`, if it is quarantined. */
  blockOf(server: string, policy: string, list: string, name: string): Block | undefined {
    return this.byScope.get(`${server}\u0000${policy}\u0000${list}`)?.quarantined.get(name);
  }

  judged(server: string, policy: string, list: string, name: string): boolean {
    return this.byScope.get(`${server}\u0000${policy}\u0000${list}`)?.seen.has(name) === true;
  }
}
