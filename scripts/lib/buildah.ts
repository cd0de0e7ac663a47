/**
 * Running buildah for the image build and its test: the vfs storage driver (works as root on any
 * file system, no overlay or fuse needed), and the storage directory from
 * GUARDRAIL_PROXY_IMAGE_ROOT when set, so a test can build in a directory of its own.
 */
import { join } from "node:path";

function buildahArgs(root = process.env.GUARDRAIL_PROXY_IMAGE_ROOT): string[] {
  return ["--storage-driver", "vfs", ...(root ? ["--root", join(root, "storage"), "--runroot", join(root, "run")] : [])];
}

/** Runs `buildah <args>` and answers its stdout; throws with its stderr when it fails. */
export function buildah(args: readonly string[], options: { allowFailure?: boolean; root?: string } = {}): string {
  const run = Bun.spawnSync(["buildah", ...buildahArgs(options.root), ...args], { stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0 && !options.allowFailure) throw new Error(`buildah ${args[0]} failed: ${run.stderr.toString().trim()}`);
  return run.stdout.toString();
}

/** The image's size in bytes: its layers, uncompressed, as `buildah commit` stored them. */
export function imageSize(tag: string, root?: string): number {
  const image = JSON.parse(buildah(["inspect", "--type", "image", tag], { root })) as { Manifest: string };
  const manifest = JSON.parse(image.Manifest) as { layers: { size: number }[] };
  return manifest.layers.reduce((sum, layer) => sum + layer.size, 0);
}
