/**
 * The server refuses to start (DECISIONS §1): missing licence key, invalid models config,
 * `api` mode without a policy. The message names the variable, file or field; the command line
 * prints it on one line and exits with status 2. Thrown by settings and the server's start-up,
 * below the command line that reports it.
 */
export class StartupError extends Error {
  override readonly name = "StartupError";
}
