/**
 * Guardrails a policy names that this server cannot run as configured (DECISIONS §1): a judge
 * model (`engine: llm` or `cascade`, NSFW, CustomPrompt, a Jailbreak left on its default engine)
 * or the moderations endpoint, with no models-config entry for its model while neither
 * `COMPAT_BASE_URL` nor `COMPAT_API_KEY` is set. Read from the policy document alone, so
 * `validate` and start-up can say it without building a guardrail. Each line names the policy,
 * the guardrail and the setting to change.
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
  if (reach.compatConfigured || !isObject(document)) return [];
  const lines: string[] = [];
  for (const stage of STAGES) {
    const entries = isObject(document[stage]) ? document[stage].guardrails : undefined;
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, i) => {
      if (!isObject(entry) || typeof entry.name !== "string") return;
      const config = isObject(entry.config) ? entry.config : {};
      const need = needs(entry.name, config);
      if (!need || reach.hasModel(need.model)) return;
      const where = `policy '${policyId}': ${stage}.guardrails[${i}] (${entry.name})`;
      const change = need.engine !== undefined ? "set engine: local" : "remove it";
      lines.push(
        `${where} needs ${need.what} '${need.model}', which this server cannot reach: no models-config entry names it and neither COMPAT_BASE_URL nor COMPAT_API_KEY is set; ${change}, or configure the model (every request it judges would fail as guardrail_unavailable)`,
      );
    });
  }
  return lines;
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
