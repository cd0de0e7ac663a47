/** The `guardrails` object proxy request bodies may carry (SPEC "Guardrails block on proxy requests"). */
import { t } from "elysia";

export const GuardrailsField = t.Optional(t.Object({ config_id: t.Optional(t.String({ minLength: 1 })) }, { additionalProperties: false }));
