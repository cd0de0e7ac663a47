/** The `PII` guardrail: SPEC "PII guardrail settings" and "PII result". */
import { Type, type Static } from "@sinclair/typebox";
import type { GuardrailServices } from "../services.ts";
import type { GuardrailDefinition, Masker } from "../types.ts";
import { openAddressStart } from "../text/evasions.ts";
import { replaceSpans } from "../text/spans.ts";
import { ALL_ENTITY_TYPES, type EntityType } from "./entities.ts";
import { PiiEngine, type PiiDetection } from "./engine.ts";
import { CustomEntitySchema, customRecognizersOf } from "./custom-entities.ts";

/** The placeholder the engine writes for a detection (engine.ts: `<TYPE>`, `<TYPE_ENCODED>`). */
function placeholderOf(d: PiiDetection): string {
  return d.encoded ? `<${d.entity}_ENCODED>` : `<${d.entity}>`;
}

export const PiiConfigSchema = Type.Object(
  {
    entities: Type.Optional(Type.Array(Type.Union(ALL_ENTITY_TYPES.map((e) => Type.Literal(e))), { uniqueItems: true })),
    block: Type.Optional(Type.Boolean()),
    detect_encoded_pii: Type.Optional(Type.Boolean()),
    allow_list: Type.Optional(Type.Array(Type.String())),
    /** Numbered placeholders, restored in the answer (DECISIONS §9). */
    reversible: Type.Optional(Type.Boolean()),
    /** PERSON, LOCATION, DATE_TIME and NRP only where they point at a person (default), or always. */
    quasi_identifiers: Type.Optional(Type.Union([Type.Literal("personal"), Type.Literal("all")])),
    /** URLs carrying personal data (default), or all of them (DECISIONS §3). */
    url_scope: Type.Optional(Type.Union([Type.Literal("personal"), Type.Literal("all")])),
    /** Recognisers of the policy's own (custom-entities.ts, DECISIONS §14). */
    custom_entities: Type.Optional(Type.Array(CustomEntitySchema, { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type PiiConfig = Static<typeof PiiConfigSchema>;

/** SPEC "PII result". Holds matched values: returned by `scan`, never logged. */
export type PiiResult = {
  readonly guardrail_name: "PII";
  readonly detected_entities: Readonly<Record<string, readonly string[]>>;
  readonly entity_types_checked: readonly EntityType[];
  readonly checked_text: string;
  readonly block_mode: boolean;
  readonly pii_detected: boolean;
  readonly detect_encoded_pii: boolean;
};

export function createPiiMasker(config: PiiConfig, services?: GuardrailServices): Masker {
  const entities = config.entities ?? ALL_ENTITY_TYPES;
  const block = config.block ?? false;
  const detectEncoded = config.detect_encoded_pii ?? false;
  const custom = customRecognizersOf(config.custom_entities ?? []);
  const engine = new PiiEngine({
    custom,
    entities,
    allowList: config.allow_list ?? [],
    detectEncoded,
    cacheTexts: services?.piiCacheTexts ?? 0,
    quasiIdentifiers: config.quasi_identifiers ?? "personal",
    urlScope: config.url_scope ?? "personal",
  });
  const reversible = config.reversible ?? false;
  return {
    kind: "masker",
    name: "PII",
    // A stream holds an address whose `[at]` stands between spaces while it is being written.
    ...(entities.includes("EMAIL_ADDRESS") ? { openPrefix: openAddressStart } : {}),
    mask(text, context) {
      const scan = engine.scan(text, context?.resent === true);
      const detected: Record<string, string[]> = {};
      for (const d of scan.detections) (detected[d.entity] ??= []).push(d.value);
      const labels = Object.keys(detected);
      const vault = context?.vault && (reversible || context.vault.forced) ? context.vault : null;
      const spans = scan.detections
        .filter((d) => d.masked)
        .map((d) => ({ start: d.start, end: d.end, replacement: vault && !d.encoded ? vault.placeholderFor(d.entity, d.value) : placeholderOf(d) }));
      const masked = vault ? replaceSpans(text, spans) : scan.masked;
      const info: PiiResult = {
        guardrail_name: "PII",
        detected_entities: detected,
        entity_types_checked: custom.length === 0 ? entities : [...entities, ...custom.map((r) => r.entity)],
        checked_text: masked,
        block_mode: block,
        pii_detected: scan.detections.length > 0,
        detect_encoded_pii: detectEncoded,
      };
      // `block: false` only masks; `block: true` also trips. Either way the value is masked,
      // so a detection that does not end up blocking never carries the value upstream.
      return { text: masked, tripped: block && labels.length > 0, labels, info, spans };
    },
  };
}

export const piiDefinition: GuardrailDefinition<PiiConfig> = {
  name: "PII",
  kind: "masker",
  configSchema: PiiConfigSchema,
  suppressEnforcementByDefault: true,
  create: createPiiMasker,
  describe: (labels) => `PII detected (${labels.join(", ")})`,
};
