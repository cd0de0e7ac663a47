/** Temporary policy directories for tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface TempDir {
  readonly path: string;
  write(relative: string, content: string | object): string;
  remove(): void;
}

/** Files are written as given; objects become JSON. */
export function tempPolicyDir(files: Record<string, string | object> = {}): TempDir {
  const path = mkdtempSync(join(tmpdir(), "gp-policies-"));
  const dir: TempDir = {
    path,
    write(relative, content) {
      const file = join(path, relative);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
      return file;
    },
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
  for (const [name, content] of Object.entries(files)) dir.write(name, content);
  return dir;
}

type Entry = { name: string; config?: object; suppress_enforcement?: boolean; on_error?: "block" | "allow" };

/** A policy document from stage lists. */
export function policy(stages: { mode?: "block" | "alert"; pre_flight?: Entry[]; input?: Entry[]; output?: Entry[] }): object {
  const doc: Record<string, unknown> = { version: 1 };
  if (stages.mode) doc.mode = stages.mode;
  for (const stage of ["pre_flight", "input", "output"] as const) {
    const list = stages[stage];
    if (list) doc[stage] = { version: 1, guardrails: list };
  }
  return doc;
}

/** The body field that picks policy `config_id`, spread into an SDK call's parameters. */
export const use = (config_id: string) => ({ guardrails: { config_id } }) as object;
