/** Recognisers of SPEC's "Global" group that have a format (NER types live in ../ner). */
import { isAsciiDigit } from "../../text/chars.ts";
import { hasContext } from "../../text/context.ts";
import { findUrls } from "../../text/urls.ts";
import { dateExists, deaValid, ibanValid, luhnValid } from "../checksums.ts";
import { base58CheckValid, bech32Valid } from "../crypto-addresses.ts";
import type { NumberSpec } from "../number-recognizer.ts";
import { boundaryOk, regexRecognizer, type Recognizer } from "../recognizer.ts";
import { digitWordOf, flagged, ShapeFlag, upperWordOf } from "../text-shape.ts";
import { emailRecognizer } from "./email.ts";

/** Issuer prefixes and lengths of the card networks, checked after Luhn. */
export function cardIssuerValid(d: string): boolean {
  const n = d.length;
  const p2 = Number(d.slice(0, 2));
  const p3 = Number(d.slice(0, 3));
  const p4 = Number(d.slice(0, 4));
  const p6 = Number(d.slice(0, 6));
  if (d[0] === "4") return n === 13 || n === 16 || n === 19; // Visa
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16; // Mastercard
  if (p2 === 34 || p2 === 37) return n === 15; // American Express
  if (p4 === 6011 || p2 === 65 || (p3 >= 644 && p3 <= 649) || (p6 >= 622126 && p6 <= 622925)) return n >= 16 && n <= 19; // Discover
  if (p2 === 36 || p2 === 38 || p2 === 39 || (p3 >= 300 && p3 <= 305) || p3 === 309) return n >= 14 && n <= 19; // Diners Club
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 && n <= 19; // JCB
  if (p4 === 2131 || p4 === 1800) return n === 15; // JCB, older 15-digit ranges
  if (p2 === 62 || p2 === 81) return n >= 16 && n <= 19; // UnionPay
  if (p4 >= 2200 && p4 <= 2204) return n >= 16 && n <= 19; // Mir
  if (p2 === 50 || (p2 >= 56 && p2 <= 69)) return n >= 12 && n <= 19; // Maestro, Laser
  return false;
}

/** Card numbers are written whole or in the issuer's groups: 4-4-4-4(-3), 4-6-5 (Amex), 4-6-4 (Diners). */
const CARD_SHAPES = [
  ...["12", "13", "14", "15", "16", "17", "18", "19"],
  ...["4-4-4-1", "4-4-4-2", "4-4-4-3", "4-4-4-4", "4-4-4-4-1", "4-4-4-4-2", "4-4-4-4-3"],
  ...["4-6-5", "4-6-4"],
];

const creditCard: NumberSpec = {
  entity: "CREDIT_CARD",
  priority: 90,
  shapes: CARD_SHAPES,
  validate: (d) => luhnValid(d) && cardIssuerValid(d),
};

/** A Luhn-valid number the text calls a card counts even when its prefix matches no known network. */
const creditCardNamed: NumberSpec = {
  entity: "CREDIT_CARD",
  priority: 88,
  shapes: CARD_SHAPES,
  validate: luhnValid,
  context: ["card", "credit card", "debit card", "card number", "card no", "cc", "visa", "mastercard", "amex", "jcb", "maestro", "discover"],
};

const crypto: Recognizer[] = [
  regexRecognizer({ needsDigit: true, entity: "CRYPTO", priority: 80, gate: digitWordOf(26), pattern: /\b[13][1-9A-HJ-NP-Za-km-z]{25,34}\b/g, validateValue: base58CheckValid }),
  regexRecognizer({ needsDigit: true, entity: "CRYPTO", priority: 80, gate: digitWordOf(11), pattern: /\b(?:bc1|BC1)[02-9ac-hj-np-zAC-HJ-NP-Z]{8,87}\b/g, validateValue: bech32Valid }),
  // Ethereum: 0x and 40 hex digits. (The mixed-case EIP-55 checksum needs Keccak-256: not checked.)
  regexRecognizer({ needsDigit: true, entity: "CRYPTO", priority: 80, gate: digitWordOf(42), pattern: /\b0x[0-9a-fA-F]{40}\b/g }),
];

/** ISO 13616 registry: IBAN length per country. */
export const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24,
  DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27,
  GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25,
  SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

