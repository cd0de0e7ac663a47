/**
 * The layers (docs/ARCHITECTURE.md): `proxy/`, `streaming/`, `pipeline/`, `upstream/` and
 * `guardrails/` import nothing from `http/` or `cli/`; the stream relay's contract lives in
 * `streaming/`, which imports nothing from `proxy/`; error classes live below what throws them.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const ROOT = join(import.meta.dir, "..");
const SRC = join(ROOT, "src");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** The src-relative folders a file imports from (static and dynamic imports, relative paths only). */
function importedFolders(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
    out.push(relative(SRC, normalize(join(dirname(file), m[1]!))));
  }
  return out;
}

const RULES: [string, string[]][] = [
  ["proxy", ["http", "cli"]],
  ["streaming", ["http", "cli", "proxy"]],
  ["pipeline", ["http", "cli", "proxy", "streaming"]],
  ["upstream", ["http", "cli", "proxy", "streaming", "pipeline"]],
  ["guardrails", ["http", "cli", "proxy", "streaming", "pipeline", "upstream", "policy"]],
  ["policy", ["http", "cli", "proxy", "streaming"]],
  ["audit", ["http", "cli", "proxy"]],
  ["errors", ["http", "cli", "proxy", "streaming", "pipeline", "upstream", "guardrails", "policy"]],
];

describe("layers import only downwards", () => {
  for (const [layer, forbidden] of RULES) {
    test(`${layer}/ imports nothing from ${forbidden.join(", ")}`, () => {
      const crossings: string[] = [];
      for (const file of filesUnder(join(SRC, layer))) {
        for (const target of importedFolders(file)) {
          const top = target.split("/")[0]!;
          if (forbidden.includes(top)) crossings.push(`${relative(ROOT, file)} -> src/${target}`);
        }
      }
      expect(crossings).toEqual([]);
    });
  }

  test("the check sees imports: http/ does import from proxy/", () => {
    expect(filesUnder(join(SRC, "http")).some((f) => importedFolders(f).some((t) => t.startsWith("proxy/")))).toBe(true);
  });
});
