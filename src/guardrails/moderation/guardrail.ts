/** `Moderation` (DECISIONS §3): the compat upstream's moderations endpoint, filtered to `categories`. */
import { Type, type Static } from "@sinclair/typebox";
import { Model } from "../judge/config.ts";
import type { GuardrailDefinition } from "../types.ts";
import { Categories, MODERATION_CATEGORIES } from "./categories.ts";
import { createModerationCheck } from "./check.ts";

export const DEFAULT_MODERATION_MODEL = "omni-moderation-latest";

export const ModerationConfigSchema = Type.Object({ categories: Categories, model: Model }, { additionalProperties: false });
type ModerationConfig = Static<typeof ModerationConfigSchema>;

export const moderationDefinition: GuardrailDefinition<ModerationConfig> = {
  name: "Moderation",
  kind: "detector",
  configSchema: ModerationConfigSchema,
  suppressEnforcementByDefault: false,
  create: (config, services) =>
    createModerationCheck({ name: "Moderation", model: config.model ?? DEFAULT_MODERATION_MODEL, categories: config.categories ?? MODERATION_CATEGORIES, threshold: null }, services),
  describe: (labels) => `flagged by moderation (${labels.join(", ")})`,
};
