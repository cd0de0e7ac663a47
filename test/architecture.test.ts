/**
 * The layers (docs/ARCHITECTURE.md): `proxy/`, `streaming/`, `pipeline/`, `upstream/`,
 * `guardrails/`, `tracing/` and `settings.ts` import nothing from `http/` or `cli/`, nor `http/`
 * from `cli/`, nor `tracing/` from `pipeline/`; the stream relay's contract lives in
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
  ["http", ["cli"]],
  ["tracing", ["http", "cli", "proxy", "streaming", "pipeline"]],
  ["settings.ts", ["http", "cli", "proxy", "streaming", "pipeline"]],
  ["state", ["http", "cli", "proxy", "streaming", "pipeline", "upstream", "guardrails", "policy", "audit"]],
];

describe("layers import only downwards", () => {
  for (const [layer, forbidden] of RULES) {
    test(`${layer.endsWith(".ts") ? layer : `${layer}/`} imports nothing from ${forbidden.join(", ")}`, () => {
      const crossings: string[] = [];
      const files = layer.endsWith(".ts") ? [join(SRC, layer)] : filesUnder(join(SRC, layer));
      for (const file of files) {
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

/**
 * A family is one folder: what is particular to one API family or one kind of upstream (its
 * paths, provider names, environment variables, SDKs) lives in `proxy/families/<family>/`, and
 * the layers that serve every family never name one.
 */
describe("a family is one folder", () => {
  /** What only a family's folder may spell: its providers, variables, paths and SDK packages. */
  const PARTICULAR = [
    /"(hosted|messages)"/,
    /\b(COMPAT|HOSTED|MESSAGES)_(BASE_URL|API_KEY|ENDPOINT|DEPLOYMENT|API_VERSION)\b/,
    /"\/(v1\/)?(chat\/completions|responses|messages)"/,
    /from "(openai|@anthropic-ai\/sdk)"|import\("(openai|@anthropic-ai\/sdk)"\)/,
  ];
  /** The judge and moderation models speak chat completions whichever families are served (DECISIONS §3). */
  const JUDGE_PROTOCOL = new Set(["src/upstream/judge.ts: \"/chat/completions\""]);
  const SHARED = ["upstream", "streaming", "pipeline", "proxy/handle.ts", "proxy/family.ts", "proxy/reading", "http/routes/proxy.ts", "http/routes/models.ts", "settings.ts"];

  for (const place of SHARED) {
    test(`src/${place} names no family, provider, upstream variable or SDK`, () => {
      const path = join(SRC, place);
      const files = statSync(path).isDirectory() ? filesUnder(path) : [path];
      const found: string[] = [];
      for (const file of files) {
        const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
        for (const pattern of PARTICULAR) {
          const m = pattern.exec(code);
          const where = `${relative(ROOT, file)}: ${m?.[0]}`;
          if (m && !JUDGE_PROTOCOL.has(where)) found.push(where);
        }
      }
      expect(found).toEqual([]);
    });
  }

  test("the check sees them: the families' folders do name their providers, variables, paths and SDKs", () => {
    const code = filesUnder(join(SRC, "proxy/families")).map((f) => readFileSync(f, "utf8")).join("\n");
    expect(PARTICULAR.map((p) => p.test(code))).toEqual(PARTICULAR.map(() => true));
  });
});
