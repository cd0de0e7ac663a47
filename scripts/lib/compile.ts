/**
 * One self-contained executable of the server, with every guardrail, pattern and model inside,
 * for this machine or for another platform (`bun build --compile --target`: Bun fetches that
 * platform's runtime from the npm registry once and caches it). Bytecode makes start-up fast
 * (the /health-within-150-ms target).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

/** The release platforms (`build:all`): Bun's target name and the file name's suffix. */
export const RELEASE_TARGETS = [
  { target: "bun-linux-x64", file: "guardrail-proxy-linux-x64" },
  { target: "bun-linux-arm64", file: "guardrail-proxy-linux-arm64" },
  { target: "bun-linux-x64-musl", file: "guardrail-proxy-linux-x64-musl" },
  { target: "bun-linux-arm64-musl", file: "guardrail-proxy-linux-arm64-musl" },
  { target: "bun-darwin-arm64", file: "guardrail-proxy-darwin-arm64" },
  { target: "bun-darwin-x64", file: "guardrail-proxy-darwin-x64" },
  { target: "bun-windows-x64", file: "guardrail-proxy-windows-x64.exe" },
] as const;

export type ReleaseTarget = (typeof RELEASE_TARGETS)[number]["target"];

/**
 * The files of `policies/` that differ from the last commit (`git status`), when `root` is a git
 * checkout: the binary embeds the directory as it is on disk (what `init` writes out), so a
 * build says which of them are not the committed ones. Empty outside a checkout or without git.
 */
export function uncommittedPolicies(root = ROOT): string[] {
  try {
    const status = Bun.spawnSync(["git", "status", "--porcelain", "--untracked-files=all", "--", "policies"], { cwd: root, stdout: "pipe", stderr: "ignore" });
    if (status.exitCode !== 0) return [];
    return status.stdout
      .toString()
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => line.slice(3).trim());
  } catch {
    return [];
  }
}

/** One warning line when the build embeds policies that are not the committed ones. */
export function warnAboutUncommittedPolicies(): void {
  const files = uncommittedPolicies();
  if (files.length > 0) console.error(`warning: the binary embeds policies/ as it is on disk, and these differ from the last commit: ${files.join(", ")}`);
}

/** Compiles the server into `outfile`; `target` omitted means this machine's platform. Throws with Bun's messages on failure. */
export async function compileBinary(outfile: string, target?: ReleaseTarget): Promise<void> {
  rmSync(outfile, { force: true });
  const result = await Bun.build({
    // The scan workers' module is an entry point of its own (pipeline/scan-pool.ts finds it).
    entrypoints: [join(ROOT, "src/main.ts"), join(ROOT, "src/pipeline/scan-worker.ts")],
    target: "bun",
    format: "esm",
    minify: true,
    bytecode: true,
    compile: {
      outfile,
      ...(target ? { target } : {}),
      // The binary reads its settings from options and variables only, never from files in the
      // directory it happens to be started in.
      autoloadBunfig: false,
      autoloadTsconfig: false,
      autoloadPackageJson: false,
    },
  });
  if (!result.success) throw new Error(`bun build failed for ${target ?? "this platform"}:\n${result.logs.join("\n")}`);
}
