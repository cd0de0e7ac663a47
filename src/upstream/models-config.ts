/**
 * The models config file (SPEC "Model config entry"): a JSON array of upstream routes. Unknown
 * entry keys are rejected, as are construction keys that do not apply to the entry's provider,
 * duplicate names and more than one `default: true`. The server refuses to start on any of it.
 */
import { readFileSync } from "node:fs";
import { Type, type Static } from "@sinclair/typebox";
import { closestOf, compileChecker, formatIssues, type SchemaIssue } from "../schema/check.ts";
import { CONSTRUCTION_KEYS, type ConstructionKey, type ProviderSpec } from "./provider.ts";

/** An entry without `provider` is a compat one (SPEC "Model config entry"). */
export const DEFAULT_PROVIDER = "compat";

const StringMap = Type.Record(Type.String(), Type.String());

const ParametersSchema = Type.Object(
  {
    base_url: Type.Optional(Type.String({ minLength: 1 })),
    api_key: Type.Optional(Type.String({ minLength: 1 })),
    default_headers: Type.Optional(StringMap),
    default_query: Type.Optional(StringMap),
    timeout: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    max_retries: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    hosted_endpoint: Type.Optional(Type.String({ minLength: 1 })),
    hosted_deployment: Type.Optional(Type.String({ minLength: 1 })),
    api_version: Type.Optional(Type.String({ minLength: 1 })),
  },
  // Any other key is a per-request default (seed, logit_bias, ...).
  { additionalProperties: true },
);

const EntrySchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    // Checked against the providers the families bring (parseModelsConfig).
    provider: Type.Optional(Type.String({ minLength: 1 })),
    model: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()])),
    parameters: Type.Optional(ParametersSchema),
    default: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const ModelsConfigSchema = Type.Array(EntrySchema);
const checkModelsConfig = compileChecker(ModelsConfigSchema);

export type ModelParameters = Static<typeof ParametersSchema>;


export interface ModelEntry {
  readonly name: string;
  readonly provider: string;
  readonly model: string | null;
  /** Construction keys only. */
  readonly client: Readonly<Pick<ModelParameters, ConstructionKey>>;
  /** Per-request defaults: applied to the upstream body when the caller did not set them. */
  readonly requestDefaults: Readonly<Record<string, unknown>>;
  readonly isDefault: boolean;
}

export type ModelsConfigResult = { readonly ok: true; readonly entries: readonly ModelEntry[] } | { readonly ok: false; readonly issues: readonly SchemaIssue[] };

/** Checks a parsed document against the schema and the providers (by name) the server has. */
export function parseModelsConfig(document: unknown, providers: ReadonlyMap<string, ProviderSpec>): ModelsConfigResult {
  const checked = checkModelsConfig(document);
  if (!checked.ok) return checked;
  const issues: SchemaIssue[] = [];
  const entries: ModelEntry[] = [];
  const names = new Map<string, number>();
  checked.value.forEach((raw, i) => {
    const provider = raw.provider ?? DEFAULT_PROVIDER;
    const spec = providers.get(provider);
    if (!spec) {
      const closest = closestOf(provider, [...providers.keys()]);
      issues.push({ path: `[${i}].provider`, message: `unknown provider '${provider}' (one of ${[...providers.keys()].join(", ")})${closest ? `; did you mean '${closest}'?` : ""}` });
      return;
    }
    const params = raw.parameters ?? {};
    const client: Record<string, unknown> = {};
    const requestDefaults: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(params)) {
      if ((CONSTRUCTION_KEYS as readonly string[]).includes(key)) {
        if (!spec.entryKeys.includes(key as ConstructionKey)) {
          issues.push({ path: `[${i}].parameters.${key}`, message: `does not apply to provider '${provider}'` });
        }
        client[key] = value;
      } else if (!spec.requestDefaults) {
        issues.push({ path: `[${i}].parameters.${key}`, message: `unknown parameter for provider '${provider}' (only ${spec.entryKeys.join(" and ")} apply)` });
      } else {
        requestDefaults[key] = value;
      }
    }
    const seen = names.get(raw.name);
    if (seen !== undefined) issues.push({ path: `[${i}].name`, message: `'${raw.name}' is already the name of entry [${seen}]` });
    else names.set(raw.name, i);
    entries.push({ name: raw.name, provider, model: raw.model ?? null, client, requestDefaults, isDefault: raw.default ?? false });
  });
  const defaults = entries.flatMap((e, i) => (e.isDefault ? [i] : []));
  if (defaults.length > 1) {
    issues.push({ path: "", message: `more than one entry has default: true (entries ${defaults.map((i) => `[${i}]`).join(", ")}); at most one may` });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, entries };
}

export class ModelsConfigError extends Error {
  override readonly name = "ModelsConfigError";
}

/** Reads and checks the file; throws `ModelsConfigError` naming the file and each field. */
export function loadModelsConfig(path: string, providers: ReadonlyMap<string, ProviderSpec>): readonly ModelEntry[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new ModelsConfigError(`models config ${path}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (e) {
    throw new ModelsConfigError(`models config ${path}: not valid JSON: ${(e as Error).message}`);
  }
  const result = parseModelsConfig(document, providers);
  if (!result.ok) throw new ModelsConfigError(`models config ${path}: ${formatIssues(result.issues)}`);
  return result.entries;
}
