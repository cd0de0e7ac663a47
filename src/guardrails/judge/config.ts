/** Config fields shared by the detectors (DECISIONS §3), with their defaults. */
import { Type } from "@sinclair/typebox";

export const DEFAULT_THRESHOLD = 0.7;
export const DEFAULT_JUDGE_MODEL = "gpt-4.1-mini";
export const DEFAULT_MAX_TURNS = 10;

export const Threshold = Type.Optional(Type.Number({ minimum: 0, maximum: 1 }));
export const Model = Type.Optional(Type.String({ minLength: 1 }));
export const MaxTurns = Type.Optional(Type.Integer({ minimum: 0, maximum: 100 }));
export const IncludeReasoning = Type.Optional(Type.Boolean());

/**
 * `engine: cascade`: the local score decides below the band's low end (passes) and at or above
 * its high end (trips); inside it, the judge model decides (DECISIONS §3).
 */
/** `engine: cascade`: what decides inside the band (DECISIONS §11). */
export const CascadeWith = Type.Optional(Type.Union([Type.Literal("llm"), Type.Literal("classifier")]));

export const CascadeBand = Type.Optional(Type.Tuple([Type.Number({ minimum: 0, maximum: 1 }), Type.Number({ minimum: 0, maximum: 1 })]));
