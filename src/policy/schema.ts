/** The policy document (SPEC "Policy document", DECISIONS §2). Unknown fields are rejected. */
import { Type, type Static } from "@sinclair/typebox";
import { compileChecker } from "../schema/check.ts";

export const STAGES = ["pre_flight", "input", "output"] as const;
export type StageName = (typeof STAGES)[number];

export const GuardrailEntrySchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    suppress_enforcement: Type.Optional(Type.Boolean()),
    on_error: Type.Optional(Type.Union([Type.Literal("block"), Type.Literal("allow")])),
  },
  { additionalProperties: false },
);

export const StageSchema = Type.Object(
  {
    version: Type.Literal(1),
    guardrails: Type.Array(GuardrailEntrySchema),
    /**
     * Output stage only (DECISIONS §9): `incremental` (default) streams as the checks allow;
     * `buffer` holds a streamed answer until every output check has passed.
     */
    stream: Type.Optional(Type.Union([Type.Literal("incremental"), Type.Literal("buffer")])),
  },
  { additionalProperties: false },
);

export const PolicyDocumentSchema = Type.Object(
  {
    version: Type.Literal(1),
    mode: Type.Optional(Type.Union([Type.Literal("block"), Type.Literal("alert")])),
    /** What happens to content no guardrail can read (images, audio, binary files): DECISIONS §8. */
    unreadable_content: Type.Optional(Type.Union([Type.Literal("allow"), Type.Literal("block")])),
    /** DECISIONS §14: another policy run beside this one, in alert mode, to measure it before it enforces. */
    shadow: Type.Optional(Type.String({ minLength: 1 })),
    pre_flight: Type.Optional(StageSchema),
    input: Type.Optional(StageSchema),
    output: Type.Optional(StageSchema),
  },
  { additionalProperties: false },
);

export type PolicyDocument = Static<typeof PolicyDocumentSchema>;
export type GuardrailEntry = Static<typeof GuardrailEntrySchema>;
export type PolicyMode = NonNullable<PolicyDocument["mode"]>;

export const checkPolicyDocument = compileChecker(PolicyDocumentSchema);
