/** Recognisers of SPEC's "Global" group. */
import { luhnValid } from "../checksums.ts";
import { digitsOf, regexRecognizer, type Recognizer } from "../recognizer.ts";
import { emailRecognizer } from "./email.ts";

/** Issuer prefixes and lengths of the card networks, checked after Luhn. */
function cardIssuerValid(digits: string): boolean {
  const n = digits.length;
  const p2 = Number(digits.slice(0, 2));
  const p3 = Number(digits.slice(0, 3));
  const p4 = Number(digits.slice(0, 4));
  const p6 = Number(digits.slice(0, 6));
  if (digits[0] === "4") return n === 13 || n === 16 || n === 19; // Visa
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16; // Mastercard
  if (p2 === 34 || p2 === 37) return n === 15; // American Express
  if (p4 === 6011 || p2 === 65 || (p3 >= 644 && p3 <= 649) || (p6 >= 622126 && p6 <= 622925)) return n >= 16 && n <= 19; // Discover
  if (p2 === 36 || p2 === 38 || p2 === 39 || (p3 >= 300 && p3 <= 305) || p3 === 309) return n >= 14 && n <= 19; // Diners
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 && n <= 19; // JCB
  if (p2 === 62 || p2 === 81) return n >= 16 && n <= 19; // UnionPay
  if (p2 === 50 || (p2 >= 56 && p2 <= 69) || p2 === 60) return n >= 12 && n <= 19; // Maestro
  if (p4 === 2200 || p4 === 2201 || p4 === 2202 || p4 === 2203 || p4 === 2204) return n === 16; // Mir
  return false;
}

const creditCard = regexRecognizer({
  entity: "CREDIT_CARD",
  priority: 90,
  // 12-19 digits, optionally in groups split by single spaces or dashes.
  pattern: /(?<![\w.-])\d(?:[ -]?\d){11,18}(?![\w-]|\.\d)/g,
  validate: (value) => {
    const digits = digitsOf(value);
    return luhnValid(digits) && cardIssuerValid(digits) && consistentSeparators(value);
  },
});

/** `4111 1111-1111 1111` mixes separators; real cards are written with one kind or none. */
function consistentSeparators(value: string): boolean {
  return !(value.includes(" ") && value.includes("-"));
}

const PHONE_CONTEXT = ["phone", "tel", "telephone", "mobile", "cell", "call", "fax", "contact", "number", "whatsapp", "sms", "text"];

const phoneNanp = regexRecognizer({
  entity: "PHONE_NUMBER",
  priority: 50,
  // North American numbers with the usual separators: (555) 123-4567, 555-123-4567, +1 555.123.4567.
  pattern: /(?<![\w+.-])(?:\+?1[ .-]?)?(?:\(\d{3}\) ?|\d{3}[ .-])\d{3}[ .-]\d{4}(?![\w-]|\.\d)/g,
});

const phoneInternational = regexRecognizer({
  entity: "PHONE_NUMBER",
  priority: 50,
  // A `+` country code and 6 to 14 more digits in groups: +44 20 7946 0958, +49-30-1234567.
  pattern: /(?<![\w+])\+\d{1,3}(?:[ .-]?\(\d{1,4}\))?(?:[ .-]?\d{1,5}){2,6}(?![\w-]|\.\d)/g,
  validate: (value) => {
    const n = digitsOf(value).length;
    return n >= 8 && n <= 15;
  },
});

const phoneBare = regexRecognizer({
  entity: "PHONE_NUMBER",
  priority: 40,
  // Ten or eleven bare digits count only when the text says it is a phone number.
  pattern: /(?<![\w+.-])1?\d{10}(?![\w-]|\.\d)/g,
  context: PHONE_CONTEXT,
});

export const globalRecognizers: readonly Recognizer[] = [emailRecognizer, creditCard, phoneNanp, phoneInternational, phoneBare];
