/**
 * Turns a parsed policy document into ready checks: the document schema, then each entry's
 * guardrail name and config. Every problem is collected, so one `validate` run lists them all.
 */
import { findGuardrail, guardrailNames, guardrailRecipe, type GuardrailRecipe } from "../guardrails/registry.ts";
import { NO_SERVICES, type GuardrailServices } from "../guardrails/services.ts";
import { GuardrailConfigError, type Guardrail, type GuardrailDefinition } from "../guardrails/types.ts";
import { compileChecker, joinPath, type SchemaIssue } from "../schema/check.ts";
import type { TSchema } from "@sinclair/typebox";
import { checkPolicyDocument, STAGES, type PolicyMode, type StageName } from "./schema.ts";

export interface CompiledEntry {
  readonly name: string;
  readonly stage: StageName;
  /** Position in its stage: the first enforcing entry in list order is the one reported. */
  readonly index: number;
  readonly guardrail: Guardrail;
  readonly definition: GuardrailDefinition;
  /** How to build this guardrail again in a scan worker; null for one that calls out of the process. */
  readonly recipe: GuardrailRecipe | null;
  readonly suppressEnforcement: boolean;
  readonly onError: "block" | "allow";
}

export interface CompiledPolicy {
  /** The `config_id`, or `platform` in `api` mode. */
  readonly id: string;
  readonly mode: PolicyMode;
  /** `allow` (default): unreadable parts are forwarded and counted; `block`: 422 `unscanned_content`. */
  readonly unreadableContent: "allow" | "block";
  /** A `pre_flight` or `input` masker has `reversible: true`: requests need a vault (DECISIONS §9). */
  readonly reversible: boolean;
  /** The output stage's `stream`: `buffer` holds a streamed answer until it passed every check. */
  readonly outputStream: "incremental" | "buffer";
  readonly stages: Readonly<Record<StageName, readonly CompiledEntry[]>>;
  /** The policy run beside this one as a shadow (DECISIONS §14), by id. */
  readonly shadow?: string;
}

export type CompileResult = { readonly ok: true; readonly policy: CompiledPolicy } | { readonly ok: false; readonly issues: readonly SchemaIssue[] };

const configCheckers = new Map<TSchema, ReturnType<typeof compileChecker>>();

function configChecker(schema: TSchema): ReturnType<typeof compileChecker> {
  let checker = configCheckers.get(schema);
  if (!checker) {
    checker = compileChecker(schema);
    configCheckers.set(schema, checker);
  }
  return checker;
}

export function compilePolicy(id: string, document: unknown, services: GuardrailServices = NO_SERVICES): CompileResult {
  const checked = checkPolicyDocument(document);
  if (!checked.ok) {
    // One pass: the guardrails that are well formed are checked too, so a file's every problem
    // is reported at once rather than the document's first and the guardrails' after a fix.
    const issues = [...checked.issues];
    const stages = { pre_flight: [], input: [], output: [] } as Record<StageName, CompiledEntry[]>;
    const entries = wellFormedEntries(document, issues);
    for (const stage of STAGES) entries[stage].forEach(({ entry, index }) => compileEntry(stage, index, entry, services, issues, stages));
    return { ok: false, issues };
  }
  const doc = checked.value;
  const issues: SchemaIssue[] = [];
  const stages = { pre_flight: [], input: [], output: [] } as Record<StageName, CompiledEntry[]>;
  for (const stage of STAGES) (doc[stage]?.guardrails ?? []).forEach((entry, index) => compileEntry(stage, index, entry, services, issues, stages));
  if (issues.length > 0) return { ok: false, issues };
  const reversible = [...stages.pre_flight, ...stages.input].some((e) => e.guardrail.kind === "masker" && (e.recipe?.config as { reversible?: boolean } | undefined)?.reversible === true);
  const outputStream = doc.output?.stream ?? "incremental";
  return { ok: true, policy: { id, mode: doc.mode ?? "block", unreadableContent: doc.unreadable_content ?? "allow", reversible, outputStream, stages, ...(doc.shadow ? { shadow: doc.shadow } : {}) } };
}

interface GuardrailEntry {
  readonly name: string;
  readonly config?: unknown;
  readonly suppress_enforcement?: boolean;
  readonly on_error?: "block" | "allow";
}

/** Checks one guardrail entry and, when valid, adds it to its stage; problems go to `issues`. */
function compileEntry(stage: StageName, index: number, entry: GuardrailEntry, services: GuardrailServices, issues: SchemaIssue[], stages: Record<StageName, CompiledEntry[]>): void {
  const path = `${stage}.guardrails[${index}]`;
  const definition = findGuardrail(entry.name);
  if (!definition) {
    issues.push({ path: `${path}.name`, message: `unknown guardrail '${entry.name}'; known guardrails: ${guardrailNames().join(", ")}` });
    return;
  }
  const config = configChecker(definition.configSchema)(entry.config ?? {});
  if (!config.ok) {
    for (const issue of config.issues) issues.push({ path: joinPath(`${path}.config`, issue.path), message: issue.message });
    return;
  }
  let guardrail: Guardrail;
  try {
    guardrail = definition.create(config.value, services);
  } catch (e) {
    if (!(e instanceof GuardrailConfigError)) throw e;
    issues.push({ path: joinPath(`${path}.config`, e.path), message: e.message });
    return;
  }
  stages[stage].push({
    name: definition.name,
    stage,
    index,
    guardrail,
    definition,
    recipe: guardrail.kind === "detector" && guardrail.remote === true ? null : guardrailRecipe(definition.name, config.value),
    suppressEnforcement: entry.suppress_enforcement ?? definition.suppressEnforcementByDefault,
    onError: entry.on_error ?? "block",
  });
}

/**
 * The guardrail entries of a document that failed its schema, where they are objects with a
 * string name and no issue of their own was reported: their configs can still be checked.
 */
function wellFormedEntries(document: unknown, issues: readonly SchemaIssue[]): Record<StageName, { entry: GuardrailEntry; index: number }[]> {
  const out = { pre_flight: [], input: [], output: [] } as Record<StageName, { entry: GuardrailEntry; index: number }[]>;
  if (typeof document !== "object" || document === null) return out;
  for (const stage of STAGES) {
    const list = ((document as Record<string, unknown>)[stage] as { guardrails?: unknown } | undefined)?.guardrails;
    if (!Array.isArray(list)) continue;
    list.forEach((entry: unknown, index) => {
      const path = `${stage}.guardrails[${index}]`;
      const named = typeof entry === "object" && entry !== null && typeof (entry as { name?: unknown }).name === "string";
      if (named && !issues.some((i) => i.path === path || i.path.startsWith(`${path}.`) || i.path.startsWith(`${path}[`))) out[stage].push({ entry: entry as GuardrailEntry, index });
    });
  }
  return out;
}
