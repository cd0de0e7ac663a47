/**
 * Recognisers of SPEC's "Australia" group. The ABN's mod-89 check is strong enough on its own
 * when the number is written in its 2-3-3-3 groups; the 9-digit ACN and TFN and the Medicare
 * number have mod-10/11 checks that one random number in ten passes, so they need their name
 * nearby.
 */
import { abnValid, acnValid, medicareValid, tfnValid } from "../checksums.ts";
import type { NumberSpec } from "../number-recognizer.ts";

const abnGrouped: NumberSpec = { entity: "AU_ABN", priority: 80, shapes: ["2-3-3-3"], separators: " ", validate: abnValid };

const abnContext: NumberSpec = { entity: "AU_ABN", priority: 78, shapes: ["11"], validate: abnValid, context: ["abn", "australian business number", "business number"] };

const acn: NumberSpec = {
  entity: "AU_ACN",
  priority: 75,
  shapes: ["9", "3-3-3"],
  validate: acnValid,
  context: ["acn", "australian company number", "company number", "arbn"],
};

const tfn: NumberSpec = {
  entity: "AU_TFN",
  priority: 75,
  shapes: ["8", "9", "3-3-2", "3-3-3"],
  validate: tfnValid,
  context: ["tfn", "tax file number", "tax file no", "tax file"],
};

const medicare: NumberSpec = {
  entity: "AU_MEDICARE",
  priority: 75,
  shapes: ["10", "11", "4-5-1", "4-5-2"],
  validate: medicareValid,
  context: ["medicare", "medicare card", "medicare number", "medicare no"],
};

export const auNumbers: readonly NumberSpec[] = [abnGrouped, abnContext, acn, tfn, medicare];
