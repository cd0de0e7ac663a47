/**
 * `guardrail-proxy test` (DECISIONS §14): policy tests a team keeps beside its policies and runs
 * in CI. A YAML file is a list of cases, a JSONL file one case per line:
 * `{name?, config_id, stage?: input|output, text, expect: {allowed?, guardrail?, masked?, sanitized_text?}}`.
 * Every file is checked before any case runs (a problem is one stderr line and exit 2); then each
 * case runs in process, one line per case and the summary `N passed, M failed` last on stdout;
 * exit 1 when any failed. `--junit FILE` writes JUnit XML.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Type } from "@sinclair/typebox";
import { parse as parseYaml } from "yaml";
import { guardText } from "../pipeline/guard.ts";
import { runOutputStage } from "../pipeline/pipeline.ts";
import type { CompiledPolicy } from "../policy/compile.ts";
import { PolicyError } from "../policy/errors.ts";
import { LocalPolicyStore } from "../policy/store.ts";
import { NO_SERVICES } from "../guardrails/services.ts";
import { compileChecker, formatIssues } from "../schema/check.ts";
import { applyOptions, loadSettings, type Environment } from "../settings.ts";
import { optionValue, type ParsedArgs } from "./args.ts";
import { UsageError } from "./errors.ts";
import { yamlErrorLine } from "../policy/yaml-error.ts";

const CaseSchema = Type.Object(
  {
    name: Type.Optional(Type.String()),
    config_id: Type.String({ minLength: 1 }),
    stage: Type.Optional(Type.Union([Type.Literal("input"), Type.Literal("output")])),
    text: Type.String(),
    expect: Type.Object(
      {
        allowed: Type.Optional(Type.Boolean()),
        guardrail: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        masked: Type.Optional(Type.Array(Type.String())),
        sanitized_text: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
const checkCase = compileChecker(CaseSchema);

interface PolicyCase {
  readonly file: string;
  readonly index: number;
  readonly name: string;
  readonly configId: string;
  readonly stage: "input" | "output";
  readonly text: string;
  readonly expect: { allowed?: boolean; guardrail?: string | null; masked?: string[]; sanitized_text?: string | null };
}


export async function runPolicyTests(args: ParsedArgs, env: Environment): Promise<number> {
  if (args.positionals.length === 0) throw new UsageError("pass one or more case files (YAML or JSONL)");
  const settings = loadSettings(applyOptions(env, args.options), { requireLicence: false });
  // No judge model or moderations endpoint: a case needing one reports the check as unavailable.
  const store = new LocalPolicyStore(settings.policyDir, undefined, NO_SERVICES);
  // Every problem of every file in one pass: a line each, then exit 2 before any case runs.
  const problems: string[] = [];
  const cases: PolicyCase[] = [];
  for (const file of args.positionals) {
    const read = readCases(file);
    problems.push(...read.problems);
    cases.push(...read.cases);
  }
  for (const c of cases) {
    const problem = policyProblem(store, settings.policyDir, c);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) {
    process.stderr.write(problems.map((p) => `${p}\n`).join(""));
    return 2;
  }
  const results: CaseResult[] = [];
  for (const c of cases) {
    const result = await runCase(policyOf(store, c), c);
    results.push(result);
    process.stdout.write(`${result.failures.length === 0 ? "pass" : "FAIL"}  ${label(c)}${result.failures.length === 0 ? "" : `: ${result.failures.join("; ")}`}\n`);
  }
  const failed = results.filter((r) => r.failures.length > 0).length;
  const junit = optionValue(args, "junit");
  if (junit !== undefined) writeFileSync(junit, junitXml(args.positionals, results));
  process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

function label(c: PolicyCase): string {
  return `${c.file}: case ${c.index} (${c.name})`;
}

/** A file's cases that can run, and a line for each problem of the others (every one, not the first). */
function readCases(file: string): { cases: PolicyCase[]; problems: string[] } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    return { cases: [], problems: [`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`] };
  }
  const problems: string[] = [];
  let raw: { value: unknown; index: number }[] = [];
  if (file.endsWith(".jsonl")) {
    let index = 0;
    text.split("\n").forEach((line, i) => {
      if (line.trim() === "") return;
      index++;
      try {
        raw.push({ value: JSON.parse(line), index });
      } catch (e) {
        problems.push(`${file}: line ${i + 1}: not valid JSON: ${(e as Error).message}`);
      }
    });
  } else {
    let parsed: unknown;
    try {
      parsed = parseYaml(text, { maxAliasCount: 0, uniqueKeys: true, prettyErrors: true });
    } catch (e) {
      return { cases: [], problems: [`${file}: not valid YAML: ${yamlErrorLine(e)}`] };
    }
    if (!Array.isArray(parsed)) return { cases: [], problems: [`${file}: a YAML case file is a list of cases`] };
    raw = parsed.map((value, i) => ({ value, index: i + 1 }));
  }
  const cases: PolicyCase[] = [];
  for (const { value, index } of raw) {
    const name = typeof (value as { name?: unknown } | null)?.name === "string" ? (value as { name: string }).name : `#${index}`;
    const checked = checkCase(value);
    if (!checked.ok) {
      for (const issue of checked.issues) problems.push(`${file}: case ${index} (${name}): ${formatIssues([issue])}`);
      continue;
    }
    const c = checked.value;
    cases.push({ file, index, name, configId: c.config_id, stage: c.stage ?? "input", text: c.text, expect: c.expect });
  }
  return { cases, problems };
}

