/**
 * `npm run build` embeds policies/ as it is on disk (what `init` writes out); in a git checkout
 * it says which files differ from the last commit, so a binary never carries a local edit
 * unannounced.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { uncommittedPolicies } from "../scripts/lib/compile.ts";

const repo = mkdtempSync(join(tmpdir(), "gp-build-policies-"));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) => Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], { cwd: repo, stdout: "pipe", stderr: "pipe" });

test("lists the policies that differ from the last commit: edited, new; none when clean or outside git", () => {
  expect(uncommittedPolicies(repo)).toEqual([]);
  git("init", "-q");
  mkdirSync(join(repo, "policies", "support-bot"), { recursive: true });
  writeFileSync(join(repo, "policies", "default.yaml"), "version: 1\n");
  writeFileSync(join(repo, "policies", "support-bot", "policy.yaml"), "version: 1\n");
  writeFileSync(join(repo, "README.md"), "x\n");
  git("add", ".");
  expect(git("commit", "-qm", "policies").exitCode).toBe(0);
  expect(uncommittedPolicies(repo)).toEqual([]);
  writeFileSync(join(repo, "policies", "default.yaml"), "version: 1\nmode: alert\n");
  writeFileSync(join(repo, "policies", "support-bot", "extra.yaml"), "version: 1\n");
  writeFileSync(join(repo, "README.md"), "changed, not a policy\n");
  expect(uncommittedPolicies(repo).sort()).toEqual(["policies/default.yaml", "policies/support-bot/extra.yaml"]);
});

