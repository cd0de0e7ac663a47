/** The moderation categories of the compat upstream's moderations endpoint (omni-moderation). */
import { Type } from "@sinclair/typebox";

export const MODERATION_CATEGORIES = [
  "harassment",
  "harassment/threatening",
  "hate",
  "hate/threatening",
  "illicit",
  "illicit/violent",
  "self-harm",
  "self-harm/intent",
  "self-harm/instructions",
  "sexual",
  "sexual/minors",
  "violence",
  "violence/graphic",
] as const;

export const Categories = Type.Optional(Type.Array(Type.Union(MODERATION_CATEGORIES.map((c) => Type.Literal(c))), { minItems: 1, uniqueItems: true }));
