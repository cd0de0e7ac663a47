/**
 * The guardrail registry (DECISIONS §3): policy name to definition. Listed here explicitly, so
 * what exists is visible in one place and nothing registers itself as an import side effect.
 */
import { customPromptDefinition } from "./custom-prompt/guardrail.ts";
import { harmfulContentDefinition } from "./harmful-content/guardrail.ts";
import { jailbreakDefinition } from "./jailbreak/guardrail.ts";
import { keywordsDefinition } from "./keywords/guardrail.ts";
import { moderationDefinition } from "./moderation/guardrail.ts";
import { nsfwDefinition } from "./nsfw/guardrail.ts";
import { piiDefinition } from "./pii/guardrail.ts";
import { promptInjectionDefinition } from "./prompt-injection/guardrail.ts";
import { secretKeysDefinition } from "./secret-keys/guardrail.ts";
import type { GuardrailServices } from "./services.ts";
import type { Guardrail, GuardrailDefinition } from "./types.ts";
import { urlFilterDefinition } from "./url-filter/guardrail.ts";
import { webhookDefinition } from "./webhook/guardrail.ts";

// Each definition is typed by its own config; the registry only hands configs that passed the
// definition's own schema to `create`, which is what makes the widening below sound.
const DEFINITIONS = [
  piiDefinition,
  secretKeysDefinition,
  urlFilterDefinition,
  keywordsDefinition,
  promptInjectionDefinition,
  jailbreakDefinition,
  harmfulContentDefinition,
  moderationDefinition,
  nsfwDefinition,
  customPromptDefinition,
  webhookDefinition,
] as unknown as readonly GuardrailDefinition[];

const BY_NAME = new Map(DEFINITIONS.map((d) => [d.name, d]));

export function findGuardrail(name: string): GuardrailDefinition | undefined {
  return BY_NAME.get(name);
}

export function guardrailNames(): readonly string[] {
  return DEFINITIONS.map((d) => d.name);
}

/**
 * What a guardrail of a policy is built from: enough to build the same check again in another
 * thread (pipeline/scan-pool.ts). `config` passed its definition's schema; `key` names the pair.
 */
export interface GuardrailRecipe {
  readonly name: string;
  readonly config: unknown;
  readonly key: string;
}

export function guardrailRecipe(name: string, config: unknown): GuardrailRecipe {
  return { name, config, key: `${name}\u0000${JSON.stringify(config)}` };
}

/** Builds a recipe's guardrail; throws when the name is unknown (recipes come from compiled policies). */
export function buildGuardrail(recipe: GuardrailRecipe, services: GuardrailServices): Guardrail {
  const definition = findGuardrail(recipe.name);
  if (!definition) throw new Error(`unknown guardrail '${recipe.name}'`);
  return definition.create(recipe.config, services);
}
