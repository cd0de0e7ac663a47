/**
 * The MCP family (DECISIONS §12, §15): agents' tool traffic over MCP's Streamable HTTP
 * transport. It is JSON-RPC, not a chat API, so it is not an `ApiFamily`: its routes
 * (`/mcp/{name}`) are mounted by `http/routes/mcp.ts` from the runtime built here at start-up.
 */
import type { Logger } from "../../../log/logger.ts";
import type { Metrics } from "../../../metrics/metrics.ts";
import type { StateStore } from "../../../state/store.ts";
import { loadMcpConfig, type McpServerEntry } from "./config.ts";
import type { McpRuntime } from "./handle.ts";
import { ToolPins } from "./pins.ts";
import { Quarantine } from "./quarantine.ts";
import { McpSessions } from "./sessions.ts";

export { McpConfigError, loadMcpConfig } from "./config.ts";
export { mcpDelete, mcpGet, mcpPost, type McpRuntime } from "./handle.ts";
export { resetPins, ToolPins } from "./pins.ts";

export interface McpRuntimeOptions {
  readonly sessionTtlSeconds: number;
  readonly sessionsPerCaller: number;
  /** Where sessions, placeholders, pins and verdicts live: the process, or the store replicas share. */
  readonly store: StateStore;
  readonly log: Logger;
  readonly metrics: Metrics;
}

/** The runtime of the configured servers; null without an MCP config. Throws `McpConfigError`. */
export function createMcpRuntime(configPath: string | undefined, options: McpRuntimeOptions): McpRuntime | null {
  if (!configPath) return null;
  const entries: readonly McpServerEntry[] = loadMcpConfig(configPath);
  return {
    entries: new Map(entries.map((e) => [e.name, e])),
    sessions: new McpSessions(options.store, options.sessionTtlSeconds, options.sessionsPerCaller),
    quarantine: new Quarantine(options.store, options.sessionTtlSeconds),
    pins: new ToolPins(options.store, options.log, options.metrics),
  };
}
