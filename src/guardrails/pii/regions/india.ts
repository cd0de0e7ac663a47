/** Recognisers of SPEC's "India" group. */
import { verhoeffValid } from "../checksums.ts";
import type { CueSpec } from "../cue-recognizer.ts";
import type { NumberSpec } from "../number-recognizer.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";
import { digitRunOf, upperWordOf } from "../text-shape.ts";

/** PAN: 5 letters (the 4th is the holder type), 4 digits, a letter. Specific enough alone. */
const pan = regexRecognizer({ needsDigit: true, entity: "IN_PAN", priority: 80, gate: upperWordOf(10), pattern: /\b[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]\b/g });

/** Aadhaar: 12 digits not starting with 0 or 1, Verhoeff check; bare 12 digits need the word. */
const aadhaarGrouped: NumberSpec = { entity: "IN_AADHAAR", priority: 85, shapes: ["4-4-4"], validate: (d) => d[0]! >= "2" && verhoeffValid(d) };

const aadhaarBare: NumberSpec = {
  entity: "IN_AADHAAR",
  priority: 83,
  shapes: ["12"],
  validate: (d) => d[0]! >= "2" && verhoeffValid(d),
  context: ["aadhaar", "aadhar", "adhaar", "uid", "uidai", "आधार"],
};

/** RTO state and union-territory codes. */
const STATES = "AN AP AR AS BR CH CG DD DL DN GA GJ HR HP JK JH KA KL LA LD MP MH MN ML MZ NL OD OR PB PY RJ SK TN TS TR UP UK UA WB".split(" ");

/** Vehicle registration: state code, district number, 1-3 series letters, 4-digit number; or the BH series. */
const vehicle = regexRecognizer({
  needsDigit: true,
  entity: "IN_VEHICLE_REGISTRATION",
  priority: 70,
  gate: digitRunOf(4),
  // The series letters are required: without them "APO AP 04336" (a US military postcode) matches.
  pattern: new RegExp(String.raw`\b(?:(?:${STATES.join("|")})[ -]?\d{1,2}[ -]?[A-Z]{1,3}[ -]?\d{4}|\d{2}[ -]?BH[ -]?\d{4}[ -]?[A-Z]{1,2})\b`, "g"),
  validate: (c) => /\d{4}$/.test(c) || /BH\d{4}[A-Z]{1,2}$/.test(c),
});

/** EPIC (voter ID): 3 letters and 7 digits; no check digit, so it needs its name. */
const voter: CueSpec = {
  entity: "IN_VOTER",
  priority: 50,
  cues: ["voter id", "voter", "epic", "election card", "electoral photo identity card", "voter card"],
  value: String.raw`[A-Z]{3}\d{7}`,
  validate: (c) => /^[A-Z]{3}\d{7}$/.test(c),
};

/** Passport: a letter (not Q, X, Z) and 7 digits, the first not 0; needs its name. */
const passport: CueSpec = {
  entity: "IN_PASSPORT",
  priority: 50,
  cues: ["passport", "पासपोर्ट"],
  value: String.raw`[A-PR-WY][1-9]\d{2} ?\d{4}`,
  validate: (c) => /^[A-PR-WY][1-9]\d{6}$/.test(c),
};

export const inRecognizers: readonly Recognizer[] = [pan, vehicle];

export const inNumbers: readonly NumberSpec[] = [aadhaarGrouped, aadhaarBare];

export const inCues: readonly CueSpec[] = [voter, passport];
