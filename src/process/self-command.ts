/**
 * The command that starts this same program again with other arguments: the compiled binary
 * runs itself; from source, Bun runs the entry script with the same runtime flags.
 */
export function selfCommand(argv: readonly string[]): string[] {
  return Bun.isStandaloneExecutable ? [process.execPath, ...argv] : [process.execPath, ...process.execArgv, Bun.main, ...argv];
}
