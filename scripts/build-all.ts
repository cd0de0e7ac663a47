/**
 * `npm run build:all`: the release binaries, one per platform (scripts/lib/compile.ts), in
 * dist/release/ (or GUARDRAIL_PROXY_RELEASE_DIR), and SHA256SUMS in the format `sha256sum -c`
 * reads. Each binary embeds the shipped policies' defaults, the models and the scan worker, as
 * the Linux build does.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { compileBinary, RELEASE_TARGETS, warnAboutUncommittedPolicies } from "./lib/compile.ts";

const dir = process.env.GUARDRAIL_PROXY_RELEASE_DIR ?? join(import.meta.dir, "..", "dist", "release");
mkdirSync(dir, { recursive: true });

/**
 * GUARDRAIL_PROXY_RELEASE_TARGETS: a comma-separated subset of the targets (`bun-linux-x64`), for
 * a quick build of some of them; every target when unset.
 */
const only = process.env.GUARDRAIL_PROXY_RELEASE_TARGETS?.split(",").map((t) => t.trim()).filter((t) => t !== "");
const unknown = only?.filter((t) => !RELEASE_TARGETS.some((r) => r.target === t)) ?? [];
if (unknown.length > 0) {
  console.error(`GUARDRAIL_PROXY_RELEASE_TARGETS: unknown target ${unknown.join(", ")} (known: ${RELEASE_TARGETS.map((r) => r.target).join(", ")})`);
  process.exit(2);
}
const targets = only ? RELEASE_TARGETS.filter((r) => only.includes(r.target)) : RELEASE_TARGETS;

warnAboutUncommittedPolicies();
const sums: string[] = [];
for (const { target, file } of targets) {
  const outfile = join(dir, file);
  try {
    await compileBinary(outfile, target);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const sha = new Bun.CryptoHasher("sha256").update(readFileSync(outfile)).digest("hex");
  sums.push(`${sha}  ${basename(outfile)}`);
  console.log(`built ${outfile}`);
}
writeFileSync(join(dir, "SHA256SUMS"), sums.join("\n") + "\n");
console.log(`wrote ${join(dir, "SHA256SUMS")}`);