const iban = regexRecognizer({
  needsDigit: true,
  entity: "IBAN_CODE",
  priority: 90,
  gate: flagged(ShapeFlag.CAPITALS_THEN_DIGIT),
  // Written whole or in groups of four split by single spaces or dashes.
  pattern: /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30}\b/g,
  validateValue: (value) => {
    const c = ibanAsWritten(value);
    return c !== null && IBAN_LENGTHS[c.slice(0, 2)] === c.length && ibanValid(c);
  },
});

/**
 * The IBAN without separators when it is written whole, or in groups of four (the last may be
 * shorter) split by one kind of separator; null otherwise. One loop: the split-and-compare
 * version cost a microsecond per candidate.
 */
function ibanAsWritten(value: string): string | null {
  let sep = 0;
  let groupLength = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 32 || c === 45) {
      if ((sep !== 0 && c !== sep) || groupLength !== 4) return null;
      sep = c;
      groupLength = 0;
    } else groupLength++;
  }
  return sep === 0 ? value : value.replaceAll(String.fromCharCode(sep), "");
}

function ipv4Valid(value: string): boolean {
  const parts = value.split(".");
  return parts.length === 4 && parts.every((p) => (p === "0" || !p.startsWith("0")) && Number(p) <= 255);
}

const ipv4Pattern = regexRecognizer({
  needsDigit: true,
  entity: "IP_ADDRESS",
  priority: 85,
  gate: flagged(ShapeFlag.DOTTED_DIGITS),
  pattern: /\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g,
  boundary: "number",
  validateValue: ipv4Valid,
});

/** Words right before a dotted quad that make it a version number ("version 4.18.2.0"). */
const VERSION_WORDS = ["version", "ver", "release", "build", "firmware"];

const ipv4: Recognizer = {
  ...ipv4Pattern,
  find(ctx, emit) {
    ipv4Pattern.find(ctx, (start, end, entity, tier, priority) => {
      if (!hasContext(ctx.text, start, VERSION_WORDS, 16)) emit(start, end, entity, tier, priority);
    });
  },
};

