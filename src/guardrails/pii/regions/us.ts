/** Recognisers of SPEC's "United States" group. */
import { regexRecognizer, type Recognizer } from "../recognizer.ts";

/** SSA rules: area not 000, 666 or 9xx; group not 00; serial not 0000. */
function ssnValid(value: string): boolean {
  const d = value.replace(/\D/g, "");
  const area = d.slice(0, 3);
  const group = d.slice(3, 5);
  const serial = d.slice(5);
  if (area === "000" || area === "666" || area[0] === "9") return false;
  if (group === "00" || serial === "0000") return false;
  // Numbers from advertising and documentation that the SSA never issued.
  return d !== "123456789" && d !== "078051120" && d !== "219099999";
}

const SSN_CONTEXT = ["ssn", "social security", "social security number", "ss#", "ssn#", "sin"];

const ssnFormatted = regexRecognizer({
  entity: "US_SSN",
  priority: 85,
  pattern: /(?<![\w-])\d{3}([- ])\d{2}\1\d{4}(?![\w-])/g,
  validate: ssnValid,
});

const ssnBare = regexRecognizer({
  entity: "US_SSN",
  priority: 70,
  pattern: /(?<![\w-])\d{9}(?![\w-])/g,
  validate: ssnValid,
  context: SSN_CONTEXT,
});

export const usRecognizers: readonly Recognizer[] = [ssnFormatted, ssnBare];
