/** Starting the compiled binary and baseline servers as separate processes for benchmarks. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "..", "..");
export const BINARY = join(ROOT, "dist", "guardrail-proxy");

/** Builds dist/guardrail-proxy unless it is there and newer than every source file. */
export function ensureBinary(): string {
  const rebuild = process.env.BENCH_REBUILD !== "0";
  if (!existsSync(BINARY) || rebuild) {
    const r = Bun.spawnSync([process.execPath, "run", "build"], { cwd: ROOT, stdout: "ignore", stderr: "inherit" });
    if (r.exitCode !== 0) throw new Error("build failed");
  }
  return BINARY;
}

export interface Proc {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** Spawns `cmd` and waits until GET `readyPath` answers 200 on `port`. */
export async function spawnServer(cmd: string[], port: number, env: Record<string, string> = {}, readyPath = "/health"): Promise<Proc> {
  const proc = Bun.spawn(cmd, { env: { PATH: process.env.PATH ?? "", ...env }, stdout: "ignore", stderr: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 15000;
  for (;;) {
    try {
      const r = await fetch(url + readyPath);
      await r.text();
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`${cmd.join(" ")} did not start`);
    await Bun.sleep(5);
  }
  return {
    url,
    pid: proc.pid,
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
}
