/**
 * Variables the runtime reads once, before any script runs, so setting them later changes
 * nothing. When `serve` starts without one of them, it re-executes itself once with them set;
 * a value the operator set is kept. `execve` replaces the process image in place: same pid,
 * same stdio, no parent left waiting, which matters under a container's init.
 *
 * - BUN_CONFIG_MAX_HTTP_REQUESTS: Bun's `fetch` runs at most 256 requests at once without it,
 *   and a proxy with 500 open streams needs more.
 * - MIMALLOC_PURGE_DELAY: by default the allocator hands freed pages back to the system after
 *   10 ms, and the engine's heap takes them back at the next requests, each page with a fault.
 *   Under load that churn cost about 30 µs of CPU per proxied request (the allocator's purge
 *   thread, the engine's page warm-up thread, faults on the main thread). 1000 ms keeps freed
 *   pages while load goes on (at concurrency 32, process CPU per request 150-192 µs against
 *   155-219 with -1, never giving pages back, in an interleaved A/B) and still returns the
 *   memory of a peak a second later: a 9.5 MB scan's 1.4 GB came back to 77 MB, where -1 kept
 *   it for good.
 */
import type { Environment } from "../settings.ts";
import { selfCommand } from "./self-command.ts";

/** What `serve` sets when the operator has not. */
export const START_ENVIRONMENT: Readonly<Record<string, string>> = {
  /** Enough for thousands of concurrent streams. */
  BUN_CONFIG_MAX_HTTP_REQUESTS: "4096",
  MIMALLOC_PURGE_DELAY: "1000",
};

type Execve = (file: string, args: readonly string[], env: Record<string, string | undefined>) => never;

/** Re-executes `serve` with the missing variables set; returns only when nothing needs doing. */
export function ensureStartEnvironment(argv: readonly string[], env: Environment): void {
  const missing = Object.keys(START_ENVIRONMENT).filter((name) => !env[name]);
  if (missing.length === 0 || !startsServer(argv)) return;
  const execve = (process as unknown as { execve?: Execve }).execve;
  if (typeof execve !== "function") return;
  const added = Object.fromEntries(missing.map((name) => [name, START_ENVIRONMENT[name]]));
  execve(process.execPath, selfCommand(argv), { ...env, ...added });
}

/** `serve`, named or implied; not `--help`, `--version`, `validate` or `scan`. */
function startsServer(argv: readonly string[]): boolean {
  if (argv.includes("--help") || argv.includes("-h") || argv.includes("--version")) return false;
  const first = argv[0];
  return first === undefined || first === "serve" || first.startsWith("--");
}
