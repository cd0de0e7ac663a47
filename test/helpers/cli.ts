/** Runs the real command line (`bun src/main.ts ...`) as a child process. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A clean environment: only PATH and HOME from ours, so nothing leaks in from the machine. */
export function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...extra };
}

/** The environment a running process was (last) executed with, from /proc. */
export function environmentOf(pid: number): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const entry of readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")) {
    const eq = entry.indexOf("=");
    if (eq > 0) environment[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return environment;
}

export async function runCli(args: string[], options: { env?: Record<string, string>; stdin?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  const proc = Bun.spawn([process.execPath, MAIN, ...args], {
    env: options.env ?? baseEnv(),
    stdin: options.stdin === undefined ? "ignore" : new Blob([options.stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill(), options.timeoutMs ?? 20000);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** Reads a spawned server's stdout until its "listening" log line; returns the port. */
export async function waitForListening(proc: {
  stdout: ReadableStream<Uint8Array>;
  stderr: ReadableStream<Uint8Array>;
}): Promise<{ port: number; line: Record<string, unknown>; release: () => void }> {
  const reader = proc.stdout.getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before listening: ${await new Response(proc.stderr).text()}`);
    buffered += new TextDecoder().decode(value);
    const line = buffered.split("\n").find((l) => l.includes('"msg":"listening"') && l.endsWith("}"));
    if (line) {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return { port: Number(parsed.port), line: parsed, release: () => reader.releaseLock() };
    }
  }
}
