/** Recognisers of SPEC's "Italy" group. */
import { italianFiscalCodeValid, italianVatValid } from "../checksums.ts";
import type { CueSpec } from "../cue-recognizer.ts";
import type { NumberSpec } from "../number-recognizer.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";
import { digitRunOf, upperWordOf } from "../text-shape.ts";

/** Codice fiscale: 16 characters with the odd/even-table check letter (omocodia accepted). */
const fiscalCode = regexRecognizer({
  entity: "IT_FISCAL_CODE",
  priority: 85,
  gate: upperWordOf(16),
  pattern: /\b[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]\b/g,
  validate: italianFiscalCodeValid,
});

/** Partita IVA: 11 digits with a Luhn check; needs the IT prefix or a VAT word (11 digits are common). */
const vatPrefixed = regexRecognizer({
  needsDigit: true,
  entity: "IT_VAT_CODE",
  priority: 75,
  gate: digitRunOf(11),
  pattern: /\bIT ?\d{11}\b/g,
  validate: (c) => italianVatValid(c.slice(2)),
});
const vatContext: NumberSpec = {
  entity: "IT_VAT_CODE",
  priority: 70,
  shapes: ["11"],
  validate: italianVatValid,
  context: ["partita iva", "p.iva", "p. iva", "piva", "p.i.", "iva", "vat", "vat number", "vat code", "codice iva"],
};

const driverLicense: CueSpec = {
  entity: "IT_DRIVER_LICENSE",
  priority: 50,
  cues: ["patente", "patente di guida", "driving license", "driving licence", "driver's license", "driver license", "licenza di guida"],
  value: String.raw`[A-Z]{2}\d{7}[A-Z]|U1[A-Z0-9]{7}[A-Z]`,
  validate: (c) => /^(?:[A-Z]{2}\d{7}[A-Z]|U1[A-Z0-9]{7}[A-Z])$/.test(c),
};

const passport: CueSpec = {
  entity: "IT_PASSPORT",
  priority: 50,
  cues: ["passaporto", "passport"],
  value: String.raw`[A-Z]{2}\d{7}`,
  validate: (c) => /^[A-Z]{2}\d{7}$/.test(c),
};

/** Carta d'identità: paper (AA1234567) or electronic CIE (CA00000AA). */
const identityCard: CueSpec = {
  entity: "IT_IDENTITY_CARD",
  priority: 50,
  cues: ["carta d'identità", "carta d’identità", "carta d'identita", "carta di identità", "carta di identita", "identity card", "id card", "cie", "documento d'identità", "documento d’identità", "c.i."],
  value: String.raw`[A-Z]{2} ?\d{7}|[A-Z]{2}\d{5}[A-Z]{2}`,
  validate: (c) => /^(?:[A-Z]{2}\d{7}|[A-Z]{2}\d{5}[A-Z]{2})$/.test(c),
};

export const itRecognizers: readonly Recognizer[] = [fiscalCode, vatPrefixed];

export const itNumbers: readonly NumberSpec[] = [vatContext];

export const itCues: readonly CueSpec[] = [driverLicense, passport, identityCard];
