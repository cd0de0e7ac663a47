/**
 * Check-digit algorithms of the identifier formats, each as its issuer publishes it. Inputs are
 * the identifier's characters without separators. Every function returns false (never throws)
 * on input of the wrong shape.
 */

function digitAt(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

function allDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const d = digitAt(s, i);
    if (d < 0 || d > 9) return false;
  }
  return s.length > 0;
}

/** Luhn (ISO/IEC 7812-1): payment cards; also the Italian VAT and Canadian SIN. */
export function luhnValid(digits: string): boolean {
  if (!allDigits(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digitAt(digits, i);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Weighted digit sum. */
function weighted(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digitAt(digits, i) * weights[i]!;
  return sum;
}

/** IBAN (ISO 13616): move the first four characters to the end, letters to 10..35, mod 97 = 1. */
export function ibanValid(iban: string): boolean {
  if (iban.length < 15 || iban.length > 34) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const c = rearranged.charCodeAt(i);
    if (c >= 48 && c <= 57) rem = (rem * 10 + (c - 48)) % 97;
    else if (c >= 65 && c <= 90) rem = (rem * 100 + (c - 55)) % 97;
    else return false;
  }
  return rem === 1;
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Verhoeff (dihedral group D5): Indian Aadhaar. */
export function verhoeffValid(digits: string): boolean {
  if (!allDigits(digits)) return false;
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digitAt(digits, digits.length - 1 - i);
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![d]!]!;
  }
  return c === 0;
}

/** UK NHS number: weights 10..2, check = 11 - (sum mod 11); 11 means 0, 10 is invalid. */
export function nhsValid(digits: string): boolean {
  if (digits.length !== 10 || !allDigits(digits)) return false;
  const check = 11 - (weighted(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === digitAt(digits, 9);
}

/** Polish PESEL: weights 1,3,7,9,...; and the birth date, whose month encodes the century. */
export function peselValid(digits: string): boolean {
  if (digits.length !== 11 || !allDigits(digits)) return false;
  const sum = weighted(digits, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]);
  if ((10 - (sum % 10)) % 10 !== digitAt(digits, 10)) return false;
  const yy = Number(digits.slice(0, 2));
  const mmRaw = Number(digits.slice(2, 4));
  const dd = Number(digits.slice(4, 6));
  const centuries: [number, number][] = [
    [80, 1800],
    [0, 1900],
    [20, 2000],
    [40, 2100],
    [60, 2200],
  ];
  for (const [offset, century] of centuries) {
    const mm = mmRaw - offset;
    if (mm >= 1 && mm <= 12) return dateExists(century + yy, mm, dd);
  }
  return false;
}

/** Spanish DNI/NIF and NIE: number mod 23 indexes the control letter. */
const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
export function dniValid(value: string): boolean {
  const m = /^(\d{8})([A-Z])$/.exec(value);
  return m !== null && DNI_LETTERS[Number(m[1]) % 23] === m[2];
}
export function nieValid(value: string): boolean {
  const m = /^([XYZ])(\d{7})([A-Z])$/.exec(value);
  if (!m) return false;
  const prefix = "XYZ".indexOf(m[1]!);
  return DNI_LETTERS[Number(`${prefix}${m[2]}`) % 23] === m[3];
}

/** Italian codice fiscale (DM 23/12/1976): odd/even position tables, mod 26; omocodia allowed. */
const CF_ODD: Record<string, number> = {};
{
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
  for (let i = 0; i < 10; i++) CF_ODD[String(i)] = odd[i]!;
  for (let i = 0; i < 26; i++) CF_ODD[String.fromCharCode(65 + i)] = odd[i]!;
}
export function italianFiscalCodeValid(code: string): boolean {
  if (!/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = code[i]!;
    if (i % 2 === 0) sum += CF_ODD[ch]!;
    else sum += ch >= "0" && ch <= "9" ? ch.charCodeAt(0) - 48 : ch.charCodeAt(0) - 65;
  }
  if (String.fromCharCode(65 + (sum % 26)) !== code[15]) return false;
  // Day of birth (women +40) after undoing omocodia.
  const day = Number(code.slice(9, 11).replace(/[LMNPQRSTUV]/g, (c) => String("LMNPQRSTUV".indexOf(c))));
  return (day >= 1 && day <= 31) || (day >= 41 && day <= 71);
}

/** Italian partita IVA: 11 digits, Luhn-style check on the last digit. */
export function italianVatValid(digits: string): boolean {
  return digits.length === 11 && luhnValid(digits) && digits.slice(0, 7) !== "0000000";
}

/** Singapore NRIC/FIN: weights 2,7,6,5,4,3,2 plus a prefix offset; letter tables per prefix. */
export function sgNricValid(value: string): boolean {
  const m = /^([STFGM])(\d{7})([A-Z])$/.exec(value);
  if (!m) return false;
  const [, prefix, digits, check] = m as unknown as [string, string, string, string];
  let sum = weighted(digits, [2, 7, 6, 5, 4, 3, 2]);
  if (prefix === "T" || prefix === "G") sum += 4;
  if (prefix === "M") sum += 3;
  const table = prefix === "S" || prefix === "T" ? "JZIHGFEDCBA" : prefix === "M" ? "XWUTRQPNJLK" : "XWUTRQPNMLK";
  return table[sum % 11] === check;
}

/** Singapore UEN: business (8 digits + letter), local company (yyyy + 5 digits + letter), others (T/S/R yy + 2-letter type + 4 digits + letter). */
const UEN_ENTITY_TYPES = new Set(["LP", "LL", "FC", "PF", "RF", "MQ", "MM", "NB", "CC", "CS", "MB", "FM", "GS", "DP", "CP", "NR", "CM", "CD", "MD", "HS", "VH", "CH", "MH", "CL", "XL", "CX", "HC", "RP", "TU", "TC", "FB", "FN", "PA", "PB", "SS", "MC", "SM", "GA", "GB"]);
export function sgUenValid(value: string): boolean {
  if (/^\d{8}[A-Z]$/.test(value)) {
    const sum = weighted(value, [10, 4, 9, 3, 8, 2, 7, 1]);
    return "XMKECAWLJDB"[sum % 11] === value[8];
  }
  if (/^\d{9}[A-Z]$/.test(value)) {
    const year = Number(value.slice(0, 4));
    if (year < 1900 || year > new Date().getUTCFullYear()) return false;
    const sum = weighted(value, [10, 8, 6, 4, 9, 7, 5, 3, 1]);
    return "ZKCMDNERGWH"[sum % 11] === value[9];
  }
  const m = /^([TSR])(\d{2})([A-Z]{2})(\d{4})([A-Z])$/.exec(value);
  if (!m || !UEN_ENTITY_TYPES.has(m[3]!)) return false;
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWX0123456789";
  const weights = [4, 3, 5, 3, 10, 2, 2, 5, 7];
  const chars = value.slice(0, 9);
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const idx = alphabet.indexOf(chars[i]!);
    if (idx < 0) return false;
    sum += idx * weights[i]!;
  }
  const check = (sum - 5) % 11;
  return alphabet[(check + 11) % 11] === value[9];
}

/** Australian Business Number: first digit minus 1, weights 10,1,3,...,19; sum mod 89 = 0. */
export function abnValid(digits: string): boolean {
  if (digits.length !== 11 || !allDigits(digits) || digits[0] === "0") return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  let sum = (digitAt(digits, 0) - 1) * weights[0]!;
  for (let i = 1; i < 11; i++) sum += digitAt(digits, i) * weights[i]!;
  return sum % 89 === 0;
}

/** Australian Company Number: weights 8..1, check = (10 - sum mod 10) mod 10. */
export function acnValid(digits: string): boolean {
  if (digits.length !== 9 || !allDigits(digits)) return false;
  return (10 - (weighted(digits, [8, 7, 6, 5, 4, 3, 2, 1]) % 10)) % 10 === digitAt(digits, 8);
}

/** Australian Tax File Number: 8 or 9 digits, weighted sum mod 11 = 0. */
export function tfnValid(digits: string): boolean {
  if (!allDigits(digits)) return false;
  if (digits.length === 9) return weighted(digits, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 === 0;
  if (digits.length === 8) return weighted(digits, [10, 7, 8, 4, 6, 3, 5, 1]) % 11 === 0;
  return false;
}

/** Australian Medicare: first digit 2-6, weights 1,3,7,9,1,3,7,9 mod 10 is the 9th digit; issue number not 0. */
export function medicareValid(digits: string): boolean {
  if ((digits.length !== 10 && digits.length !== 11) || !allDigits(digits)) return false;
  const first = digitAt(digits, 0);
  if (first < 2 || first > 6) return false;
  if (weighted(digits, [1, 3, 7, 9, 1, 3, 7, 9]) % 10 !== digitAt(digits, 8)) return false;
  return digits[9] !== "0";
}

/** Finnish henkilötunnus: DDMMYY, century sign, 3 digits; (9 digits) mod 31 indexes the check character. */
const HETU_CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY";
const HETU_CENTURY: Record<string, number> = { "+": 1800, "-": 1900, Y: 1900, X: 1900, W: 1900, V: 1900, U: 1900, A: 2000, B: 2000, C: 2000, D: 2000, E: 2000, F: 2000 };
export function hetuValid(value: string): boolean {
  const m = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])$/.exec(value);
  if (!m) return false;
  const [, dd, mm, yy, sign, individual, check] = m as unknown as string[];
  if (!dateExists(HETU_CENTURY[sign!]! + Number(yy), Number(mm), Number(dd))) return false;
  if (Number(individual) < 2) return false;
  return HETU_CHECK[Number(`${dd}${mm}${yy}${individual}`) % 31] === check;
}