/** Why a case's policy cannot be had, as a problem line; null when it can. */
function policyProblem(store: LocalPolicyStore, dir: string, c: PolicyCase): string | null {
  try {
    store.resolve(c.configId);
    return null;
  } catch (e) {
    if (!(e instanceof PolicyError)) throw e;
    if (e.code !== "policy_not_found") return `${label(c)}: config_id: ${e.message}`;
    // The command reads a policy directory, not a server: say which, and what is in it.
    const ids = store.listIds();
    const known = ids.length === 0 ? "it holds no policies" : `its policies: ${ids.join(", ")}`;
    return `${label(c)}: config_id: no policy '${c.configId}' in ${dir} (${known}; --policy-dir names another directory)`;
  }
}

function policyOf(store: LocalPolicyStore, c: PolicyCase): CompiledPolicy {
  return store.resolve(c.configId);
}

interface CaseResult {
  readonly case: PolicyCase;
  readonly failures: string[];
  readonly ms: number;
}

/** What the policy did with the case's text: the verdict, the blocking guardrail, the text as it goes on. */
async function outcomeOf(policy: CompiledPolicy, c: PolicyCase): Promise<{ allowed: boolean; guardrail: string | null; text: string | null }> {
  if (c.stage === "output") {
    const verdict = await runOutputStage(policy, [c.text]);
    return { allowed: verdict.block === null, guardrail: verdict.block?.guardrail ?? null, text: verdict.block ? null : (verdict.texts?.[0] ?? c.text) };
  }
  const { response } = await guardText(policy, "input", c.text);
  return { allowed: response.allowed, guardrail: response.guardrail, text: response.allowed ? (response.sanitized_text ?? c.text) : null };
}

async function runCase(policy: CompiledPolicy, c: PolicyCase): Promise<CaseResult> {
  const started = performance.now();
  const got = await outcomeOf(policy, c);
  const failures: string[] = [];
  const e = c.expect;
  if (e.allowed !== undefined && e.allowed !== got.allowed) failures.push(`expected allowed ${e.allowed}, got ${got.allowed}${got.guardrail ? ` (blocked by ${got.guardrail})` : ""}`);
  if (e.guardrail !== undefined && e.guardrail !== got.guardrail) failures.push(`expected guardrail ${e.guardrail ?? "null"}, got ${got.guardrail ?? "null"}`);
  if (e.masked !== undefined) {
    const masked = got.text === null ? [] : maskedTypes(c.text, got.text);
    const want = [...new Set(e.masked)].sort();
    if (want.join() !== masked.join()) failures.push(`expected masked [${want.join(", ")}], got [${masked.join(", ")}]`);
  }
  if (e.sanitized_text !== undefined && e.sanitized_text !== got.text) failures.push(`expected sanitized_text ${JSON.stringify(e.sanitized_text)}, got ${JSON.stringify(got.text)}`);
  return { case: c, failures, ms: performance.now() - started };
}

/** The entity types masking put in (`<EMAIL_ADDRESS>`, `<EMAIL_ADDRESS_1>`), not in the text before. */
function maskedTypes(before: string, after: string): string[] {
  const types = (text: string) => new Set([...text.matchAll(/<([A-Z][A-Z0-9_]*?)(?:_\d+)?>/g)].map((m) => m[1]!));
  const already = types(before);
  return [...types(after)].filter((t) => !already.has(t)).sort();
}

function junitXml(files: readonly string[], results: readonly CaseResult[]): string {
  const esc = (s: string) => s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
  const suites = files.map((file) => {
    const mine = results.filter((r) => r.case.file === file);
    const failures = mine.filter((r) => r.failures.length > 0).length;
    const cases = mine.map((r) => {
      const head = `    <testcase classname="${esc(file)}" name="${esc(`case ${r.case.index} (${r.case.name})`)}" time="${(r.ms / 1000).toFixed(4)}"`;
      return r.failures.length === 0 ? `${head}/>` : `${head}>\n      <failure message="${esc(r.failures.join("; "))}">${esc(r.failures.join("\n"))}</failure>\n    </testcase>`;
    });
    return `  <testsuite name="${esc(file)}" tests="${mine.length}" failures="${failures}">\n${cases.join("\n")}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n${suites.join("\n")}\n</testsuites>\n`;
}
