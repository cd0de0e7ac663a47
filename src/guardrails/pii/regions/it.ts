/** Recognisers of SPEC's "Italy" group. */
import { italianFiscalCodeValid, italianVatValid } from "../checksums.ts";
import { contextRecognizer, regexRecognizer, type Recognizer } from "../recognizer.ts";

/** Codice fiscale: 16 characters with the odd/even-table check letter (omocodia accepted). */
const fiscalCode = regexRecognizer({
  entity: "IT_FISCAL_CODE",
  priority: 85,
  pattern: /\b[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]\b/g,
  validate: italianFiscalCodeValid,
});

/** Partita IVA: 11 digits with a Luhn check; needs the IT prefix or a VAT word (11 digits are common). */
const vatPrefixed = regexRecognizer({
  entity: "IT_VAT_CODE",
  priority: 75,
  pattern: /\bIT ?\d{11}\b/g,
  validate: (c) => italianVatValid(c.slice(2)),
});
const vatContext = regexRecognizer({
  entity: "IT_VAT_CODE",
  priority: 70,
  pattern: /\b\d{11}\b/g,
  boundary: "number",
  validate: italianVatValid,
  context: ["partita iva", "p.iva", "p. iva", "piva", "p.i.", "iva", "vat", "vat number", "vat code", "codice iva"],
});

const driverLicense = contextRecognizer({
  entity: "IT_DRIVER_LICENSE",
  priority: 50,
  cues: ["patente(?: di guida)?", "numero patente", "driving licen[cs]e", "driver'?s? licen[cs]e", "licenza di guida"],
  value: String.raw`[A-Z]{2}\d{7}[A-Z]|U1[A-Z0-9]{7}[A-Z]`,
  validate: (c) => /^(?:[A-Z]{2}\d{7}[A-Z]|U1[A-Z0-9]{7}[A-Z])$/.test(c),
});

const passport = contextRecognizer({
  entity: "IT_PASSPORT",
  priority: 50,
  cues: ["passaporto", "passport", "numero di passaporto"],
  value: String.raw`[A-Z]{2}\d{7}`,
  validate: (c) => /^[A-Z]{2}\d{7}$/.test(c),
});

/** Carta d'identità: paper (AA1234567) or electronic CIE (CA00000AA). */
const identityCard = contextRecognizer({
  entity: "IT_IDENTITY_CARD",
  priority: 50,
  cues: ["carta d['’]identit[aà]", "carta di identit[aà]", "identity card", "id card", "cie", "documento d['’]identit[aà]", "c\\.i\\."],
  value: String.raw`[A-Z]{2} ?\d{7}|[A-Z]{2}\d{5}[A-Z]{2}`,
  validate: (c) => /^(?:[A-Z]{2}\d{7}|[A-Z]{2}\d{5}[A-Z]{2})$/.test(c),
});

export const itRecognizers: readonly Recognizer[] = [fiscalCode, vatPrefixed, vatContext, driverLicense, passport, identityCard];
