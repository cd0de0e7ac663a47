/**
 * Bun's `fetch` runs at most 256 requests at once unless BUN_CONFIG_MAX_HTTP_REQUESTS is in the
 * environment when the process starts: it is read once, before any script runs, so setting it
 * later changes nothing. A proxy with 500 open streams needs more, so when it is unset,
 * `serve` re-executes itself once with it set. `execve` replaces the process image in place:
 * same pid, same stdio, no parent left waiting, which matters under a container's init.
 */
import type { Environment } from "../settings.ts";
import { selfCommand } from "./self-command.ts";

export const FETCH_CONCURRENCY_VARIABLE = "BUN_CONFIG_MAX_HTTP_REQUESTS";
/** Enough for thousands of concurrent streams; a caller's own value is kept. */
export const DEFAULT_FETCH_CONCURRENCY = "4096";

type Execve = (file: string, args: readonly string[], env: Record<string, string | undefined>) => never;

/** Re-executes `serve` with the variable set; returns only when nothing needs doing. */
export function ensureFetchConcurrency(argv: readonly string[], env: Environment): void {
  if (env[FETCH_CONCURRENCY_VARIABLE] || !startsServer(argv)) return;
  const execve = (process as unknown as { execve?: Execve }).execve;
  if (typeof execve !== "function") return;
  execve(process.execPath, selfCommand(argv), { ...env, [FETCH_CONCURRENCY_VARIABLE]: DEFAULT_FETCH_CONCURRENCY });
}

/** `serve`, named or implied; not `--help`, `--version`, `validate` or `scan`. */
function startsServer(argv: readonly string[]): boolean {
  if (argv.includes("--help") || argv.includes("-h") || argv.includes("--version")) return false;
  const first = argv[0];
  return first === undefined || first === "serve" || first.startsWith("--");
}
