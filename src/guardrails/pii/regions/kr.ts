/** Recognisers of SPEC's "South Korea" group. */
import { krRrnChecksumValid, krRrnDate } from "../checksums.ts";
import type { NumberSpec } from "../number-recognizer.ts";

/**
 * Resident registration number: YYMMDD-GNNNNNN. Numbers issued before October 2020 carry a
 * check digit; later ones do not, so a valid date and gender digit with the number's name
 * nearby is enough.
 */
const rrn: NumberSpec = { entity: "KR_RRN", priority: 85, shapes: ["13", "6-7"], separators: "-", validate: krRrnChecksumValid };

const rrnContext: NumberSpec = {
  entity: "KR_RRN",
  priority: 83,
  shapes: ["13", "6-7"],
  separators: "-",
  validate: krRrnDate,
  context: ["rrn", "resident registration", "resident registration number", "주민등록번호", "주민번호", "주민등록"],
};

export const krNumbers: readonly NumberSpec[] = [rrn, rrnContext];
