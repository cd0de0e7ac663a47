/**
 * Whether an HTTP engine a policy names (a classifier endpoint, a webhook) can be reached: a TCP
 * connection to its host and port, nothing sent. Start-up and `validate` warn about those that
 * cannot (DECISIONS §1); a request never waits for this.
 */
import { connect } from "node:net";
import { engineEndpoints, unsetEngineVariables } from "../policy/reachability.ts";

/** Null when a connection opened within `timeoutMs`; else the cause (ECONNREFUSED, ENOTFOUND, timed out). */
export function probeEndpoint(url: string, timeoutMs = 1500): Promise<string | null> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve("not a valid URL");
  }
  const port = Number(target.port || (target.protocol === "https:" ? 443 : 80));
  const host = target.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (cause: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(cause);
    };
    const timer = setTimeout(() => done(`no connection within ${timeoutMs} ms`), timeoutMs);
    socket.once("connect", () => done(null));
    socket.once("error", (e: NodeJS.ErrnoException) => done(typeof e.code === "string" ? e.code : "connection failed"));
  });
}

/**
 * Warning lines for a policy's HTTP engines (DECISIONS §1): each variable they read that is not
 * set, and each engine no connection reaches. The engines are tried at once, so the wait is the
 * slowest one's, at most `timeoutMs`.
 */
export async function engineWarnings(policyId: string, document: unknown, variable: (name: string) => string | undefined, timeoutMs = 1500): Promise<string[]> {
  const lines = unsetEngineVariables(policyId, document, variable);
  const endpoints = engineEndpoints(policyId, document);
  const causes = await Promise.all(endpoints.map((e) => probeEndpoint(e.url, timeoutMs)));
  endpoints.forEach((e, i) => {
    const cause = causes[i];
    if (cause === null || cause === undefined) return;
    const host = URL.canParse(e.url) ? new URL(e.url).host : "an invalid URL";
    lines.push(`${e.where} needs the ${e.what} at ${host}, which this server cannot reach (${cause}); every text it judges fails as guardrail_unavailable until it answers (its on_error decides)`);
  });
  return lines;
}
