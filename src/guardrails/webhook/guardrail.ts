/**
 * `Webhook` (DECISIONS §11): a check the user runs over HTTP, in any stage. The proxy POSTs
 * `{"text", "stage", "config_id"}` for each text the stage judges and reads `{"flagged",
 * "confidence"?, "message"?, "sanitized_text"?}`: `flagged` trips, with the block message
 * `Webhook guardrail triggered: <message>`; `confidence` is reported, not compared;
 * `sanitized_text`, when it does not trip, replaces the text as masking does (the stage applies
 * it: pipeline/stage-runs.ts; a stream's text is already on its way and is not rewritten). A
 * header value `env:NAME` is read from the variable NAME. The call has a timeout, and
 * `on_error` decides when it fails.
 */
import { Type, type Static } from "@sinclair/typebox";
import type { GuardrailServices } from "../services.ts";
import { GuardrailUnavailableError, type Detection, type Detector, type GuardrailDefinition } from "../types.ts";

export const WebhookConfigSchema = Type.Object(
  {
    url: Type.String({ pattern: "^https?://" }),
    timeout_ms: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000 })),
    headers: Type.Optional(Type.Record(Type.String({ pattern: "^[A-Za-z0-9-]+$" }), Type.String())),
  },
  { additionalProperties: false },
);
type WebhookConfig = Static<typeof WebhookConfigSchema>;

/** The longest webhook message a block carries: it reaches the caller and the log's block reason. */
const MAX_MESSAGE = 200;

export const webhookDefinition: GuardrailDefinition<WebhookConfig> = {
  name: "Webhook",
  kind: "detector",
  configSchema: WebhookConfigSchema,
  suppressEnforcementByDefault: false,
  create: (config, services) => createWebhookCheck(config, services),
  describe: (_labels, info) => (typeof info?.message === "string" && info.message.length > 0 ? info.message : "flagged by the webhook"),
};

function createWebhookCheck(config: WebhookConfig, services: GuardrailServices): Detector {
  const timeoutMs = config.timeout_ms ?? 2000;
  return {
    kind: "detector",
    name: "Webhook",
    remote: true,
    perText: true,
    engine: "webhook",
    async detect(text, context): Promise<Detection> {
      const engines = services.engines;
      if (!engines) throw new GuardrailUnavailableError("no HTTP engine client is configured");
      const startedAt = performance.now();
      const answer = await engines.post({ url: config.url, body: { text, stage: context.stage ?? null, config_id: context.configId ?? null }, headers: headersOf(config, services), timeoutMs, signal: context.signal });
      const verdict = verdictOf(answer);
      const info: Record<string, unknown> = { guardrail_name: "Webhook", engine: "webhook", engine_ms: Math.round((performance.now() - startedAt) * 10) / 10, flagged: verdict.flagged };
      if (verdict.confidence !== undefined) info.confidence = verdict.confidence;
      if (verdict.message !== undefined) info.message = verdict.message;
      if (verdict.sanitizedText !== undefined) info.sanitized_text = verdict.sanitizedText;
      return { tripped: verdict.flagged, confidence: verdict.confidence ?? (verdict.flagged ? 1 : 0), labels: verdict.flagged ? ["webhook"] : [], info };
    },
  };
}

function headersOf(config: WebhookConfig, services: GuardrailServices): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.headers ?? {})) {
    if (!value.startsWith("env:")) {
      out[name] = value;
      continue;
    }
    const variable = value.slice(4);
    const resolved = services.variable?.(variable);
    // The variable's name is safe to say; its value never is.
    if (resolved === undefined) throw new GuardrailUnavailableError(`${variable} (the webhook's ${name} header) is not set`);
    out[name] = resolved;
  }
  return out;
}

interface WebhookVerdict {
  readonly flagged: boolean;
  readonly confidence?: number;
  readonly message?: string;
  readonly sanitizedText?: string;
}

function verdictOf(answer: unknown): WebhookVerdict {
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) throw new GuardrailUnavailableError("the webhook answered something that is not a JSON object");
  const { flagged, confidence, message, sanitized_text } = answer as Record<string, unknown>;
  if (typeof flagged !== "boolean") throw new GuardrailUnavailableError("the webhook's answer has no boolean 'flagged'");
  return {
    flagged,
    ...(typeof confidence === "number" && Number.isFinite(confidence) ? { confidence: Math.min(1, Math.max(0, confidence)) } : {}),
    ...(typeof message === "string" ? { message: message.replace(/[\u0000-\u001f\u007f]+/g, " ").slice(0, MAX_MESSAGE) } : {}),
    ...(typeof sanitized_text === "string" ? { sanitizedText: sanitized_text } : {}),
  };
}
