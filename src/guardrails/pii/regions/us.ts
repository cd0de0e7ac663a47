/** Recognisers of SPEC's "United States" group. */
import type { CueSpec } from "../cue-recognizer.ts";
import type { NumberSpec } from "../number-recognizer.ts";

/** SSA rules: area not 000, 666 or 9xx; group not 00; serial not 0000; no advertising numbers. */
export function ssnValid(d: string): boolean {
  const area = d.slice(0, 3);
  if (area === "000" || area === "666" || area[0] === "9") return false;
  if (d.slice(3, 5) === "00" || d.slice(5) === "0000") return false;
  return d !== "123456789" && d !== "078051120" && d !== "219099999";
}

const ssn: NumberSpec = { entity: "US_SSN", priority: 85, shapes: ["3-2-4"], validate: ssnValid };

const ssnBare: NumberSpec = {
  entity: "US_SSN",
  priority: 70,
  shapes: ["9"],
  validate: ssnValid,
  context: ["ssn", "ssns", "social security", "social security number", "ss#", "ssn#", "social sec"],
};

/** ITIN: 9xx, then a group of 50-65, 70-88, 90-92 or 94-99 (IRS). */
const itin: NumberSpec = {
  entity: "US_ITIN",
  priority: 88,
  shapes: ["9", "3-2-4"],
  validate: (d) => /^9\d{2}(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])\d{4}$/.test(d),
};

const bankNumber: CueSpec = {
  entity: "US_BANK_NUMBER",
  priority: 45,
  cues: ["bank account", "checking account", "savings account", "account", "acct", "a/c", "routing and account"],
  value: String.raw`\d{8,17}`,
};

/** State formats differ (a letter and 4-14 digits, 7-13 digits, groups with dashes): context decides. */
const driverLicense: CueSpec = {
  entity: "US_DRIVER_LICENSE",
  priority: 50,
  cues: ["driver's license", "drivers license", "driver license", "driving license", "driver's licence", "drivers licence", "driver licence", "driving licence", "license", "licence", "dl", "dln", "driver's permit", "drivers permit"],
  value: String.raw`[A-Z]{0,2}\d{1,4}(?:[ -]?\d{2,9}){0,3}|[A-Z]\d{3,14}`,
  validate: (c) => c.replace(/[A-Z]/g, "").length >= 6 && c.length <= 16,
};

/** Passport book numbers: 9 digits, or a letter and 8 digits (next-generation books). */
const passport: CueSpec = {
  entity: "US_PASSPORT",
  priority: 50,
  cues: ["passport"],
  value: String.raw`[A-Z]?\d{8,9}`,
  validate: (c) => /^(?:\d{9}|[A-Z]\d{8})$/.test(c),
};

export const usNumbers: readonly NumberSpec[] = [ssn, ssnBare, itin];

export const usCues: readonly CueSpec[] = [bankNumber, driverLicense, passport];
