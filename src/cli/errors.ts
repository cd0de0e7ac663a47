/** Errors of the command line; with errors/startup-error.ts, what ends the process with one line on stderr and status 2. */

/** Bad command line: unknown option, missing value. Exit status 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
