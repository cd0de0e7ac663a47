/** Recognisers of SPEC's "Singapore" group. */
import { sgNricValid, sgUenValid } from "../checksums.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";
import { digitRunOf, upperWordOf } from "../text-shape.ts";

/** NRIC/FIN: S, T, F, G or M, 7 digits, check letter from the prefix's table. */
const nric = regexRecognizer({ needsDigit: true, entity: "SG_NRIC_FIN", priority: 85, gate: digitRunOf(7), pattern: /\b[STFGM]\d{7}[A-Z]\b/g, validate: sgNricValid });

/** UEN: business (8 digits + letter), local company (year + 5 digits + letter), other entities (T/S/R yy TT nnnn X). */
const uen = regexRecognizer({
  needsDigit: true,
  entity: "SG_UEN",
  priority: 80,
  gate: upperWordOf(9, 10),
  pattern: /\b(?:\d{8,9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z])\b/g,
  boundary: "number",
  validate: sgUenValid,
});

export const sgRecognizers: readonly Recognizer[] = [nric, uen];