/** Korean resident registration number: YYMMDD, gender/century digit, and (for pre-2020 numbers) a check digit. */
export function krRrnDate(digits: string): boolean {
  if (digits.length !== 13 || !allDigits(digits)) return false;
  const g = digitAt(digits, 6);
  const century = g === 1 || g === 2 || g === 5 || g === 6 ? 1900 : g === 3 || g === 4 || g === 7 || g === 8 ? 2000 : g === 9 || g === 0 ? 1800 : 0;
  return century > 0 && dateExists(century + Number(digits.slice(0, 2)), Number(digits.slice(2, 4)), Number(digits.slice(4, 6)));
}
export function krRrnChecksumValid(digits: string): boolean {
  if (!krRrnDate(digits)) return false;
  const sum = weighted(digits, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]);
  return (11 - (sum % 11)) % 10 === digitAt(digits, 12);
}

/** Chinese resident identity card (GB 11643-1999): region, birth date, ISO 7064 MOD 11-2 check (0-9 or X). */
const CN_PROVINCES = new Set([11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83, 91]);
export function cnResidentIdValid(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  if (!CN_PROVINCES.has(Number(value.slice(0, 2)))) return false;
  const year = Number(value.slice(6, 10));
  if (year < 1900 || !dateExists(year, Number(value.slice(10, 12)), Number(value.slice(12, 14)))) return false;
  const sum = weighted(value, [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]);
  return "10X98765432"[sum % 11] === value[17];
}

