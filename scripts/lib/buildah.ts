/**
 * Running buildah for the image build and its test: the vfs storage driver (works as root on any
 * file system, no overlay or fuse needed), and the storage directory from
 * GUARDRAIL_PROXY_IMAGE_ROOT when set, so a test can build in a directory of its own.
 */
import { join } from "node:path";

function buildahArgs(root = process.env.GUARDRAIL_PROXY_IMAGE_ROOT): string[] {
  return ["--storage-driver", "vfs", ...(root ? ["--root", join(root, "storage"), "--runroot", join(root, "run")] : [])];
}

/** Runs a command and answers its stdout; throws with `what` and its stderr when it fails, unless allowed to. */
export function runCommand(cmd: readonly string[], what = cmd.join(" "), allowFailure = false): string {
  const run = Bun.spawnSync([...cmd], { stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0 && !allowFailure) throw new Error(`${what} failed: ${run.stderr.toString().trim()}`);
  return run.stdout.toString();
}

/** Runs `buildah <args>` and answers its stdout; throws with its stderr when it fails. */
export function buildah(args: readonly string[], options: { allowFailure?: boolean; root?: string } = {}): string {
  return runCommand(["buildah", ...buildahArgs(options.root), ...args], `buildah ${args[0]}`, options.allowFailure);
}

/** The image's size in bytes: its layers, uncompressed, as `buildah commit` stored them. */
export function imageSize(tag: string, root?: string): number {
  const image = JSON.parse(buildah(["inspect", "--type", "image", tag], { root })) as { Manifest: string };
  const manifest = JSON.parse(image.Manifest) as { layers: { size: number }[] };
  return manifest.layers.reduce((sum, layer) => sum + layer.size, 0);
}
