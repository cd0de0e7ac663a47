/** `guardrail-proxy serve`: start the server and run until SIGINT or SIGTERM. */
import { createLogger, stdoutSink } from "../log/logger.ts";
import { superviseWorkers } from "../process/workers.ts";
import { StartupError } from "../errors/startup-error.ts";
import { startServer } from "../http/server.ts";
import { applyOptions, loadSettings, type Environment } from "../settings.ts";
import type { ParsedArgs } from "./args.ts";

export async function runServe(args: ParsedArgs, env: Environment, argv: readonly string[]): Promise<number> {
  const settings = loadSettings(applyOptions(env, args.options), { requireLicence: true });
  const supervises = settings.workers > 1 && settings.workerIndex === undefined;
  if (supervises && settings.reload) throw new StartupError("--reload runs one process: it cannot be combined with --workers");
  if (supervises && settings.port === 0) throw new StartupError("--workers needs a fixed --port: with port 0 each worker would listen on a port of its own");
  if (settings.reload && !Bun.isStandaloneExecutable) return runWithWatch(argv, env);
  const sink = stdoutSink();
  const log = createLogger(settings.logLevel, sink);
  if (supervises) return superviseWorkers(settings.workers, argv, env, log, sink);
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
