/** Errors that end the process with a one-line message on stderr and a fixed exit status. */

/** Bad command line: unknown option, missing value. Exit status 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/**
 * The server refuses to start (DECISIONS §1): missing licence key, invalid models config,
 * `api` mode without a policy. The message names the variable, file or field. Exit status 2.
 */
export class StartupError extends Error {
  override readonly name = "StartupError";
}
