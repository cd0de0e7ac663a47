/**
 * `guardrail-proxy mcp-pins --reset SERVER [--mcp-config PATH]`: forgets the tool definitions
 * pinned for an MCP server (DECISIONS §15), for a deliberate upgrade of its tools; the next
 * listing pins them anew. With a shared store (SVC_GUARDRAILS_STATE_URL) the pins are cleared
 * there, for every replica at once. Without one, pins live in each server process and start
 * empty with it: nothing here can reach them, and the command says to restart instead.
 */
import { loadMcpConfig, McpConfigError, resetPins } from "../proxy/families/mcp/index.ts";
import { storeHost } from "../state/redis-store.ts";
import { openStateStore } from "../state/index.ts";
import { applyOptions, loadSettings, type Environment } from "../settings.ts";
import { StartupError } from "../errors/startup-error.ts";
import type { ParsedArgs } from "./args.ts";
import { UsageError } from "./errors.ts";

export async function runMcpPins(args: ParsedArgs, env: Environment): Promise<number> {
  const server = args.options.get("reset");
  if (typeof server !== "string") throw new UsageError("name the server whose pins to reset: --reset SERVER");
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
  const settings = loadSettings(applyOptions(env, args.options), { requireLicence: false });
  if (settings.mcpConfigPath) {
    let names: string[];
    try {
      names = loadMcpConfig(settings.mcpConfigPath).map((e) => e.name);
    } catch (e) {
      if (e instanceof McpConfigError) throw new StartupError(e.message);
      throw e;
    }
    if (!names.includes(server)) throw new UsageError(`'${server}' is not a server of ${settings.mcpConfigPath} (${names.join(", ") || "none"})`);
  } else if (!/^[a-z0-9-]+$/.test(server)) {
    throw new UsageError(`'${server}' is not an MCP server name ([a-z0-9-]+)`);
  }
  if (!settings.state) {
    process.stderr.write(
      `guardrail-proxy: nothing reset: without a shared store (SVC_GUARDRAILS_STATE_URL) each server process keeps the pins of '${server}' in its own memory, and they start empty when it starts; restart the server to reset them\n`,
    );
    return 1;
  }
  const store = await openStateStore(settings.state, () => {});
  try {
    await resetPins(store, server);
  } finally {
    await store.close();
  }
  process.stdout.write(`pins of '${server}' cleared in the state store at ${storeHost(settings.state.url)}: the next listing of its tools pins them anew\n`);
  return 0;
}