/** Chinese unified social credit code (GB 32100-2015): 18 characters, weighted mod 31 check. */
const USCC_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export function cnUsccValid(value: string): boolean {
  if (!/^[0-9A-HJ-NP-RTUW-Y]{2}\d{6}[0-9A-HJ-NP-RTUW-Y]{10}$/.test(value)) return false;
  if (!"123456789ANY".includes(value[0]!)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(value[i]!) * USCC_WEIGHTS[i]!;
  return USCC_CHARS[(31 - (sum % 31)) % 31] === value[17];
}

/** Taiwan national ID: letter code (two digits), gender digit 1/2 (8/9 for residents), weights 1,9,8,...,1. */
const TW_LETTER_CODES = "ABCDEFGHJKLMNPQRSTUVXYWZIO";
export function twNationalIdValid(value: string): boolean {
  if (!/^[A-Z][1289]\d{8}$/.test(value)) return false;
  const code = TW_LETTER_CODES.indexOf(value[0]!) + 10;
  let sum = Math.floor(code / 10) + (code % 10) * 9;
  const weights = [8, 7, 6, 5, 4, 3, 2, 1, 1];
  for (let i = 1; i < 10; i++) sum += digitAt(value, i) * weights[i - 1]!;
  return sum % 10 === 0;
}

/** Hong Kong identity card: 1-2 letters, 6 digits, check (0-9 or A); weights 9..2 (8 for a lone letter's blank). */
export function hkIdValid(value: string): boolean {
  const m = /^([A-Z]{1,2})(\d{6})([0-9A])$/.exec(value);
  if (!m) return false;
  const letters = m[1]!.length === 1 ? ` ${m[1]}` : m[1]!;
  let sum = 0;
  const val = (c: string) => (c === " " ? 36 : c.charCodeAt(0) - 55);
  sum += val(letters[0]!) * 9 + val(letters[1]!) * 8;
  for (let i = 0; i < 6; i++) sum += digitAt(m[2]!, i) * (7 - i);
  const check = (11 - (sum % 11)) % 11;
  return (check === 10 ? "A" : String(check)) === m[3];
}

/** US DEA registration (medical licence): 2 letters, 7 digits; (d1+d3+d5) + 2(d2+d4+d6) last digit = d7. */
export function deaValid(value: string): boolean {
  const m = /^[ABCDEFGHJKLMPRSTUX][A-Z9](\d{7})$/.exec(value);
  if (!m) return false;
  const d = m[1]!;
  const sum = digitAt(d, 0) + digitAt(d, 2) + digitAt(d, 4) + 2 * (digitAt(d, 1) + digitAt(d, 3) + digitAt(d, 5));
  return sum % 10 === digitAt(d, 6);
}

/** ABA routing number: weights 3,7,1 repeating, sum mod 10 = 0. */
export function abaRoutingValid(digits: string): boolean {
  return digits.length === 9 && allDigits(digits) && weighted(digits, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0;
}

/** A Gregorian date that exists. */
export function dateExists(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}
