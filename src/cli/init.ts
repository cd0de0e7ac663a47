/**
 * `guardrail-proxy init [DIR]`: writes the shipped policies into DIR (default ./policies), so a
 * downloaded binary has a policy directory to serve. Existing files are never overwritten: a
 * file already there is reported and kept, and the exit status is 1.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ParsedArgs } from "./args.ts";
import { StartupError } from "../errors/startup-error.ts";
import { UsageError } from "./errors.ts";
import { SHIPPED_POLICIES } from "./shipped-policies.ts";

export async function runInit(args: ParsedArgs): Promise<number> {
  if (args.positionals.length > 1) throw new UsageError("init takes one directory");
  const dir = args.positionals[0] ?? "./policies";
  let kept = 0;
  for (const [path, content] of SHIPPED_POLICIES) {
    const file = join(dir, path);
    try {
      mkdirSync(dirname(file), { recursive: true });
      // "wx": fails with EEXIST rather than overwrite, whoever made the file.
      writeFileSync(file, content, { flag: "wx" });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EEXIST") {
        process.stderr.write(`kept ${file}: it exists\n`);
        kept++;
        continue;
      }
      throw new StartupError(`cannot write ${file}: ${code ?? (e as Error).message}`);
    }
    process.stdout.write(`wrote ${file}\n`);
  }
  if (kept > 0) return 1;
  // The next step names the program as it was started: `./guardrail-proxy`, or `npx bun src/main.ts`.
  process.stdout.write(`next: SVC_KEY=local SVC_GUARDRAILS_OFFLINE=true ${invokedAs()} --policy-dir ${dir} --default-config default\n`);
  return 0;
}

/** The command that started this program, as a user would type it again. */
export function invokedAs(): string {
  // A compiled binary runs its embedded entry from Bun's virtual file system.
  if (Bun.main.startsWith("/$bunfs/") || Bun.main.includes("~BUN")) return process.argv0.includes("/") || process.argv0 === "guardrail-proxy" ? process.argv0 : "guardrail-proxy";
  return `npx bun ${relativeToCwd(Bun.main)}`;
}

function relativeToCwd(path: string): string {
  const cwd = process.cwd();
  return path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path;
}
