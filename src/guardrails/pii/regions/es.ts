/** Recognisers of SPEC's "Spain" group. */
import { dniValid, nieValid } from "../checksums.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";
import { digitRunOf } from "../text-shape.ts";

/** NIF of a person (DNI): 8 digits and the mod-23 control letter. */
const nif = regexRecognizer({ needsDigit: true, entity: "ES_NIF", priority: 80, gate: digitRunOf(8), pattern: /\b\d{8}-?[A-Z]\b/g, boundary: "number", validate: dniValid });

/** NIE: X, Y or Z, 7 digits and the control letter (X/Y/Z count as 0/1/2). */
const nie = regexRecognizer({ needsDigit: true, entity: "ES_NIE", priority: 80, gate: digitRunOf(7), pattern: /\b[XYZ]-?\d{7}-?[A-Z]\b/g, validate: nieValid });

export const esRecognizers: readonly Recognizer[] = [nif, nie];
