/**
 * The callers file (DECISIONS §10, `SVC_GUARDRAILS_CALLERS_FILE`): who may call the server,
 * and which policies each caller may use. A YAML or JSON list:
 *
 *   - name: billing-app
 *     token_sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
 *     policies: [default, strict]
 *     default_policy: default
 *
 * Tokens are stored only as SHA-256 hashes, so the file can be read without handing out
 * tokens. The server refuses to start on a file it cannot use, naming the entry and field.
 */
import { readFileSync } from "node:fs";
import { Type, type Static } from "@sinclair/typebox";
import { parse as parseYaml } from "yaml";
import { isValidPolicyId } from "../policy/discovery.ts";
import { compileChecker, formatIssues, type SchemaIssue } from "../schema/check.ts";

const CallerSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_.:@-]+$" }),
    token_sha256: Type.String({ pattern: "^[0-9a-fA-F]{64}$" }),
    policies: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
    default_policy: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

const checkCallersFile = compileChecker(Type.Array(CallerSchema));

type CallerEntry = Static<typeof CallerSchema>;

/** A caller of the callers file, checked. */
export interface CallerDefinition {
  readonly name: string;
  /** The token's SHA-256 digest. */
  readonly tokenDigest: Buffer;
  readonly policies: ReadonlySet<string>;
  readonly defaultPolicy?: string;
}

export class CallersFileError extends Error {
  override readonly name = "CallersFileError";
}

/** Checks a parsed callers document; every problem is collected with its path. */
export function parseCallers(document: unknown): { ok: true; callers: CallerDefinition[] } | { ok: false; issues: SchemaIssue[] } {
  const checked = checkCallersFile(document);
  if (!checked.ok) return { ok: false, issues: [...checked.issues] };
  const issues: SchemaIssue[] = [];
  if (checked.value.length === 0) issues.push({ path: "", message: "the file lists no caller: nobody could call the server" });
  const names = new Map<string, number>();
  const digests = new Map<string, number>();
  const callers = checked.value.map((entry: CallerEntry, i): CallerDefinition => {
    const at = `[${i}]`;
    const sameName = names.get(entry.name);
    if (sameName !== undefined) issues.push({ path: `${at}.name`, message: `'${entry.name}' is already the name of entry [${sameName}]` });
    names.set(entry.name, i);
    const digest = entry.token_sha256.toLowerCase();
    const sameToken = digests.get(digest);
    if (sameToken !== undefined) issues.push({ path: `${at}.token_sha256`, message: `entry [${sameToken}] has the same token` });
    digests.set(digest, i);
    entry.policies.forEach((id, j) => {
      if (!isValidPolicyId(id)) issues.push({ path: `${at}.policies[${j}]`, message: `'${id}' is not a valid policy id` });
    });
    if (entry.default_policy !== undefined && !entry.policies.includes(entry.default_policy)) {
      issues.push({ path: `${at}.default_policy`, message: `'${entry.default_policy}' is not one of the caller's policies` });
    }
    return { name: entry.name, tokenDigest: Buffer.from(digest, "hex"), policies: new Set(entry.policies), defaultPolicy: entry.default_policy };
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, callers };
}

/** Reads and checks the file; throws `CallersFileError` naming the file and each problem. */
export function loadCallersFile(path: string): CallerDefinition[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new CallersFileError(`callers file ${path}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let document: unknown;
  try {
    document = path.endsWith(".json") ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 0, uniqueKeys: true });
  } catch {
    // The parser's message may quote a line of the file, and the file holds token hashes.
    throw new CallersFileError(`callers file ${path}: not valid ${path.endsWith(".json") ? "JSON" : "YAML"}`);
  }
  const result = parseCallers(document);
  if (!result.ok) throw new CallersFileError(`callers file ${path}: ${formatIssues(result.issues)}`);
  return result.callers;
}
