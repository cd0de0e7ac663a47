/** Recognisers of SPEC's "Taiwan" group. */
import { twNationalIdValid } from "../checksums.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";
import { upperWordOf } from "../text-shape.ts";

/** National ID: a region letter, 1/2 (or 8/9 for residents), 8 digits; weighted mod-10 check. */
const nationalId = regexRecognizer({ needsDigit: true, entity: "TW_NATIONAL_ID", priority: 85, gate: upperWordOf(10), pattern: /[A-Z][1289]\d{8}/g, validate: twNationalIdValid });

export const twRecognizers: readonly Recognizer[] = [nationalId];
