/**
 * Local policy discovery (SPEC "Policy file discovery"): `<dir>/<id>.{json,yaml,yml}` or
 * `<dir>/<id>/{policy,config}.{json,yaml,yml}`. The directory is read at request time.
 * When several files claim one id, the first in this order wins and `validate` warns.
 */
import { readdirSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { PolicyError } from "./errors.ts";

const FLAT_EXTENSIONS = [".json", ".yaml", ".yml"] as const;
const NESTED_FILES = ["policy.json", "policy.yaml", "policy.yml", "config.json", "config.yaml", "config.yml"] as const;

/** Ids are file names: no path separators, no leading dot, so `../x` can never escape the directory. */
const POLICY_ID = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

export function isValidPolicyId(id: string): boolean {
  return POLICY_ID.test(id);
}

export interface LocatedPolicy {
  readonly path: string;
  readonly stats: Stats;
}

/** Every file that would serve `id`, in precedence order. */
export function candidatePaths(dir: string, id: string): string[] {
  return [...FLAT_EXTENSIONS.map((ext) => join(dir, id + ext)), ...NESTED_FILES.map((f) => join(dir, id, f))];
}

/** The file that serves `id`, or null. Throws `policy_unreadable` when the directory cannot be read. */
export function locatePolicy(dir: string, id: string): LocatedPolicy | null {
  for (const ext of FLAT_EXTENSIONS) {
    const found = statFile(join(dir, id + ext));
    if (found) return found;
  }
  const sub = statOrNull(join(dir, id));
  if (sub?.isDirectory()) {
    for (const file of NESTED_FILES) {
      const found = statFile(join(dir, id, file));
      if (found) return found;
    }
  }
  // A miss costs one more stat, to tell "no such policy" from "no usable policy directory".
  const root = statOrNull(dir);
  if (root && !root.isDirectory()) throw new PolicyError("policy_unreadable", `the policy directory ${dir} is not a directory`);
  return null;
}

function statFile(path: string): LocatedPolicy | null {
  const stats = statOrNull(path);
  return stats?.isFile() ? { path, stats } : null;
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOTDIR" || code === "ENAMETOOLONG") return null;
    throw new PolicyError("policy_unreadable", `cannot read ${path}: ${code ?? (e as Error).message}`);
  }
}

/** All discoverable ids, sorted by code point. */
export function listPolicyIds(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return [];
    throw new PolicyError("policy_unreadable", `cannot read the policy directory ${dir}: ${code ?? (e as Error).message}`);
  }
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.isFile() || entry.isSymbolicLink()) {
      const ext = FLAT_EXTENSIONS.find((e) => entry.name.endsWith(e));
      if (!ext) continue;
      const id = entry.name.slice(0, -ext.length);
      if (isValidPolicyId(id) && locatePolicy(dir, id)) ids.add(id);
    } else if (entry.isDirectory() && isValidPolicyId(entry.name) && locatePolicy(dir, entry.name)) {
      ids.add(entry.name);
    }
  }
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Ids served by more than one file: the first path serves, the rest are shadowed. */
export function shadowedFiles(dir: string, id: string): string[] {
  const existing = candidatePaths(dir, id).filter((p) => statOrNull(p)?.isFile());
  return existing.slice(1);
}
