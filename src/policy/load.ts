/** Reading and parsing one policy file (JSON or YAML) into a compiled policy. */
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { formatIssues } from "../schema/check.ts";
import type { GuardrailServices } from "../guardrails/services.ts";
import { compilePolicy, type CompiledPolicy } from "./compile.ts";
import { PolicyError } from "./errors.ts";
import { yamlErrorAt, yamlErrorLine } from "./yaml-error.ts";

/**
 * Parses JSON or YAML by extension. Throws `invalid_policy` naming the file (`name`: how
 * messages call it; the server names it relative to the policy directory) and the syntax error.
 */
export function parsePolicyText(path: string, text: string, name = path): unknown {
  try {
    if (path.endsWith(".json")) return JSON.parse(text);
    // Aliases could expand a small file into a huge document; policies have no use for them.
    return parseYaml(text, { maxAliasCount: 0, prettyErrors: true, uniqueKeys: true });
  } catch (e) {
    const json = path.endsWith(".json");
    const detail = json ? (e as Error).message.split("\n")[0]! : yamlErrorLine(e);
    const line = json ? null : yamlErrorAt(e);
    throw new PolicyError("invalid_policy", `${name}: not valid ${json ? "JSON" : "YAML"}: ${detail}`, undefined, { file: name, field: line === null ? "(syntax)" : `line ${line}`, reason: detail });
  }
}

export function readPolicyFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new PolicyError("policy_unreadable", `cannot read ${path}: ${reason}`, undefined, { file: path, field: "(file)", reason: `cannot read: ${reason}` });
  }
}

/** Reads, parses and compiles; throws `invalid_policy` with every problem of the file, named `name`. */
export function loadPolicyFile(id: string, path: string, services?: GuardrailServices, name = path): CompiledPolicy {
  return compileOrThrow(id, name, parsePolicyText(path, readPolicyFile(path), name), services);
}

export function compileOrThrow(id: string, source: string, document: unknown, services?: GuardrailServices): CompiledPolicy {
  const result = compilePolicy(id, document, services);
  if (!result.ok) {
    const first = result.issues[0];
    const problem = { file: source, field: first?.path || "(document)", reason: first ? formatIssues(result.issues) : "invalid" };
    throw new PolicyError("invalid_policy", `${source}: ${formatIssues(result.issues)}`, undefined, problem);
  }
  return result.policy;
}
