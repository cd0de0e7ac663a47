/** The whole project (src, tests, benches, scripts) type-checks under the strict tsconfig. */
import { expect, test } from "bun:test";
import { join } from "node:path";

test("tsc --noEmit passes", () => {
  const root = join(import.meta.dir, "..");
  const tsc = Bun.spawnSync([process.execPath, join(root, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", root], { cwd: root, stdout: "pipe", stderr: "pipe" });
  const output = tsc.stdout.toString() + tsc.stderr.toString();
  expect(output).toBe("");
  expect(tsc.exitCode).toBe(0);
}, 120_000);
