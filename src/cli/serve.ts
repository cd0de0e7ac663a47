/** `guardrail-proxy serve`: start the server and run until SIGINT or SIGTERM. */
import { createLogger } from "../log/logger.ts";
import { startServer } from "../http/server.ts";
import { applyOptions, loadSettings, type Environment } from "../settings.ts";
import type { ParsedArgs } from "./args.ts";

export async function runServe(args: ParsedArgs, env: Environment, argv: readonly string[]): Promise<number> {
  const settings = loadSettings(applyOptions(env, args.options), { requireLicence: true });
  if (settings.reload && !Bun.isStandaloneExecutable) return runWithWatch(argv, env);
  const log = createLogger(settings.logLevel);
  if (settings.reload) log.warning("--reload restarts on source changes and needs the source tree; the compiled binary ignores it (policies are re-read on every request anyway)");
  const server = await startServer(settings, log);
  const signal = await new Promise<string>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
  log.info("shutting down", { signal });
  await server.stop();
  process.exit(0);
}

/**
 * Development hot reload: run the same command under `bun --watch`, which restarts the
 * process whenever a source file it imported changes.
 */
async function runWithWatch(argv: readonly string[], env: Environment): Promise<number> {
  const childArgs = argv.filter((a) => a !== "--reload");
  const child = Bun.spawn([process.execPath, "--watch", Bun.main, ...childArgs], {
    env: { ...env, SVC_GUARDRAILS_RELOAD: "false" },
    stdio: ["inherit", "inherit", "inherit"],
  });
  const forward = (sig: NodeJS.Signals) => () => child.kill(sig);
  process.on("SIGINT", forward("SIGINT"));
  process.on("SIGTERM", forward("SIGTERM"));
  return await child.exited;
}
