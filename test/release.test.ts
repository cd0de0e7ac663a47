/**
 * `npm run build:all`: a binary per release platform and SHA256SUMS. Each file's header must name
 * its platform, each must hold the models and the shipped policies, and the Linux x64 one (this
 * machine's) must write the policies out and serve them.
 *
 * Every platform's runtime is about 620 MB that Bun downloads into ~/.bun once: only with
 * GUARDRAIL_PROXY_RELEASE_TEST=1 (CI sets it, .ci/run). Without it, build:all builds this
 * machine's binary alone, which needs no download, and a first `npm test` on a fresh machine
 * leaves ~/.bun as it was.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RELEASE_TARGETS } from "../scripts/lib/compile.ts";
import { baseEnv, waitForListening } from "./helpers/cli.ts";
import { executablePlatform, type ExecutablePlatform } from "./helpers/executable-header.ts";

const ROOT = join(import.meta.dir, "..");
const outDir = mkdtempSync(join(tmpdir(), "gp-release-"));
/** Every platform (CI), or this machine's alone. */
const EVERY_PLATFORM = process.env.GUARDRAIL_PROXY_RELEASE_TEST === "1";
/** Without the switch the build runs with an empty home: it must not download a runtime into it. */
const home = mkdtempSync(join(tmpdir(), "gp-release-home-"));
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const EXPECTED: Record<string, Partial<ExecutablePlatform> & { interpreter?: string }> = {
  "guardrail-proxy-linux-x64": { format: "elf", arch: "x64", interpreter: "/lib64/ld-linux-x86-64.so.2" },
  "guardrail-proxy-linux-arm64": { format: "elf", arch: "arm64", interpreter: "/lib/ld-linux-aarch64.so.1" },
  "guardrail-proxy-linux-x64-musl": { format: "elf", arch: "x64", interpreter: "/lib/ld-musl-x86_64.so.1" },
  "guardrail-proxy-linux-arm64-musl": { format: "elf", arch: "arm64", interpreter: "/lib/ld-musl-aarch64.so.1" },
  "guardrail-proxy-darwin-arm64": { format: "mach-o", arch: "arm64" },
  "guardrail-proxy-darwin-x64": { format: "mach-o", arch: "x64" },
  "guardrail-proxy-windows-x64.exe": { format: "pe", arch: "x64" },
};

/** A run of bytes from the middle of a file that is embedded as it is. */
function sliceOf(path: string): Buffer {
  const bytes = readFileSync(path);
  const middle = Math.floor(bytes.length / 2);
  return bytes.subarray(middle, middle + 64);
}

test(`build:all writes ${EVERY_PLATFORM ? "every platform's binary" : "this machine's binary (GUARDRAIL_PROXY_RELEASE_TEST=1: every platform's)"}, each holding the models and policies, with their sums`, () => {
  const env = EVERY_PLATFORM ? { ...process.env } : { ...process.env, HOME: home, GUARDRAIL_PROXY_RELEASE_TARGETS: "bun-linux-x64" };
  const build = Bun.spawnSync([process.execPath, "run", "build:all"], { cwd: ROOT, env: { ...env, GUARDRAIL_PROXY_RELEASE_DIR: outDir }, stdout: "pipe", stderr: "pipe" });
  // Nothing on stderr but the script's name and, on a machine that has not cached a platform's
  // runtime yet, Bun's download progress.
  const unexpected = unexpectedBuildOutput(build.stderr.toString());
  expect({ status: build.exitCode, unexpected }).toEqual({ status: 0, unexpected: [] });
  const built = EVERY_PLATFORM ? Object.keys(EXPECTED) : ["guardrail-proxy-linux-x64"];
  expect(readdirSync(outDir).sort()).toEqual([...built, "SHA256SUMS"].sort());
  expect(RELEASE_TARGETS.map((t): string => t.file).sort()).toEqual(Object.keys(EXPECTED).sort());
  // This machine's runtime is Bun itself: nothing was downloaded.
  if (!EVERY_PLATFORM) expect(existsSync(join(home, ".bun", "install", "cache")) ? readdirSync(join(home, ".bun", "install", "cache")) : []).toEqual([]);

  const sums = readFileSync(join(outDir, "SHA256SUMS"), "utf8").trimEnd().split("\n");
  expect(sums).toHaveLength(built.length);
  const markers = [
    sliceOf(join(ROOT, "src/guardrails/pii/ner/model.bin")),
    sliceOf(join(ROOT, "src/guardrails/classifier/models/injection.bin")),
    // One line of a shipped policy, for `init`.
    Buffer.from(readFileSync(join(ROOT, "policies/default.yaml"), "utf8").split("\n").find((l) => l.startsWith("#") && l.length > 40)!.slice(0, 40)),
  ];
  for (const line of sums) {
    const [sha, name] = line.split("  ") as [string, string];
    const bytes = readFileSync(join(outDir, name));
    // The size target of a binary with everything inside, tracing included: the runtime is
    // most of it (Windows' the largest, 130 MB with the rules of eleven languages).
    expect(bytes.length).toBeLessThan(132e6);
    expect(new Bun.CryptoHasher("sha256").update(bytes).digest("hex")).toBe(sha);
    expect({ name, ...executablePlatform(bytes) }).toEqual({ name, executable: true, ...EXPECTED[name]!, interpreter: EXPECTED[name]!.interpreter } as never);
    for (const marker of markers) expect(bytes.indexOf(marker)).toBeGreaterThan(0);
  }
}, 240_000);

