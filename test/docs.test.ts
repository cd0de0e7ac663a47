/**
 * The README and docs/ as a newcomer uses them: the README stays short with its table of
 * contents, no document tells how the product was built, every command names a script or file
 * that exists, every link resolves, and the commands whose output the README shows give that
 * output byte for byte.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { runCli } from "./helpers/cli.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";

const ROOT = join(import.meta.dir, "..");
const DOCS = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replaceAll(" ", "-");
}

function headings(text: string): string[] {
  let fenced = false;
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) out.push(slug(line.replace(/^#+ /, "")));
  }
  return out;
}

describe("the README", () => {
  const readme = read("README.md");

  test("is under 25 KB and opens with a table of contents that links every section", () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(25 * 1024);
    const contents = readme.slice(readme.indexOf("## Contents"), readme.indexOf("## Quick start"));
    const topLevel = readme.split("\n").filter((l) => l.startsWith("## ") && l !== "## Contents").map((l) => slug(l.slice(3)));
    for (const section of topLevel) expect({ section, linked: contents.includes(`(#${section})`) }).toEqual({ section, linked: true });
    expect(topLevel.length).toBeGreaterThan(5);
  });
});

describe("every document", () => {
  test("describes the product, not how it was built", () => {
    const history = [/\bstop \d+\b/i, /\bthis VM\b/i, /development machine/i, /\bthis session\b/i, /\bearlier runs?\b/i, /\brun 1 \/ run 2\b/i, /\bused to mask\b/i];
    for (const file of DOCS) {
      const found = history.flatMap((re) => read(file).match(re) ?? []);
      expect({ file, found }).toEqual({ file, found: [] });
    }
  });

  test("cites no document users do not have (the contract's DECISIONS sections): each says the rule itself", () => {
    // ARCHITECTURE.md is the developers' map of the code, beside the contract it implements.
    for (const file of DOCS.filter((f) => f !== "docs/ARCHITECTURE.md")) {
      const found = read(file).match(/DECISIONS|§\s*\d+/g) ?? [];
      expect({ file, found }).toEqual({ file, found: [] });
    }
  });

  test("a command that starts the server sets SVC_KEY, as the server requires", () => {
    for (const file of DOCS) {
      for (const line of read(file).split("\n").filter((l) => /src\/main\.ts serve\b/.test(l) && !l.trimStart().startsWith("#"))) {
        expect({ file, line, key: /SVC_KEY=/.test(line) }).toEqual({ file, line, key: true });
      }
    }
  });

  test("where a document lists the policies `init` writes, it lists every shipped one", () => {
    const shipped = readdirSync(join(ROOT, "policies")).map((f) => f.replace(/\.(ya?ml|json)$/, ""));
    let lists = 0;
    for (const file of DOCS) {
      for (const m of read(file).matchAll(/[Ww]rites the shipped policies \(([^)]*)\)/g)) {
        lists++;
        const named = m[1]!.replaceAll("`", "").split(/,\s*/).map((n) => n.trim());
        expect({ file, missing: shipped.filter((p) => !named.includes(p)) }).toEqual({ file, missing: [] });
      }
    }
    expect(lists).toBeGreaterThanOrEqual(2);
  });

  test("names only package scripts and files that exist", () => {
    for (const file of DOCS) {
      const text = read(file);
      for (const m of text.matchAll(/\b(?:npm|bun)\s+run\s+([a-z]+(?::[a-z]+)?)/g)) expect({ file, script: m[1], exists: scripts.includes(m[1]!) }).toEqual({ file, script: m[1], exists: true });
      for (const m of text.matchAll(/\b(?:npx )?bun ((?:src|bench|eval|scripts)\/[\w./-]+\.ts)/g)) expect({ file, path: m[1], exists: existsSync(join(ROOT, m[1]!)) }).toEqual({ file, path: m[1], exists: true });
    }
  });

  test("links to files and anchors that exist", () => {
    for (const file of DOCS) {
      for (const m of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        const [path, anchor] = target.split("#") as [string, string | undefined];
        const linked = path === "" ? file : join(dirname(file), path);
        const exists = existsSync(resolve(ROOT, linked));
        expect({ file, target, exists }).toEqual({ file, target, exists: true });
        if (anchor && linked.endsWith(".md")) expect({ file, target, anchored: headings(read(linked)).includes(anchor) }).toEqual({ file, target, anchored: true });
      }
    }
  });
});

describe("the README's commands give the output it shows", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: join(ROOT, "policies"), SVC_GUARDRAILS_DEFAULT_CONFIG_ID: "default" });
  });
  afterAll(() => server.stop());

  /** Each `curl -s localhost:8000<path> -d '<body>'` line with the `# <answer>` line after it. */
  function curlExamples(text: string): { path: string; body: string; answer: string }[] {
    const lines = text.split("\n");
    const out: { path: string; body: string; answer: string }[] = [];
    lines.forEach((line, i) => {
      const m = /^curl -s localhost:8000(\S+) -d '(.*)'$/.exec(line);
      const answer = lines[i + 1]?.startsWith("# {") ? lines[i + 1]!.slice(2) : null;
      if (m && answer) out.push({ path: m[1]!, body: m[2]!, answer });
    });
    return out;
  }

  test("the guard endpoint's curls, byte for byte", async () => {
    const examples = curlExamples(read("README.md"));
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const { path, body, answer } of examples) {
      const response = await fetch(server.url + path, { method: "POST", body });
      expect(await response.text()).toBe(answer);
    }
  });

  test("the scan and validate commands", async () => {
    const readme = read("README.md");
    const scan = /^npx bun src\/main\.ts (scan .*)\n# (.*)$/m.exec(readme)!;
    const args = scan[1]!.match(/"[^"]*"|\S+/g)!.map((a) => a.replace(/^"|"$/g, ""));
    const r = await runCli(args, { env: { PATH: process.env.PATH ?? "", SVC_GUARDRAILS_POLICY_DIR: join(ROOT, "policies") } });
    expect(r.stdout).toBe(`${scan[2]}\n`);
    expect(readme).toContain("npx bun src/main.ts validate ");
    const validate = await runCli(["validate", "--policy-dir", join(ROOT, "policies")]);
    expect(validate.code).toBe(0);
  });
});
