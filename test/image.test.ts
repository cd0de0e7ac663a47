/**
 * `npm run build:image`: the image from scratch is built with buildah in a storage directory of
 * the test's own, mounted, and its entrypoint and command run inside its root file system by
 * chroot as the image's user, on a read-only bind mount of it with /proc and a /tmp mounted as a
 * container runtime and the Kubernetes manifests would: /health, a guard request, a large text
 * for a scan worker and a proxied call to a loopback mock upstream must work with nothing from
 * the host.
 *
 * Needs buildah and root. `.ci/run` installs buildah; elsewhere, without them, the test is
 * skipped and says so (GUARDRAIL_PROXY_IMAGE_TEST=1 or CI=true makes their absence a failure).
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildah, imageSize, runCommand } from "../scripts/lib/buildah.ts";
import { waitForListening } from "./helpers/cli.ts";
import { startMockUpstream } from "./helpers/mock-upstream.ts";

const ROOT = join(import.meta.dir, "..");
const haveBuildah = Bun.spawnSync(["sh", "-c", "command -v buildah"]).exitCode === 0;
const isRoot = process.getuid?.() === 0;
const required = process.env.CI === "true" || process.env.GUARDRAIL_PROXY_IMAGE_TEST === "1";
const runnable = haveBuildah && isRoot;

const storage = mkdtempSync(join(tmpdir(), "gp-image-test-"));
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch {
      // best effort: the storage directory goes below anyway
    }
  }
  rmSync(storage, { recursive: true, force: true });
});

interface ImageConfig {
  readonly User: string;
  readonly Env: string[];
  readonly Entrypoint: string[];
  readonly Cmd: string[];
  readonly ExposedPorts: Record<string, object>;
  readonly Labels: Record<string, string>;
}


if (!runnable && !required) {
  test.skip(`the image from scratch (skipped: needs ${haveBuildah ? "" : "buildah (apt-get install buildah) and "}root)`, () => undefined);
} else {
  test("the image from scratch holds what the binary needs, runs as non-root, and serves guard and proxy requests", async () => {
    expect({ haveBuildah, isRoot }).toEqual({ haveBuildah: true, isRoot: true });
    const build = Bun.spawnSync([process.execPath, "run", "build:image"], { cwd: ROOT, env: { ...process.env, GUARDRAIL_PROXY_IMAGE_ROOT: storage }, stdout: "pipe", stderr: "pipe" });
    expect({ status: build.exitCode, stderr: build.stderr.toString() }).toEqual({ status: 0, stderr: "$ bun scripts/build-image.ts\n" });
    expect(build.stdout.toString()).toMatch(/^built guardrail-proxy:\d+\.\d+\.\d+ \(and :latest\): [\d.]+ MB\n$/);
    const bytes = imageSize("guardrail-proxy:latest", storage);
    expect(bytes).toBeLessThan(135e6);

    const image = JSON.parse(buildah(["inspect", "--type", "image", "guardrail-proxy:latest"], { root: storage })) as { OCIv1: { config: ImageConfig } };
    const config = image.OCIv1.config;
    expect(config).toMatchObject({ User: "65532:65532", Entrypoint: ["/guardrail-proxy"], Cmd: ["serve", "--default-config", "default"], ExposedPorts: { "8000/tcp": {} } });
    expect(config.Env).toContain("SVC_GUARDRAILS_POLICY_DIR=/etc/guardrail-proxy/policies");
    expect(Object.keys(config.Labels)).toEqual(expect.arrayContaining(["org.opencontainers.image.title", "org.opencontainers.image.version", "org.opencontainers.image.revision", "org.opencontainers.image.created"]));

    const container = buildah(["from", "--pull=never", "guardrail-proxy:latest"], { root: storage }).trim();
    cleanups.push(() => buildah(["rm", container], { root: storage, allowFailure: true }));
    const rootfs = buildah(["mount", container], { root: storage }).trim();
    cleanups.push(() => buildah(["umount", container], { root: storage, allowFailure: true }));

    // Nothing but the binary, its libraries and loader, certificates, policies, users, mount points.
    expect(readdirSync(rootfs).sort()).toEqual(["dev", "etc", "guardrail-proxy", "lib", "lib64", "proc", "sys", "tmp"]);
    expect(existsSync(join(rootfs, "bin/sh"))).toBe(false);
    expect(readdirSync(join(rootfs, "etc")).sort()).toEqual(["group", "guardrail-proxy", "nsswitch.conf", "passwd", "ssl"]);
    expect(readFileSync(join(rootfs, "etc/ssl/certs/ca-certificates.crt"), "utf8")).toContain("-----BEGIN CERTIFICATE-----");
    expect(readdirSync(join(rootfs, "etc/guardrail-proxy/policies")).sort()).toEqual(readdirSync(join(ROOT, "policies")).sort());

    // As the Kubernetes manifests run it: the root file system read-only, a writable /tmp, and
    // /proc as any container runtime mounts it.
    const readOnlyRoot = mkdtempSync(join(storage, "ro-root-"));
    runCommand(["mount", "--bind", rootfs, readOnlyRoot]);
    cleanups.push(() => runCommand(["umount", "-l", readOnlyRoot]));
    runCommand(["mount", "-o", "remount,ro,bind", readOnlyRoot]);
    runCommand(["mount", "-t", "proc", "proc", join(readOnlyRoot, "proc")]);
    cleanups.push(() => runCommand(["umount", "-l", join(readOnlyRoot, "proc")]));
    runCommand(["mount", "-t", "tmpfs", "-o", "size=16m,mode=1777", "tmpfs", join(readOnlyRoot, "tmp")]);
    cleanups.push(() => runCommand(["umount", "-l", join(readOnlyRoot, "tmp")]));
    expect(Bun.spawnSync(["touch", join(readOnlyRoot, "written")]).exitCode).not.toBe(0);

    const mock = startMockUpstream();
    cleanups.push(() => void mock.stop());
    const environment = Object.fromEntries(config.Env.map((e) => [e.slice(0, e.indexOf("=")), e.slice(e.indexOf("=") + 1)]));
    const proc = Bun.spawn([Bun.which("chroot") ?? "/usr/sbin/chroot", `--userspec=${config.User}`, readOnlyRoot, ...config.Entrypoint, ...config.Cmd], {
      env: {
        ...environment,
        // Loopback and a free port instead of the image's 0.0.0.0:8000, for a test on a shared machine.
        SVC_GUARDRAILS_HOST: "127.0.0.1",
        SVC_GUARDRAILS_PORT: "0",
        SVC_KEY: "k",
        SVC_GUARDRAILS_OFFLINE: "true",
        COMPAT_BASE_URL: mock.compatBaseUrl,
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    cleanups.push(() => proc.kill("SIGKILL"));
    const { port, line, release } = await waitForListening(proc);
    // The image's variables spare the re-execution that would set them: this is the process chroot started.
    expect(line.pid).toBe(proc.pid);
    expect(readFileSync(`/proc/${proc.pid}/status`, "utf8")).toMatch(/^Uid:\s+65532\s+65532/m);

    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: "ok" });
    const guard = await fetch(`${base}/v1/guard/input`, { method: "POST", body: JSON.stringify({ text: "mail jo@corp.io" }) });
    expect(await guard.json()).toEqual({ allowed: true, sanitized_text: "mail <EMAIL_ADDRESS>", guardrail: null, message: null });
    const chat = await fetch(`${base}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer sk-x" },
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "mail jo@corp.io" }] }),
    });
    expect(chat.status).toBe(200);
    expect(mock.last().body!.messages).toEqual([{ role: "user", content: "mail <EMAIL_ADDRESS>" }]);
    // A text over the offload threshold goes to a scan worker thread, started from inside the binary.
    const large = `mail jo@corp.io ${"and the quarterly numbers look fine ".repeat(1200)}`;
    const offloaded = await fetch(`${base}/v1/guard/input`, { method: "POST", body: JSON.stringify({ text: large }) });
    expect(((await offloaded.json()) as { sanitized_text: string }).sanitized_text).toStartWith("mail <EMAIL_ADDRESS> and the quarterly");

    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    release();
  }, 180_000);
}
