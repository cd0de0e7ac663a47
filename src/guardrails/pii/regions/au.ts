/**
 * Recognisers of SPEC's "Australia" group. The ABN's mod-89 check is strong enough on its own
 * when the number is written in its 2-3-3-3 groups; the 9-digit ACN and TFN and the Medicare
 * number have mod-10/11 checks that one random number in ten passes, so they need their name
 * nearby.
 */
import { abnValid, acnValid, medicareValid, tfnValid } from "../checksums.ts";
import { groupLengths, regexRecognizer, type Recognizer } from "../recognizer.ts";

const abnGrouped = regexRecognizer({
  entity: "AU_ABN",
  priority: 80,
  pattern: /\b\d{2} \d{3} \d{3} \d{3}\b/g,
  boundary: "number",
  validate: abnValid,
});

const abnContext = regexRecognizer({
  entity: "AU_ABN",
  priority: 78,
  pattern: /\b\d{11}\b/g,
  boundary: "number",
  validate: abnValid,
  context: ["abn", "australian business number", "business number"],
});

const acn = regexRecognizer({
  entity: "AU_ACN",
  priority: 75,
  pattern: /\b\d{3} ?\d{3} ?\d{3}\b/g,
  boundary: "number",
  validate: (c, v) => acnValid(c) && (v.length === 9 || groupLengths(v).join() === "3,3,3"),
  context: ["acn", "australian company number", "company number", "arbn"],
});

const tfn = regexRecognizer({
  entity: "AU_TFN",
  priority: 75,
  pattern: /\b\d{3} ?\d{3} ?\d{2,3}\b/g,
  boundary: "number",
  validate: tfnValid,
  context: ["tfn", "tax file number", "tax file no", "tax file"],
});

const medicare = regexRecognizer({
  entity: "AU_MEDICARE",
  priority: 75,
  pattern: /\b[2-6]\d{3} ?\d{5} ?\d{1,2}\b/g,
  boundary: "number",
  validate: medicareValid,
  context: ["medicare", "medicare card", "medicare number", "medicare no"],
});

export const auRecognizers: readonly Recognizer[] = [abnGrouped, abnContext, acn, tfn, medicare];
