/** Recognisers of SPEC's "Poland" group. */
import { peselValid } from "../checksums.ts";
import type { NumberSpec } from "../number-recognizer.ts";

/**
 * PESEL: 11 digits, weighted check digit and a real birth date. Without a context word only
 * births in 1900-2099 count (month field 01-12 or 21-32): the 1800s and 2100s encodings would
 * otherwise claim numbers like UK mobile numbers.
 */
const pesel: NumberSpec = {
  entity: "PL_PESEL",
  priority: 80,
  shapes: ["11"],
  validate: (d) => peselValid(d) && /^\d{2}(?:0[1-9]|1[0-2]|2[1-9]|3[0-2])/.test(d),
};

const peselContext: NumberSpec = { entity: "PL_PESEL", priority: 78, shapes: ["11"], validate: peselValid, context: ["pesel", "numer pesel", "nr pesel"] };

export const plNumbers: readonly NumberSpec[] = [pesel, peselContext];