test("the Linux x64 release binary writes the shipped policies out and serves them", async () => {
  const binary = join(outDir, "guardrail-proxy-linux-x64");
  const work = mkdtempSync(join(outDir, "run-"));
  const init = Bun.spawnSync([binary, "init"], { cwd: work, env: baseEnv(), stdout: "pipe", stderr: "pipe" });
  expect(init.exitCode).toBe(0);
  const shipped = readdirSync(join(ROOT, "policies"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  const written = readdirSync(join(work, "policies"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  expect(written.length).toBe(shipped.length);
  for (const file of shipped) {
    const path = join(file.parentPath, file.name).slice(join(ROOT, "policies").length);
    expect(readFileSync(join(work, "policies", path), "utf8")).toBe(readFileSync(join(ROOT, "policies", path), "utf8"));
  }

  // Tracing is inside too: spans reach a collector when the process stops.
  const exported: string[] = [];
  const collector = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: async (r) => (exported.push(await r.text()), Response.json({})) });
  // The default policy directory is ./policies: init then serve, nothing else.
  const proc = Bun.spawn([binary, "--host", "127.0.0.1", "--port", "0", "--default-config", "default"], {
    cwd: work,
    env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true", OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}` }),
    stdout: "pipe",
    stderr: "pipe",
  });
  const { port, release } = await waitForListening(proc);
  try {
    const guard = await fetch(`http://127.0.0.1:${port}/v1/guard/input`, { method: "POST", body: JSON.stringify({ text: "mail jo@corp.io" }) });
    expect(await guard.json()).toEqual({ allowed: true, sanitized_text: "mail <EMAIL_ADDRESS>", guardrail: null, message: null });
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
    release();
    collector.stop(true);
  }
  expect(exported.join("")).toContain('"name":"POST /v1/guard/input"');
}, 60_000);

/**
 * Lines of a build's stderr that are neither the script's name nor Bun's progress while it
 * fetches a platform's runtime (`Downloading [..]`, `Decompressing...`, `Extracting...`, each
 * maybe rewritten in place with carriage returns).
 */
function unexpectedBuildOutput(stderr: string): string[] {
  return stderr
    .split(/[\r\n]+/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && line !== "$ bun scripts/build-all.ts" && !/^(Downloading|Decompressing|Extracting)\b/.test(line) && !line.startsWith("warning: the binary embeds policies/ as it is on disk"));
}

test("Bun's download progress is not taken for an error; anything else is", () => {
  expect(unexpectedBuildOutput("$ bun scripts/build-all.ts\nDownloading [1/2] bun-darwin-x64\rDecompressing...\r\nExtracting...\n")).toEqual([]);
  expect(unexpectedBuildOutput("$ bun scripts/build-all.ts\nDecompressing...\nerror: could not resolve 'x'\n")).toEqual(["error: could not resolve 'x'"]);
});