/** RFC 4291 text forms: eight groups, or fewer with one `::`, optionally ending in an IPv4 address. */
export function ipv6Valid(value: string): boolean {
  let text = value;
  let groupsNeeded = 8;
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".", lastColon)) {
    if (!ipv4Valid(text.slice(lastColon + 1))) return false;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groupsOf = (h: string) => (h === "" ? [] : h.split(":"));
  const groups = [...groupsOf(halves[0]!), ...(halves.length === 2 ? groupsOf(halves[1]!) : [])];
  if (!groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  if (halves.length === 1) return groups.length === groupsNeeded;
  // `::` stands for at least one zero group; a bare "::" or a time like "10::30" is not an address.
  return groups.length <= groupsNeeded - 1 && groups.length >= 2;
}

function isHexOrColon(c: number): boolean {
  return (c >= 48 && c <= 58) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/**
 * IPv6, found from its colons: a pattern that starts with a hex digit is tried at every "a" to
 * "f" of English text (it was the costliest single pattern in profiles). Each candidate is
 * grown outward over hex digits, colons and dots (bounded), once.
 */
const ipv6: Recognizer = {
  entity: "IP_ADDRESS",
  tier: 3,
  priority: 85,
  find(ctx, emit) {
    const text = ctx.text;
    let floor = 0;
    for (let colon = text.indexOf(":"); colon !== -1; colon = text.indexOf(":", colon + 1)) {
      if (colon < floor) continue;
      const before = colon > 0 ? text.charCodeAt(colon - 1) : 32;
      const after = colon + 1 < text.length ? text.charCodeAt(colon + 1) : 32;
      if (!isHexOrColon(after) || (!isHexOrColon(before) && after !== 58)) continue;
      let start = colon;
      while (start > floor && colon - start < 39 && (isHexOrColon(text.charCodeAt(start - 1)) || text.charCodeAt(start - 1) === 46)) start--;
      let end = colon + 1;
      while (end < text.length && end - start < 45 && (isHexOrColon(text.charCodeAt(end)) || text.charCodeAt(end) === 46)) end++;
      floor = end;
      while (end > start && text.charCodeAt(end - 1) === 46) end--; // sentence dot
      const value = text.slice(start, end);
      if (!boundaryOk(text, start, end, "alnum") || !ipv6Valid(value) || !/[a-fA-F]|::|(?:[0-9a-fA-F]{1,4}:){7}/.test(value)) continue;
      emit(start, end);
    }
  },
};

/**
 * Phone numbers in the forms people write: an optional `+country` code, an optional `(0)`, an
 * optional `(area)`, then 1 to 6 digit groups joined by single spaces, dashes or dots, and an
 * optional extension. 7 to 15 digits in all (ITU E.164). Without `+` or `(area)` at least two
 * groups are needed (the pattern says so, so a lone number is never even a candidate; bare
 * digit runs are phone numbers only next to a phone word, see phoneBare). Shapes that are
 * dates, IPv4 addresses, decimal numbers or year ranges are refused; those formats have their
 * own recognisers.
 */
const PHONE = /(?:\+\d{1,3}[ .-]?(?:\(0\)[ .-]?)?(?:\(\d{1,5}\)[ .-]?)?\d{1,8}(?:[ .-]\d{1,8}){0,5}|(?:\(0\)[ .-]?)?\(\d{1,5}\)[ .-]?\d{1,8}(?:[ .-]\d{1,8}){0,5}|\b\d{1,8}(?:[ .-]\d{1,8}){1,5})(?: ?(?:x|ext\.?|extension) ?\d{1,6})?/g;

const EXTENSION = / ?(?:x|ext\.?|extension) ?\d{1,6}$/;

/**
 * Plain loops, not `replace` and `split`: this runs on every digit-group candidate in a text,
 * and the regular-expression version cost more than finding the candidates.
 */
function phoneValid(value: string): boolean {
  // Every extension word has an "x".
  const main = value.indexOf("x") < 0 ? value : value.replace(EXTENSION, "");
  const digits = digitCount(main);
  if (digits < 7 || digits > 15) return false;
  if (main.charCodeAt(0) === 43) return true; // "+country": the other shapes below are never signed
  const groups = digitGroups(main);
  if (groups.length < 2 && !main.includes("(")) return false; // bare digit runs: see phoneBare
  return !looksLikeOtherNumber(main, groups);
}

/** The runs of digits of a value, in order. */
function digitGroups(value: string): string[] {
  const groups: string[] = [];
  let start = -1;
  for (let i = 0; i <= value.length; i++) {
    const digit = i < value.length && isAsciiDigit(value.charCodeAt(i));
    if (digit && start < 0) start = i;
    else if (!digit && start >= 0) {
      groups.push(value.slice(start, i));
      start = -1;
    }
  }
  return groups;
}

function digitCount(value: string): number {
  let n = 0;
  for (let i = 0; i < value.length; i++) if (isAsciiDigit(value.charCodeAt(i))) n++;
  return n;
}

function looksLikeOtherNumber(value: string, groups: readonly string[]): boolean {
  const sep = firstSeparator(value);
  const count = groups.length;
  const len = (k: number) => groups[k]!.length;
  // SSN and ITIN shape.
  if (count === 3 && len(0) === 3 && len(1) === 2 && len(2) === 4) return true;
  // Postal codes: 1234-567 (Portugal), 12345-678 (Brazil).
  if (sep === 45 && count === 2 && (len(0) === 4 || len(0) === 5) && len(1) === 3) return true;
  // Partial IPv4 addresses and other short dotted numbers.
  if (sep === 46 && count <= 4 && groups.every((g) => g.length <= 3)) return true;
  // A decimal number or a version (22631.3447); a trunk prefix (030.1234567) is a phone's.
  if (sep === 46 && count === 2 && groups[0]!.charCodeAt(0) !== 48) return true;
  // A version: a single digit after the first group (120.0.6099.109; 1.800.555.1234 stays).
  if (sep === 46 && groups.some((g, k) => k > 0 && g.length === 1)) return true;
  // A range: two groups of one length, the second larger (1000-2000, ports 49152-65535).
  if (sep === 45 && count === 2 && len(0) === len(1) && Number(groups[0]) < Number(groups[1])) return true;
  // A compact date and a serial: 20231115-0042.
  if (count === 2 && len(0) === 8 && compactDate(groups[0]!)) return true;
  const year = (k: number) => len(k) === 4 && Number(groups[k]) >= 1900 && Number(groups[k]) <= 2099;
  // Date shapes, valid or not: 2019-04-07, 07.04.2019, 4-7-2019.
  if (count === 3) {
    const [a, b, c] = groups.map(Number) as [number, number, number];
    if (year(0) && b <= 12 && c <= 31) return true;
    if (year(2) && a <= 31 && b <= 31) return true;
  }
  // Year ranges: 1990-2005.
  if (count === 2 && year(0) && year(1)) return true;
  // ISBN-13 and ISBN-10 in groups: 978-3-16-148410-0, 0-306-40615-2.
  if (isbn13(groups) || isbn10(value, groups)) return true;
  // Thousands: 1.234.567 or 1,234,567 written with dots.
  if (sep === 46 && count >= 2 && len(0) <= 3 && groups.every((g, k) => k === 0 || g.length === 3)) return true;
  return false;
}

/** 13 digits starting 978 or 979 whose ISBN-13 check digit (weights 1, 3, 1, 3, ...) holds. */
function isbn13(groups: readonly string[]): boolean {
  const digits = groups.join("");
  if (digits.length !== 13 || !(digits.startsWith("978") || digits.startsWith("979"))) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += (digits.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/** 10 characters in four hyphenated groups, the last a digit or X, whose ISBN-10 check holds (weights 10 to 1). */
function isbn10(value: string, groups: readonly string[]): boolean {
  const digits = groups.join("");
  const checkX = value.endsWith("X") || value.endsWith("x");
  if (groups.length < 3 || digits.length !== (checkX ? 9 : 10) || firstSeparator(value) !== 45) return false;
  let sum = checkX ? 10 : 0;
  for (let i = 0; i < digits.length; i++) sum += (digits.charCodeAt(i) - 48) * (10 - i);
  return sum % 11 === 0;
}

/** YYYYMMDD of a day that exists, 1900-2099. */
function compactDate(d: string): boolean {
  const year = Number(d.slice(0, 4));
  return year >= 1900 && year <= 2099 && dateExists(year, Number(d.slice(4, 6)), Number(d.slice(6, 8)));
}

/** The first `.`, `-`, `/` or space of a value, as a character code; 0 when there is none. */
function firstSeparator(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 46 || c === 45 || c === 47 || c === 32) return c;
  }
  return 0;
}

// `name-end`: a number joined to a word before it by a hyphen is an identifier (INV-2024-00123).
const phoneCandidates = regexRecognizer({ needsDigit: true, entity: "PHONE_NUMBER", tier: 1, priority: 40, pattern: PHONE, boundary: "name-end", validateValue: phoneValid });

/**
 * Two unsigned digit groups followed by a capitalised word, or after Suite/Apt/Unit/Box, are a
 * house and street number ("17151 2450 Crown St"), not a phone number.
 */
const ADDRESS_AFTER = /^[ \t]+\p{Lu}[\p{L}'-]+/u;
const ADDRESS_BEFORE = /\b(?:suite|apt|apartment|unit|box|no|flat|room|floor|building)\.?\s*$/i;
/**
 * A US ZIP+4 code (94105-1234). Five digits, a dash and four is also how some German numbers are
 * written (04561-1234), always with a leading 0 there: such a shape is a ZIP code when it starts
 * with another digit, or after a state code or a ZIP word.
 */
const ZIP4 = /^\d{5}-\d{4}$/;
const ZIP_BEFORE = /(?:\b[A-Z]{2}|\bzip(?:\s*code)?|\bpostal\s*code|\bpostcode)[\s:,]*$/i;
/**
 * A number named as something else right before it ("Meeting ID 845 2231 9987", "order #
 * 555-123-4567"): an identifier, not a phone number.
 */
const KEYED_BEFORE = /\b(?:id|order|invoice|ticket|case|tracking|reference|ref|serial|confirmation|booking|transaction|passcode|pin|sku|isbn)(?:\s*(?:no\.?|number|num|#))?\s*[:#]?\s*$/i;
const phone: Recognizer = {
  ...phoneCandidates,
  find(ctx, emit) {
    const text = ctx.text;
    phoneCandidates.find(ctx, (start, end) => {
      const value = text.slice(start, end);
      if (value.charCodeAt(0) !== 43) {
        const before = text.slice(Math.max(0, start - 32), start);
        if (KEYED_BEFORE.test(before)) return;
        if (ZIP4.test(value) && (value.charCodeAt(0) !== 48 || ZIP_BEFORE.test(before))) return;
        const twoGroups = value.charCodeAt(0) !== 40 && /^\d+[ .-]\d+$/.test(value);
        if (twoGroups && (ADDRESS_AFTER.test(text.slice(end, end + 40)) || ADDRESS_BEFORE.test(before.slice(-16)))) return;
      }
      emit(start, end);
    });
  },
};

/**
 * German and Austrian numbers written with a slash after the area code, a form still common
 * there: 030/12345678, 0221/1234567, 01512/3456789, 0664/1234567, 01/5123456, +49 30/1234567,
 * +43 664/1234567. The area code starts with the trunk 0, or follows +49 or +43 (with or without
 * `(0)`); the subscriber number after the slash has 5 to 10 digits, maybe in groups (0221/123 45
 * 67); 7 to 15 digits in all. A date (01/2024, 06/12/2024: the boundary refuses a slash and a
 * digit after the value) has too few digits after the slash; a number named as something else
 * right before it ("order", "Az.": "Az. 0123/45678" is a file reference) is not a phone number.
 */
const PHONE_SLASH = /(?:\+4[39] ?(?:\(0\) ?)?[1-9]\d{0,4}|\b0[1-9]\d{0,4})\/\d{2,10}(?:[ -]\d{2,8}){0,3}/g;
const phoneSlashCandidates = regexRecognizer({
  needsDigit: true,
  entity: "PHONE_NUMBER",
  tier: 1,
  priority: 40,
  pattern: PHONE_SLASH,
  boundary: "number",
  validateValue: (value) => {
    const subscriber = digitCount(value.slice(value.indexOf("/") + 1));
    const all = digitCount(value);
    return subscriber >= 5 && all >= 7 && all <= 15;
  },
});
/** German names of references written the same way ("Az. 0123/45678", "Kundennr. 0815/12345"). */
const KEYED_BEFORE_DE = /(?:^|[^\p{L}])(?:az|aktenzeichen|gz|geschäftszeichen|zeichen|rechnung|rechnungsnummer|rechnungsnr|kundennummer|kundennr|bestellnummer|bestellnr|auftrag|auftragsnummer|auftragsnr|vorgang|vorgangsnummer|steuernummer|st-?nr|nr)\.?\s*[:#]?\s*$/iu;
const phoneSlash: Recognizer = {
  ...phoneSlashCandidates,
  find(ctx, emit) {
    const text = ctx.text;
    if (text.indexOf("/") < 0) return;
    phoneSlashCandidates.find(ctx, (start, end) => {
      const before = text.slice(Math.max(0, start - 32), start);
      if (KEYED_BEFORE.test(before) || KEYED_BEFORE_DE.test(before)) return;
      emit(start, end);
    });
  },
};

const PHONE_CONTEXT = ["phone", "tel", "telephone", "mobile", "cell", "cellphone", "call", "fax", "whatsapp", "sms", "text me", "reach me", "contact", "landline"];

/** Bare digit runs are phone numbers only next to a word that says so ("3660170548-Fax" too). */
const phoneBare: NumberSpec = {
  entity: "PHONE_NUMBER",
  tier: 1,
  priority: 35,
  shapes: ["7", "8", "9", "10", "11", "12", "13", "14", "15"],
  context: PHONE_CONTEXT,
};

/** DEA registration numbers, the US medical licence with a check digit. */
const medicalLicense = regexRecognizer({ needsDigit: true, entity: "MEDICAL_LICENSE", priority: 70, gate: upperWordOf(9), pattern: /\b[A-Z][A-Z9]\d{7}\b/g, validate: deaValid });

const url: Recognizer = {
  entity: "URL",
  tier: 3,
  priority: 60,
  find(ctx, emit) {
    for (const u of findUrls(ctx.text)) emit(u.start, u.end);
  },
};

export const globalRecognizers: readonly Recognizer[] = [emailRecognizer, ...crypto, iban, ipv4, ipv6, phone, phoneSlash, medicalLicense, url];

export const globalNumbers: readonly NumberSpec[] = [creditCard, creditCardNamed, phoneBare];
