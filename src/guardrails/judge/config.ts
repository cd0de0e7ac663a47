/** Config fields shared by the detectors (DECISIONS §3), with their defaults. */
import { Type } from "@sinclair/typebox";

export const DEFAULT_THRESHOLD = 0.7;
export const DEFAULT_JUDGE_MODEL = "gpt-4.1-mini";
export const DEFAULT_MAX_TURNS = 10;

export const Threshold = Type.Optional(Type.Number({ minimum: 0, maximum: 1 }));
export const Model = Type.Optional(Type.String({ minLength: 1 }));
export const MaxTurns = Type.Optional(Type.Integer({ minimum: 0, maximum: 100 }));
export const IncludeReasoning = Type.Optional(Type.Boolean());
