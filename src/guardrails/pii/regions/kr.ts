/** Recognisers of SPEC's "South Korea" group. */
import { krRrnChecksumValid, krRrnDate } from "../checksums.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";

/**
 * Resident registration number: YYMMDD-GNNNNNN. Numbers issued before October 2020 carry a
 * check digit; later ones do not, so a valid date and gender digit with the number's name
 * nearby is enough.
 */
const rrn = regexRecognizer({
  entity: "KR_RRN",
  priority: 85,
  pattern: /\b\d{6}-?[1-8]\d{6}\b/g,
  boundary: "number",
  validate: krRrnChecksumValid,
});

const rrnContext = regexRecognizer({
  entity: "KR_RRN",
  priority: 83,
  pattern: /\d{6}-?[1-8]\d{6}\b/g,
  boundary: "number",
  validate: krRrnDate,
  context: ["rrn", "resident registration", "resident registration number", "주민등록번호", "주민번호", "주민등록"],
});

export const krRecognizers: readonly Recognizer[] = [rrn, rrnContext];
