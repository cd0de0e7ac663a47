/**
 * Guardrails a policy names that this server cannot run as configured (DECISIONS §1): a judge
 * model (`engine: llm` or `cascade`, NSFW, CustomPrompt, a Jailbreak left on its default engine)
 * or the moderations endpoint, with no models-config entry for its model while neither
 * `COMPAT_BASE_URL` nor `COMPAT_API_KEY` is set; the HTTP engines it names by URL (classifier
 * endpoints, webhooks: start-up and `validate` try to connect) and the variables they read.
 * Read from the policy document alone, so `validate` and start-up can say it without building a
 * guardrail. Each line names the policy, the guardrail and the setting to change.
 */
import { STAGES } from "./schema.ts";

export interface Reach {
  /** A models-config entry (not the `default: true` one) serves this model. */
  hasModel(model: string): boolean;
  /** COMPAT_BASE_URL or COMPAT_API_KEY is set: the compat upstream is configured. */
  readonly compatConfigured: boolean;
}

const JUDGE_MODEL = "gpt-4.1-mini";
const MODERATION_MODEL = "omni-moderation-latest";

/** The default engine of each guardrail that has one. */
const DEFAULT_ENGINE: Readonly<Record<string, string>> = { PromptInjection: "local", Jailbreak: "llm", HarmfulContent: "local" };

export function unreachableGuardrails(policyId: string, document: unknown, reach: Reach): string[] {
  if (reach.compatConfigured) return [];
  const lines: string[] = [];
  for (const { stage, index, name, config } of policyEntries(document)) {
    const need = needs(name, config);
    if (!need || reach.hasModel(need.model)) continue;
    const where = `policy '${policyId}': ${stage}.guardrails[${index}] (${name})`;
    const change = need.engine !== undefined ? "set engine: local" : "remove it";
    lines.push(
      `${where} needs ${need.what} '${need.model}', which this server cannot reach: no models-config entry names it and neither COMPAT_BASE_URL nor COMPAT_API_KEY is set; ${change}, or configure the model (every request it judges would fail as guardrail_unavailable)`,
    );
  }
  return lines;
}

/** An HTTP engine a policy names by URL (DECISIONS §11): a classifier endpoint or a webhook. */
export interface EngineEndpoint {
  /** `policy 'id': input.guardrails[0] (PromptInjection)`. */
  readonly where: string;
  readonly what: "classifier endpoint" | "webhook";
  readonly url: string;
}

/** The HTTP engines of a policy, for start-up and `validate` to try (upstream/engine-probe.ts). */
export function engineEndpoints(policyId: string, document: unknown): EngineEndpoint[] {
  const out: EngineEndpoint[] = [];
  for (const { stage, index, name, config } of policyEntries(document)) {
    const where = `policy '${policyId}': ${stage}.guardrails[${index}] (${name})`;
    const classifier = isObject(config.classifier) ? config.classifier : undefined;
    const usesEndpoint = config.engine === "classifier" || (config.engine === "cascade" && config.cascade_with === "classifier");
    if (usesEndpoint && typeof classifier?.url === "string") out.push({ where, what: "classifier endpoint", url: classifier.format === "hf" ? classifier.url : `${classifier.url.replace(/\/+$/, "")}/predict` });
    if (name === "Webhook" && typeof config.url === "string") out.push({ where, what: "webhook", url: config.url });
  }
  return out;
}

/** Variables a policy's engines read (`api_key_env`, a webhook header's `env:NAME`) that are not set: every call would fail. */
export function unsetEngineVariables(policyId: string, document: unknown, variable: (name: string) => string | undefined): string[] {
  const lines: string[] = [];
  for (const { stage, index, name, config } of policyEntries(document)) {
    const where = `policy '${policyId}': ${stage}.guardrails[${index}] (${name})`;
    const classifier = isObject(config.classifier) ? config.classifier : undefined;
    const names: string[] = [];
    if (typeof classifier?.api_key_env === "string") names.push(classifier.api_key_env);
    if (name === "Webhook" && isObject(config.headers)) for (const v of Object.values(config.headers)) if (typeof v === "string" && v.startsWith("env:")) names.push(v.slice(4));
    for (const n of names) if (variable(n) === undefined) lines.push(`${where} reads the variable ${n}, which is not set: every call of its engine would fail as guardrail_unavailable; set ${n} in the server's environment`);
  }
  return lines;
}

interface PolicyEntry {
  readonly stage: string;
  readonly index: number;
  readonly name: string;
  readonly config: Record<string, unknown>;
}

/** Every named guardrail entry of a policy document, read without checking it. */
function policyEntries(document: unknown): PolicyEntry[] {
  if (!isObject(document)) return [];
  const out: PolicyEntry[] = [];
  for (const stage of STAGES) {
    const entries = isObject(document[stage]) ? document[stage].guardrails : undefined;
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, index) => {
      if (isObject(entry) && typeof entry.name === "string") out.push({ stage, index, name: entry.name, config: isObject(entry.config) ? entry.config : {} });
    });
  }
  return out;
}

interface Need {
  readonly what: string;
  readonly model: string;
  /** The engine that needs it, where the guardrail has a local one to switch to. */
  readonly engine?: string;
}

function needs(name: string, config: Record<string, unknown>): Need | null {
  const model = typeof config.model === "string" ? config.model : undefined;
  if (name === "NSFW" || name === "CustomPrompt") return { what: "the judge model", model: model ?? JUDGE_MODEL };
  if (name === "Moderation") return { what: "the moderations model", model: model ?? MODERATION_MODEL };
  const engine = typeof config.engine === "string" ? config.engine : DEFAULT_ENGINE[name];
  if (engine === undefined) return null;
  if (engine === "moderation") return { what: "the moderations model", model: model ?? MODERATION_MODEL, engine };
  if (engine === "llm" || (engine === "cascade" && (config.cascade_with ?? "llm") === "llm")) return { what: `the judge model (engine: ${engine})`, model: model ?? JUDGE_MODEL, engine };
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
