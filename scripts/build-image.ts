/**
 * `npm run build:image`: an OCI image `FROM scratch`, tagged `guardrail-proxy` (and its version),
 * built with buildah, no container daemon needed (Debian: `apt-get install buildah`; run as root).
 * It holds exactly what the compiled binary needs and nothing else, no shell, no package manager:
 *
 *   /guardrail-proxy                    the binary (scripts/lib/compile.ts), the entrypoint
 *   the shared libraries `ldd` names    and the program loader, at the paths the binary asks for
 *   /etc/ssl/certs/ca-certificates.crt  the system CA bundle (Bun trusts its own bundled roots)
 *   /etc/guardrail-proxy/policies       the shipped policies (mount your own over it)
 *   /etc/passwd, /etc/group             a non-root user, 65532 ("nonroot"), which the image runs as
 *   /etc/nsswitch.conf                  host names from /etc/hosts, then DNS
 *   /tmp                                writable scratch (sticky, as usual)
 *
 * `bun scripts/build-image.ts --rootfs DIR [BINARY]` writes only that root file system (the
 * Dockerfile's build stage). Variables: GUARDRAIL_PROXY_IMAGE_ROOT sets buildah's storage
 * directory (default: buildah's own), GUARDRAIL_PROXY_IMAGE_TAG the image name (default
 * guardrail-proxy).
 */
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { VERSION } from "../src/version.ts";
import { buildah, imageSize, runCommand } from "./lib/buildah.ts";
import { compileBinary } from "./lib/compile.ts";

const ROOT = join(import.meta.dir, "..");
const TAG = process.env.GUARDRAIL_PROXY_IMAGE_TAG ?? "guardrail-proxy";
/** The image's configuration; the Dockerfile states the same (a test compares them). */
export const IMAGE_USER = "65532:65532";
export const IMAGE_ENTRYPOINT = ["/guardrail-proxy"];
export const IMAGE_CMD = ["serve", "--default-config", "default"];
// The variables the runtime reads only at start (src/process/start-environment.ts): set here,
// `serve` need not re-execute itself to set them.
export const IMAGE_ENV = ["SVC_GUARDRAILS_POLICY_DIR=/etc/guardrail-proxy/policies", "SVC_GUARDRAILS_HOST=0.0.0.0", "SVC_GUARDRAILS_PORT=8000", "BUN_CONFIG_MAX_HTTP_REQUESTS=4096", "MIMALLOC_PURGE_DELAY=1000"];
const CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";

/** The shared libraries and the loader the binary links, as absolute paths (`ldd`). */
function linkedLibraries(binary: string): string[] {
  const paths: string[] = [];
  for (const line of runCommand(["ldd", binary]).split("\n")) {
    // "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)" or "/lib64/ld-linux-x86-64.so.2 (0x...)";
    // linux-vdso has no file.
    const match = /(?:=>\s*)?(\/\S+)\s+\(0x/.exec(line);
    if (match) paths.push(match[1]!);
  }
  if (paths.length === 0) throw new Error(`ldd named no library for ${binary}`);
  return paths;
}

/** The image's root file system, assembled in a directory. */
export function stageRoot(binary: string, stage: string): void {
  copyFileSync(binary, join(stage, "guardrail-proxy"));
  chmodSync(join(stage, "guardrail-proxy"), 0o755);
  // Each library as the real file at the path the binary asks for (symbolic links resolved).
  for (const lib of linkedLibraries(binary)) {
    mkdirSync(join(stage, dirname(lib)), { recursive: true });
    copyFileSync(lib, join(stage, lib));
    chmodSync(join(stage, lib), 0o755);
  }
  mkdirSync(join(stage, dirname(CA_BUNDLE)), { recursive: true });
  try {
    statSync(CA_BUNDLE);
  } catch {
    throw new Error(`${CA_BUNDLE} is missing: apt-get install ca-certificates`);
  }
  copyFileSync(CA_BUNDLE, join(stage, CA_BUNDLE));
  cpSync(join(ROOT, "policies"), join(stage, "etc/guardrail-proxy/policies"), { recursive: true });
  writeFileSync(join(stage, "etc/passwd"), "root:x:0:0:root:/:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/:/sbin/nologin\n");
  writeFileSync(join(stage, "etc/group"), "root:x:0:\nnonroot:x:65532:\n");
  writeFileSync(join(stage, "etc/nsswitch.conf"), "hosts: files dns\n");
  // Mount points a container runtime fills, and a writable /tmp.
  for (const dir of ["proc", "dev", "sys", "tmp"]) mkdirSync(join(stage, dir), { recursive: true });
  chmodSync(join(stage, "tmp"), 0o1777);
}

function revision(): string {
  const git = Bun.spawnSync(["git", "rev-parse", "HEAD"], { cwd: ROOT, stdout: "pipe", stderr: "ignore" });
  return git.exitCode === 0 ? git.stdout.toString().trim() : "unknown";
}

export async function buildImage(): Promise<{ tag: string; bytes: number }> {
  const work = mkdtempSync(join(tmpdir(), "gp-image-"));
  try {
    const binary = join(work, "guardrail-proxy");
    await compileBinary(binary);
    const stage = join(work, "root");
    mkdirSync(stage);
    stageRoot(binary, stage);

    const container = buildah(["from", "scratch"]).trim();
    try {
      buildah(["copy", container, `${stage}/`, "/"]);
      buildah([
        "config",
        "--entrypoint",
        JSON.stringify(IMAGE_ENTRYPOINT),
        "--cmd",
        JSON.stringify(IMAGE_CMD),
        "--user",
        IMAGE_USER,
        "--workingdir",
        "/",
        "--port",
        "8000/tcp",
        ...IMAGE_ENV.flatMap((e) => ["--env", e]),
        ...[
          "org.opencontainers.image.title=guardrail-proxy",
          "org.opencontainers.image.description=Guardrails between applications and LLM providers: an HTTP proxy and guard endpoints",
          `org.opencontainers.image.version=${VERSION}`,
          `org.opencontainers.image.revision=${revision()}`,
          `org.opencontainers.image.created=${new Date().toISOString()}`,
          "org.opencontainers.image.base.name=scratch",
        ].flatMap((l) => ["--label", l]),
        container,
      ]);
      buildah(["commit", "--quiet", "--format", "oci", "--rm", container, `${TAG}:${VERSION}`]);
    } catch (e) {
      buildah(["rm", container], { allowFailure: true });
      throw e;
    }
    buildah(["tag", `${TAG}:${VERSION}`, `${TAG}:latest`]);
    return { tag: `${TAG}:${VERSION}`, bytes: imageSize(`${TAG}:${VERSION}`) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  try {
    // `--rootfs DIR`: only the root file system, from a binary already built (the Dockerfile's
    // build stage uses it, then copies DIR into an image from scratch).
    const rootfs = process.argv.indexOf("--rootfs");
    if (rootfs !== -1) {
      const dir = process.argv[rootfs + 1];
      const binary = process.argv[rootfs + 2] ?? join(ROOT, "dist", "guardrail-proxy");
      if (!dir) throw new Error("--rootfs needs a directory");
      mkdirSync(dir, { recursive: true });
      stageRoot(binary, dir);
      console.log(`staged ${dir}`);
      process.exit(0);
    }
    const { tag, bytes } = await buildImage();
    console.log(`built ${tag} (and :latest): ${(bytes / 1e6).toFixed(1)} MB`);
  } catch (e) {
    console.error(`build:image: ${(e as Error).message}`);
    process.exit(1);
  }
}
