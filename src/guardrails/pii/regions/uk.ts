/** Recognisers of SPEC's "United Kingdom" group. */
import { nhsValid } from "../checksums.ts";
import type { NumberSpec } from "../number-recognizer.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";
import { flagged, ShapeFlag } from "../text-shape.ts";

export const NHS_CONTEXT = ["nhs", "nhs number", "nhs no", "health service", "health", "patient", "patient number", "gp", "hospital"];

/**
 * NHS numbers: 3-3-4 groups or 10 bare digits, mod-11 check, next to a word such as "NHS". The
 * context is required: one 3-3-4 phone number in eleven passes the check.
 */
const nhs: NumberSpec = { entity: "UK_NHS", priority: 80, shapes: ["10", "3-3-4"], validate: nhsValid, context: NHS_CONTEXT };

/**
 * National Insurance numbers: two prefix letters (not D, F, I, Q, U, V; second not O; not BG,
 * GB, KN, NK, NT, TN, ZZ), six digits, suffix A-D; spaces between pairs allowed.
 */
const nino = regexRecognizer({
  needsDigit: true,
  entity: "UK_NINO",
  priority: 80,
  gate: flagged(ShapeFlag.CAPITALS_THEN_DIGIT),
  pattern: /\b[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/g,
  validate: (c) => !["BG", "GB", "KN", "NK", "NT", "TN", "ZZ"].includes(c.slice(0, 2)),
});

export const ukRecognizers: readonly Recognizer[] = [nino];

export const ukNumbers: readonly NumberSpec[] = [nhs];
