/** The store the settings name (DECISIONS §15): the shared one when SVC_GUARDRAILS_STATE_URL is set, else the process's own. */
import { MemoryStore } from "./memory-store.ts";
import { RedisStore } from "./redis-store.ts";
import type { StateStore } from "./store.ts";

export { StateUnavailableError, type StateStore } from "./store.ts";

export interface StateStoreSettings {
  readonly url: string;
  readonly key: Uint8Array;
}

/** Connects to the shared store (an unreachable one throws a StartupError naming its host), or makes the in-process one. */
export async function openStateStore(settings: StateStoreSettings | undefined, onError: (operation: string) => void): Promise<StateStore> {
  if (!settings) return new MemoryStore();
  return RedisStore.connect({ url: settings.url, key: settings.key, onError });
}
