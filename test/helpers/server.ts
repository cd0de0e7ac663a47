/** Starts the real server in-process on a loopback port, with logs captured in memory. */
import { createLogger, memorySink } from "../../src/log/logger.ts";
import { startServer, type RunningServer } from "../../src/http/server.ts";
import { loadSettings, type Environment } from "../../src/settings.ts";

export interface TestServer extends RunningServer {
  /** Log lines written so far, parsed. */
  logs(): Record<string, unknown>[];
  /** Raw log text, for "never contains" assertions. */
  rawLogs(): string;
  /**
   * The last log line matching `predicate`, waiting for it: request lines are written after
   * the response has been sent, so a client can see the answer before the line exists.
   */
  waitForLog(predicate: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

export async function startTestServer(env: Environment): Promise<TestServer> {
  const sink = memorySink();
  const settings = loadSettings(
    { SVC_KEY: "test-licence", SVC_GUARDRAILS_OFFLINE: "true", SVC_GUARDRAILS_HOST: "127.0.0.1", SVC_GUARDRAILS_PORT: "0", SVC_GUARDRAILS_LOG_LEVEL: "debug", ...env },
    { requireLicence: true },
  );
  const server = await startServer(settings, createLogger(settings.logLevel, sink));
  return {
    ...server,
    logs: () => sink.lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    rawLogs: () => sink.lines.join(""),
    async waitForLog(predicate, timeoutMs = 2000) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const found = sink.lines.map((l) => JSON.parse(l) as Record<string, unknown>).findLast(predicate);
        if (found) return found;
        if (performance.now() > deadline) throw new Error("no matching log line");
        await Bun.sleep(2);
      }
    },
    post: (path, body, headers = {}) =>
      fetch(server.url + path, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}
