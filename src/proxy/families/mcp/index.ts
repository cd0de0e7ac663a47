/**
 * The MCP family (DECISIONS §12): agents' tool traffic over MCP's Streamable HTTP transport. It
 * is JSON-RPC, not a chat API, so it is not an `ApiFamily`: its routes (`/mcp/{name}`) are
 * mounted by `http/routes/mcp.ts` from the runtime built here at start-up.
 */
import { loadMcpConfig, type McpServerEntry } from "./config.ts";
import type { McpRuntime } from "./handle.ts";
import { Quarantine } from "./quarantine.ts";
import { McpSessions } from "./sessions.ts";

export { McpConfigError } from "./config.ts";
export { mcpDelete, mcpGet, mcpPost, type McpRuntime } from "./handle.ts";

/** The runtime of the configured servers; null without an MCP config. Throws `McpConfigError`. */
export function createMcpRuntime(configPath: string | undefined, sessionTtlSeconds: number): McpRuntime | null {
  if (!configPath) return null;
  const entries: readonly McpServerEntry[] = loadMcpConfig(configPath);
  return { entries: new Map(entries.map((e) => [e.name, e])), sessions: new McpSessions(sessionTtlSeconds * 1000), quarantine: new Quarantine() };
}
