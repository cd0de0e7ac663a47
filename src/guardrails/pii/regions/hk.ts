/** Recognisers of SPEC's "Hong Kong" group. */
import { hkIdValid } from "../checksums.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";
import { digitRunOf } from "../text-shape.ts";

/** HKID: 1-2 letters, 6 digits, check digit (0-9 or A), often in parentheses: A123456(3). */
const hkid = regexRecognizer({
  needsDigit: true,
  entity: "HK_ID",
  priority: 85,
  gate: digitRunOf(6, 7),
  pattern: /\b[A-Z]{1,2}\d{6}(?:\([0-9A]\)|[0-9A])/g,
  validate: hkIdValid,
});

export const hkRecognizers: readonly Recognizer[] = [hkid];
