/** Recognisers of SPEC's "Finland" group. */
import { hetuValid } from "../checksums.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";
import { digitRunOf } from "../text-shape.ts";

/** Henkilötunnus: DDMMYY, century sign, individual number, mod-31 check character. */
const hetu = regexRecognizer({
  needsDigit: true,
  entity: "FI_PERSONAL_IDENTITY_CODE",
  priority: 85,
  gate: digitRunOf(6),
  pattern: /\b\d{6}[-+A-FU-Y]\d{3}[0-9A-Y]\b/g,
  validateValue: hetuValid,
});

export const fiRecognizers: readonly Recognizer[] = [hetu];
