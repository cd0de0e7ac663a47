/** Recognisers of SPEC's "United States" group. */
import { consistentSeparators, contextRecognizer, regexRecognizer, type Recognizer } from "../recognizer.ts";

/** SSA rules: area not 000, 666 or 9xx; group not 00; serial not 0000; no advertising numbers. */
function ssnValid(d: string): boolean {
  const area = d.slice(0, 3);
  if (area === "000" || area === "666" || area[0] === "9") return false;
  if (d.slice(3, 5) === "00" || d.slice(5) === "0000") return false;
  return d !== "123456789" && d !== "078051120" && d !== "219099999";
}

const ssnFormatted = regexRecognizer({
  entity: "US_SSN",
  priority: 85,
  pattern: /\b\d{3}([- ])\d{2}\1\d{4}\b/g,
  boundary: "number",
  validate: ssnValid,
});

const ssnBare = regexRecognizer({
  entity: "US_SSN",
  priority: 70,
  pattern: /\b\d{9}\b/g,
  boundary: "number",
  validate: ssnValid,
  context: ["ssn", "ssns", "social security", "social security number", "ss#", "ssn#", "social sec"],
});

/** ITIN: 9xx, then a group of 50-65, 70-88, 90-92 or 94-99 (IRS). */
const itin = regexRecognizer({
  entity: "US_ITIN",
  priority: 88,
  pattern: /\b9\d{2}[- ]?(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])[- ]?\d{4}\b/g,
  boundary: "number",
  validate: (_c, v) => consistentSeparators(v) && (v.length === 9 || v.length === 11),
});

const bankNumber = contextRecognizer({
  entity: "US_BANK_NUMBER",
  priority: 45,
  cues: ["bank account", "checking account", "savings account", "account", "acct\\.?", "a/c", "account no\\.?", "routing and account"],
  value: String.raw`\d{8,17}`,
});

/** State formats differ (a letter and 4-14 digits, 7-13 digits, groups with dashes): context decides. */
const driverLicense = contextRecognizer({
  entity: "US_DRIVER_LICENSE",
  priority: 50,
  cues: ["driver'?s? licen[cs]e", "drivers licen[cs]e", "driving licen[cs]e", "driver licen[cs]e", "licen[cs]e", "dl", "dln", "driver'?s? permit"],
  value: String.raw`[A-Z]{0,2}\d{1,4}(?:[ -]?\d{2,9}){0,3}|[A-Z]\d{3,14}`,
  validate: (c) => c.replace(/[A-Z]/g, "").length >= 6 && c.length <= 16,
});

/** Passport book numbers: 9 digits, or a letter and 8 digits (next-generation books). */
const passport = contextRecognizer({
  entity: "US_PASSPORT",
  priority: 50,
  cues: ["passport", "passport book", "us passport", "u\\.s\\. passport"],
  value: String.raw`[A-Z]?\d{8,9}`,
  validate: (c) => /^(?:\d{9}|[A-Z]\d{8})$/.test(c),
});

export const usRecognizers: readonly Recognizer[] = [ssnFormatted, ssnBare, itin, bankNumber, driverLicense, passport];
