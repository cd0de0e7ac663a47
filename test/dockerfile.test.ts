/**
 * The Dockerfile builds the same image as `npm run build:image` (no Docker here to build it):
 * its final stage states the same user, variables, entrypoint and command, and its build stage's
 * `--rootfs` step stages the same root file system the buildah build uses.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IMAGE_CMD, IMAGE_ENTRYPOINT, IMAGE_ENV, IMAGE_USER } from "../scripts/build-image.ts";

const ROOT = join(import.meta.dir, "..");
const work = mkdtempSync(join(tmpdir(), "gp-rootfs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

test("the Dockerfile's final stage is from scratch with the image's user, variables, entrypoint and command", () => {
  const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8").replace(/\\\n\s*/g, " ");
  const final = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  const lines = final.split("\n").filter((l) => /^[A-Z]+ /.test(l));
  const value = (instruction: string) => lines.find((l) => l.startsWith(`${instruction} `))?.slice(instruction.length + 1).trim();
  expect(value("FROM")).toBe("scratch");
  expect(value("USER")).toBe(IMAGE_USER);
  expect(value("EXPOSE")).toBe("8000/tcp");
  expect(JSON.parse(value("ENTRYPOINT")!)).toEqual(IMAGE_ENTRYPOINT);
  expect(JSON.parse(value("CMD")!)).toEqual(IMAGE_CMD);
  expect(value("ENV")!.split(/\s+/)).toEqual(IMAGE_ENV);
  expect(final).toContain("COPY --from=build /rootfs/ /");
  expect(dockerfile).toContain("bun scripts/build-image.ts --rootfs /rootfs dist/guardrail-proxy");
});

test("--rootfs stages the binary, every library ldd names, the loader, certificates, policies and users", () => {
  // Any dynamically linked executable serves: Bun itself links what the compiled binary does.
  const rootfs = join(work, "rootfs");
  const staged = Bun.spawnSync([process.execPath, join(ROOT, "scripts/build-image.ts"), "--rootfs", rootfs, process.execPath], { stdout: "pipe", stderr: "pipe" });
  expect({ status: staged.exitCode, stderr: staged.stderr.toString() }).toEqual({ status: 0, stderr: "" });
  expect(readdirSync(rootfs).sort()).toEqual(["dev", "etc", "guardrail-proxy", "lib", "lib64", "proc", "sys", "tmp"]);
  const ldd = Bun.spawnSync(["ldd", process.execPath], { stdout: "pipe" }).stdout.toString();
  const libraries = [...ldd.matchAll(/(\/\S+)\s+\(0x/g)].map((m) => m[1]!);
  expect(libraries.length).toBeGreaterThan(1);
  for (const lib of libraries) expect(existsSync(join(rootfs, lib))).toBe(true);
  expect(readFileSync(join(rootfs, "etc/passwd"), "utf8")).toContain(":65532:65532:");
  expect(existsSync(join(rootfs, "etc/guardrail-proxy/policies/default.yaml"))).toBe(true);
});
