/** `guardrail-proxy test`: policy test cases from YAML and JSONL files, as a user runs them in CI. */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { baseEnv, runCli } from "./helpers/cli.ts";
import { policy, tempPolicyDir } from "./helpers/policies.ts";

const ROOT = join(import.meta.dir, "..");
const dir = tempPolicyDir({ "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }], input: [{ name: "Keywords", config: { keywords: ["launch codes"] } }] }) });
afterAll(() => dir.remove());

const run = (args: string[]) => runCli(["test", "--policy-dir", dir.path, ...args], { env: baseEnv({}) });

describe("guardrail-proxy test", () => {
  test("the shipped example file passes on the shipped policies (a policy change that breaks it fails here)", async () => {
    const r = await runCli(["test", "--policy-dir", join(ROOT, "policies"), join(ROOT, "policy-tests", "shipped.yaml")], { env: baseEnv({}) });
    expect(r.stdout.trim().split("\n").at(-1)).toBe("12 passed, 0 failed");
    expect(r.code).toBe(0);
  });

  test("a wrong expectation: a FAIL line saying what was expected and what came, exit 1, JUnit with a failure", async () => {
    const file = dir.write("cases.yaml", [
      "- name: masked",
      "  config_id: mask",
      "  text: write to jo@corp.example",
      "  expect: { allowed: true, masked: [EMAIL_ADDRESS], sanitized_text: write to <EMAIL_ADDRESS> }",
      "- name: wrongly expected to pass",
      "  config_id: mask",
      "  text: here are the launch codes",
      "  expect: { allowed: true, guardrail: null }",
    ].join("\n"));
    const junit = join(dir.path, "out.xml");
    const r = await run(["--junit", junit, file]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toBe(`pass  ${file}: case 1 (masked)`);
    expect(lines[1]).toBe(`FAIL  ${file}: case 2 (wrongly expected to pass): expected allowed true, got false (blocked by Keywords); expected guardrail null, got Keywords`);
    expect(lines.at(-1)).toBe("1 passed, 1 failed");
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain(`<testsuite name="${file}" tests="2" failures="1">`);
    expect(xml).toContain('<failure message="expected allowed true, got false (blocked by Keywords); expected guardrail null, got Keywords">');
  });

  test("JSONL, one case per line, output stage", async () => {
    const file = dir.write("cases.jsonl", [JSON.stringify({ config_id: "mask", text: "hello", expect: { allowed: true, masked: [] } }), "", JSON.stringify({ config_id: "mask", stage: "output", text: "ok", expect: { allowed: true } })].join("\n"));
    const r = await run([file]);
    expect([r.code, r.stdout.trim().split("\n").at(-1)]).toEqual([0, "2 passed, 0 failed"]);
  });

  test("every file is checked before any case runs: one stderr line naming file, case and field, exit 2", async () => {
    const cases: [string, string, string][] = [
      ["missing.yaml", "- config_id: mask\n  expect: {}\n", "case 1 (#1): text: required"],
      ["stage.yaml", "- config_id: mask\n  stage: middle\n  text: x\n  expect: {}\n", "case 1 (#1): stage:"],
      ["unknown.yaml", "- config_id: mask\n  text: x\n  expect: { allowed: true, colour: red }\n", "case 1 (#1): expect.colour: unknown field"],
      ["policy.yaml", "- name: p\n  config_id: nope\n  text: x\n  expect: {}\n", "case 1 (p): config_id: no policy 'nope'"],
      ["broken.yaml", "- config_id: [\n", "not valid YAML"],
      ["broken.jsonl", "{not json}\n", "line 1: not valid JSON"],
    ];
    for (const [name, content, message] of cases) {
      const file = dir.write(name, content);
      const good = dir.write("good.yaml", "- config_id: mask\n  text: hi\n  expect: { allowed: true }\n");
      const r = await run([good, file]);
      expect([name, r.code, r.stdout]).toEqual([name, 2, ""]);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain(`${file}: ${message}`);
    }
  });

  test("every problem of every file in one pass, not the first of each", async () => {
    const a = dir.write("a.yaml", "- config_id: mask\n  expect: {}\n- config_id: mask\n  text: x\n  stage: middle\n  expect: { colour: red }\n- config_id: nope\n  text: x\n  expect: {}\n");
    const b = dir.write("b.jsonl", '{"config_id":"mask","expect":{}}\n{broken\n');
    const r = await run([a, b]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split("\n");
    expect(lines.filter((l) => l.startsWith(`${a}: case 1`)).length).toBe(1);
    expect(lines.filter((l) => l.startsWith(`${a}: case 2`)).length).toBe(2);
    expect(lines.some((l) => l.startsWith(`${a}: case 3 (#3): config_id: no policy 'nope'`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`${b}: case 1 (#1): text:`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`${b}: line 2: not valid JSON`))).toBe(true);
    expect(lines).toHaveLength(6);
  });

  test("an unknown config_id names the policy directory and the policies in it, not a server endpoint", async () => {
    const file = dir.write("unknown-id.yaml", "- config_id: mask-typo\n  text: x\n  expect: {}\n");
    const r = await run([file]);
    expect(r.code).toBe(2);
    // (The case files of these tests lie in the policy directory too: they are listed as well.)
    expect(r.stderr.trim()).toMatch(new RegExp(`^.*: case 1 \\(#1\\): config_id: no policy 'mask-typo' in ${dir.path} \\(its policies: (?:[a-z-]+, )*mask(?:, [a-z-]+)*; --policy-dir names another directory\\)$`));
    expect(r.stderr).not.toContain("/v1/");
  });

  test("a YAML error keeps its reason, position and the line it points at", async () => {
    const file = dir.write("indent.yaml", "- config_id: mask\n  text: x\n expect: {}\n");
    const r = await run([file]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: not valid YAML: .+ at line 3, column \\d+: ".*expect: \\{\\}"$`));
  });
});
