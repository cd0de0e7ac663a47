/**
 * A labelled test set built from the published formats and check-digit algorithms. For each
 * type: valid values, their check digits *computed* here (generator code, separate from the
 * validators in src/), placed in sentences in the ways people write them; and near misses (a
 * wrong check digit, an impossible date, a missing context word) that must not be detected.
 * Deterministic: a seeded generator.
 */
import { createHash } from "node:crypto";
import type { LabelledText } from "./dev-data.ts";
import { mulberry32 } from "./random.ts";


let rand = mulberry32(20261121);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join("");
const letters = (n: number, alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ") => Array.from({ length: n }, () => pick([...alphabet])).join("");
const pad = (n: number, w: number) => String(n).padStart(w, "0");
/** Replaces the last character by a different one of the same kind. */
function breakLast(value: string, alphabet = "0123456789"): string {
  const last = value[value.length - 1]!;
  const others = [...alphabet].filter((c) => c !== last);
  return value.slice(0, -1) + pick(others);
}

// ---- check digits, computed (generator side) ----
/** The Luhn check digit that completes `payload` (generator side). */
export function luhnCheck(payload: string): string {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let d = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}
function mod97(s: string): number {
  let r = 0;
  for (const ch of s) r = (r * (/\d/.test(ch) ? 10 : 100) + (/\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55)) % 97;
  return r;
}
const verhoeffD = [[0,1,2,3,4,5,6,7,8,9],[1,2,3,4,0,6,7,8,9,5],[2,3,4,0,1,7,8,9,5,6],[3,4,0,1,2,8,9,5,6,7],[4,0,1,2,3,9,5,6,7,8],[5,9,8,7,6,0,4,3,2,1],[6,5,9,8,7,1,0,4,3,2],[7,6,5,9,8,2,1,0,4,3],[8,7,6,5,9,3,2,1,0,4],[9,8,7,6,5,4,3,2,1,0]]; // prettier-ignore
const verhoeffP = [[0,1,2,3,4,5,6,7,8,9],[1,5,7,6,2,8,3,0,9,4],[5,8,0,3,7,9,6,1,4,2],[8,9,1,6,0,4,3,5,2,7],[9,4,5,3,1,2,6,8,7,0],[4,2,8,6,5,7,3,9,0,1],[2,7,9,3,8,0,6,4,1,5],[7,0,4,6,9,1,3,2,5,8]]; // prettier-ignore
const verhoeffInv = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];
function verhoeffCheck(payload: string): string {
  let c = 0;
  const rev = [...payload].reverse();
  for (let i = 0; i < rev.length; i++) c = verhoeffD[c]![verhoeffP[(i + 1) % 8]![Number(rev[i])]!]!;
  return String(verhoeffInv[c]);
}
const sum = (s: string, w: readonly number[]) => w.reduce((acc, wi, i) => acc + Number(s[i]) * wi, 0);

function validDate(): { y: number; m: number; d: number } {
  const y = int(1940, 2010);
  const m = int(1, 12);
  const d = int(1, 28);
  return { y, m, d };
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = "";
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}
function btcAddress(): string {
  const payload = Uint8Array.from([pick([0, 5]), ...Array.from({ length: 20 }, () => int(0, 255))]);
  const check = createHash("sha256").update(createHash("sha256").update(payload).digest()).digest().subarray(0, 4);
  return base58Encode(Uint8Array.from([...payload, ...check]));
}
const BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
function bech32Address(): string {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  const polymod = (v: number[]) => {
    let chk = 1;
    for (const x of v) {
      const top = chk >>> 25;
      chk = ((chk & 0x1ffffff) << 5) ^ x;
      for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i]!;
    }
    return chk >>> 0;
  };
  const data = [0, ...Array.from({ length: 32 }, () => int(0, 31))];
  const hrp = [..."bc"].map((c) => c.charCodeAt(0));
  const values = [...hrp.map((c) => c >> 5), 0, ...hrp.map((c) => c & 31), ...data, 0, 0, 0, 0, 0, 0];
  const mod = polymod(values) ^ 1;
  const check = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `bc1${[...data, ...check].map((v) => BECH[v]).join("")}`;
}

interface Case {
  readonly type: string;
  readonly valid: () => string;
  readonly invalid?: () => string;
  /** Sentences with `{}` for the value; context-gated types put their cue in the sentence. */
  readonly templates: readonly string[];
  /** Sentences for the near misses; by default `templates`. A missing cue is itself a near miss. */
  readonly negativeTemplates?: readonly string[];
}

const NO_CUE = ["The code {} was printed on the box.", "Reference {} attached."];

const GENERIC = ["My number is {} if you need it.", "{}", "Please check {}, thanks.", "Record: {}."];

const CASES: readonly Case[] = [
  {
    type: "CREDIT_CARD",
    valid: () => {
      const [prefix, len] = pick([["4", 16], ["51", 16], ["55", 16], ["34", 15], ["37", 15], ["6011", 16]] as const);
      const body = prefix + digits(len - prefix.length - 1);
      const n = body + luhnCheck(body);
      return pick([n, n.replace(/(\d{4})(?=\d)/g, "$1 "), n.replace(/(\d{4})(?=\d)/g, "$1-")]);
    },
    invalid: () => {
      const body = `4${digits(14)}`;
      return breakLast(body + luhnCheck(body));
    },
    templates: ["Charge card {} please.", "card number: {}", "I paid with {} yesterday"],
  },
  { type: "CRYPTO", valid: () => pick([btcAddress(), bech32Address(), `0x${Array.from({ length: 40 }, () => pick([..."0123456789abcdef"])).join("")}`]), invalid: () => breakLast(btcAddress(), "ABCDEFGHJKLMN"), templates: ["Send the coins to {} today.", "wallet: {}"] },
  {
    type: "EMAIL_ADDRESS",
    valid: () => `${pick(["anna", "j.smith", "bob_99", "li.wei"])}${int(1, 99)}@${pick(["example.com", "mail.co.uk", "uni-bonn.de", "corp.io"])}`,
    invalid: () => `${pick(["anna", "bob"])}@${pick(["localhost", "server", "example"])}`,
    templates: ["Write to {} for help.", "email: {}", "Contact ({}) today."],
  },
  {
    type: "IBAN_CODE",
    valid: () => {
      const [cc, bban] = pick([
        ["GB", () => letters(4) + digits(14)],
        ["DE", () => digits(18)],
        ["FR", () => digits(23)],
        ["ES", () => digits(20)],
        ["NL", () => letters(4) + digits(10)],
      ] as const);
      const b = bban();
      const check = pad(98 - mod97(`${b}${cc}00`), 2);
      const iban = `${cc}${check}${b}`;
      return pick([iban, iban.replace(/(.{4})(?=.)/g, "$1 ")]);
    },
    invalid: () => {
      const b = digits(18);
      const check = pad(98 - mod97(`${b}DE00`), 2);
      return `DE${pad((Number(check) + 1) % 100, 2)}${b}`;
    },
    templates: ["Transfer to IBAN {} please.", "Account: {}"],
  },
  {
    type: "IP_ADDRESS",
    valid: () => pick([`${int(1, 223)}.${int(0, 255)}.${int(0, 255)}.${int(1, 254)}`, `2001:db8:${int(0, 65535).toString(16)}::${int(1, 65535).toString(16)}`, Array.from({ length: 8 }, () => int(0, 65535).toString(16)).join(":")]),
    invalid: () => pick([`${int(256, 999)}.${int(0, 255)}.${int(0, 255)}.${int(0, 255)}`, `${int(1, 255)}.${int(0, 255)}.${int(0, 255)}`]),
    templates: ["The server at {} is down.", "ip={}"],
  },
  {
    type: "PHONE_NUMBER",
    valid: () => pick([`+1 ${int(201, 989)}-${int(200, 999)}-${digits(4)}`, `(${int(201, 989)}) ${int(200, 999)}-${digits(4)}`, `+44 20 ${digits(4)} ${digits(4)}`, `+49 30 ${digits(7)}`, `0${int(10, 99)} ${digits(3)} ${digits(4)}`]),
    invalid: () => pick([`${digits(2)}-${digits(2)}`, `${digits(3)}.${digits(2)}`]),
    templates: ["Call me at {} tonight.", "phone: {}", "You can reach the office on {}."],
  },
  {
    type: "MEDICAL_LICENSE",
    valid: () => {
      const d = digits(6);
      const check = (Number(d[0]) + Number(d[2]) + Number(d[4]) + 2 * (Number(d[1]) + Number(d[3]) + Number(d[5]))) % 10;
      return `${pick(["A", "B", "F", "M"])}${letters(1)}${d}${check}`;
    },
    invalid: () => {
      const d = digits(6);
      const check = (Number(d[0]) + Number(d[2]) + Number(d[4]) + 2 * (Number(d[1]) + Number(d[3]) + Number(d[5])) + 1) % 10;
      return `B${letters(1)}${d}${check}`;
    },
    templates: ["DEA registration {} is on file.", "Prescriber: {}"],
  },
  { type: "URL", valid: () => pick([`https://www.${pick(["acme", "shop", "news"])}.com/${pick(["a", "path/to", "x?y=1"])}`, `http://${pick(["foo", "bar"])}.org`, `www.${pick(["example", "mysite"])}.net/page`]), invalid: () => pick(["report.pdf", "main.py", "notes.md"]), templates: ["Visit {} for details.", "see {}"] },
  { type: "CVV", valid: () => digits(pick([3, 4])), invalid: () => digits(3), templates: ["CVV {} on the back.", "security code: {}"], negativeTemplates: ["Room {} is on the left.", "We sold {} units."] },
  { type: "BIC_SWIFT", valid: () => pick(["DEUTDEFF", "BNPAFRPPXXX", "NWBKGB2L", "CHASUS33", "COBADEFFXXX"]), invalid: () => pick(["ABSOLUTE", "PASSWORD", "HEADLINE", "CHECKOUT"]), templates: ["SWIFT/BIC: {}", "Use BIC {} for the wire."], negativeTemplates: ["The word {} was in capitals.", "{} MODE ENABLED"] },
  { type: "US_BANK_NUMBER", valid: () => digits(int(8, 12)), invalid: () => digits(int(8, 12)), templates: ["My bank account number is {}.", "account: {}"], negativeTemplates: NO_CUE },
  { type: "US_DRIVER_LICENSE", valid: () => pick([`${letters(1)}${digits(7)}`, digits(9), `${letters(1)}${digits(12)}`]), invalid: () => `${letters(1)}${digits(7)}`, templates: ["My driver's license number is {}.", "Driver license: {}"], negativeTemplates: NO_CUE },
  {
    type: "US_ITIN",
    valid: () => `9${digits(2)}-${pick(["70", "78", "88", "90", "94", "99", "50", "65"])}-${digits(4)}`,
    invalid: () => `9${digits(2)}-${pick(["89", "93", "40"])}-${digits(4)}`,
    templates: ["ITIN {} on the form.", "Taxpayer id: {}"],
  },
  { type: "US_PASSPORT", valid: () => pick([digits(9), `${letters(1)}${digits(8)}`]), invalid: () => `${letters(1)}${digits(8)}`, templates: ["My passport number is {}.", "US passport: {}"], negativeTemplates: NO_CUE },
  {
    type: "US_SSN",
    valid: () => `${pad(int(1, 665), 3)}-${pad(int(1, 99), 2)}-${pad(int(1, 9999), 4)}`,
    invalid: () => pick([`000-${pad(int(1, 99), 2)}-${pad(int(1, 9999), 4)}`, `666-${pad(int(1, 99), 2)}-${pad(int(1, 9999), 4)}`, `9${digits(2)}-${pad(int(1, 9), 2)}-${pad(int(1, 9999), 4)}`]),
    templates: ["SSN: {}", "My social is {} ok?"],
  },
  {
    type: "UK_NHS",
    valid: () => {
      for (;;) {
        const d = digits(9);
        const c = 11 - (sum(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
        if (c === 10) continue;
        const n = d + (c === 11 ? 0 : c);
        return `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
      }
    },
    invalid: () => {
      for (;;) {
        const d = digits(9);
        const c = 11 - (sum(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
        if (c >= 10) continue;
        const n = d + ((c + 1) % 10);
        return `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
      }
    },
    templates: ["NHS number {} on the letter.", "Patient: {}"],
  },
  {
    type: "UK_NINO",
    valid: () => `${pick(["AB", "CE", "JH", "PR", "WL"])} ${digits(2)} ${digits(2)} ${digits(2)} ${pick(["A", "B", "C", "D"])}`,
    invalid: () => `${pick(["BG", "GB", "DA", "QQ"])}${digits(6)}${pick(["A", "B"])}`,
    templates: ["National Insurance number: {}", "NI {}"],
  },
  {
    type: "ES_NIF",
    valid: () => {
      const n = int(10000000, 99999999);
      return `${n}${"TRWAGMYFPDXBNJZSQVHLCKE"[n % 23]}`;
    },
    invalid: () => {
      const n = int(10000000, 99999999);
      return `${n}${"TRWAGMYFPDXBNJZSQVHLCKE"[(n + 1) % 23]}`;
    },
    templates: ["DNI {} por favor.", "NIF: {}"],
  },
  {
    type: "ES_NIE",
    valid: () => {
      const p = int(0, 2);
      const n = digits(7);
      return `${"XYZ"[p]}${n}${"TRWAGMYFPDXBNJZSQVHLCKE"[Number(`${p}${n}`) % 23]}`;
    },
    invalid: () => `X${digits(7)}${pick(["I", "O", "U"])}`,
    templates: ["NIE {} en el contrato.", "número NIE: {}"],
  },
  {
    type: "IT_FISCAL_CODE",
    valid: () => {
      const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
      const body = `${letters(6)}${pad(int(40, 99), 2)}${pick([..."ABCDEHLMPRST"])}${pad(int(1, 28) + pick([0, 40]), 2)}${letters(1)}${digits(3)}`;
      let s = 0;
      for (let i = 0; i < 15; i++) {
        const ch = body[i]!;
        const v = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
        s += i % 2 === 0 ? odd[v]! : v;
      }
      return body + String.fromCharCode(65 + (s % 26));
    },
    templates: ["Codice fiscale: {}", "CF {} del titolare."],
  },
  { type: "IT_DRIVER_LICENSE", valid: () => `${letters(2)}${digits(7)}${letters(1)}`, templates: ["Numero patente {}.", "patente di guida: {}"] },
  {
    type: "IT_VAT_CODE",
    valid: () => {
      const body = `0${digits(9)}`;
      return `IT${body}${luhnCheck(body)}`;
    },
    invalid: () => {
      const body = `0${digits(9)}`;
      return `IT${breakLast(body + luhnCheck(body))}`;
    },
    templates: ["P.IVA {}", "Partita IVA: {}"],
  },
  { type: "IT_PASSPORT", valid: () => `${letters(2)}${digits(7)}`, templates: ["Numero di passaporto {}.", "passaporto: {}"] },
  { type: "IT_IDENTITY_CARD", valid: () => pick([`${letters(2)}${digits(7)}`, `${letters(2)}${digits(5)}${letters(2)}`]), templates: ["Carta d'identità {}.", "carta di identità n. {}"] },
  {
    type: "PL_PESEL",
    valid: () => {
      const { y, m, d } = validDate();
      const mm = y >= 2000 ? m + 20 : m;
      const body = `${pad(y % 100, 2)}${pad(mm, 2)}${pad(d, 2)}${digits(4)}`;
      return body + String((10 - (sum(body, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10);
    },
    invalid: () => {
      const body = `85${pad(int(1, 12), 2)}${pad(int(1, 28), 2)}${digits(4)}`;
      return body + String((10 - (sum(body, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10) + 1) % 10);
    },
    templates: ["PESEL: {}", "numer PESEL {}"],
  },
  {
    type: "SG_NRIC_FIN",
    valid: () => {
      const p = pick(["S", "T", "F", "G"]);
      const d = digits(7);
      const s = sum(d, [2, 7, 6, 5, 4, 3, 2]) + (p === "T" || p === "G" ? 4 : 0);
      return p + d + (p === "S" || p === "T" ? "JZIHGFEDCBA" : "XWUTRQPNMLK")[s % 11];
    },
    invalid: () => {
      const d = digits(7);
      return `S${d}${"JZIHGFEDCBA"[(sum(d, [2, 7, 6, 5, 4, 3, 2]) + 1) % 11]}`;
    },
    templates: ["NRIC {}", "My IC is {}."],
  },
  {
    type: "SG_UEN",
    valid: () => {
      if (rand() < 0.5) {
        const d = digits(8);
        return d + "XMKECAWLJDB"[sum(d, [10, 4, 9, 3, 8, 2, 7, 1]) % 11];
      }
      const d = `${int(1980, 2024)}${digits(5)}`;
      return d + "ZKCMDNERGWH"[sum(d, [10, 8, 6, 4, 9, 7, 5, 3, 1]) % 11];
    },
    templates: ["UEN {}", "Company UEN: {}"],
  },
  {
    type: "AU_ABN",
    valid: () => {
      for (;;) {
        const n = `${int(1, 9)}${digits(10)}`;
        const w = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
        const s = (Number(n[0]) - 1) * 10 + w.slice(1).reduce((a, wi, i) => a + wi * Number(n[i + 1]), 0);
        if (s % 89 === 0) return `${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5, 8)} ${n.slice(8)}`;
      }
    },
    templates: ["ABN {}", "Our ABN is {}."],
  },
  {
    type: "AU_ACN",
    valid: () => {
      const d = digits(8);
      const n = d + String((10 - (sum(d, [8, 7, 6, 5, 4, 3, 2, 1]) % 10)) % 10);
      return `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
    },
    templates: ["ACN {}", "Australian Company Number: {}"],
  },
  {
    type: "AU_TFN",
    valid: () => {
      for (;;) {
        const n = digits(9);
        if (sum(n, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 === 0) return `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
      }
    },
    templates: ["TFN: {}", "My tax file number is {}."],
  },
  {
    type: "AU_MEDICARE",
    valid: () => {
      const d = `${int(2, 6)}${digits(7)}`;
      return `${d}${sum(d, [1, 3, 7, 9, 1, 3, 7, 9]) % 10}${int(1, 9)}`;
    },
    templates: ["Medicare number {}", "medicare card: {}"],
  },
  { type: "IN_PAN", valid: () => `${letters(3)}${pick([..."ABCFGHLJPT"])}${letters(1)}${digits(4)}${letters(1)}`, templates: ["PAN {}", "My PAN card is {}."] },
  {
    type: "IN_AADHAAR",
    valid: () => {
      const body = `${int(2, 9)}${digits(10)}`;
      const n = body + verhoeffCheck(body);
      return `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8)}`;
    },
    invalid: () => {
      const body = `${int(2, 9)}${digits(10)}`;
      const n = breakLast(body + verhoeffCheck(body));
      return `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8)}`;
    },
    templates: ["Aadhaar {}", "UID: {}"],
  },
  { type: "IN_VEHICLE_REGISTRATION", valid: () => `${pick(["MH", "DL", "KA", "TN"])} ${pad(int(1, 50), 2)} ${letters(2)} ${digits(4)}`, templates: ["Vehicle {} was parked outside.", "registration: {}"] },
  { type: "IN_VOTER", valid: () => `${letters(3)}${digits(7)}`, invalid: () => `${letters(3)}${digits(7)}`, templates: ["Voter ID {}", "EPIC number: {}"], negativeTemplates: NO_CUE },
  { type: "IN_PASSPORT", valid: () => `${pick([..."ABCDJKLMNPRSTUVW"])}${int(1, 9)}${digits(6)}`, templates: ["Passport number {}", "passport: {}"] },
  {
    type: "FI_PERSONAL_IDENTITY_CODE",
    valid: () => {
      const { y, m, d } = validDate();
      const sign = y >= 2000 ? "A" : "-";
      const ind = pad(int(2, 899), 3);
      const dd = `${pad(d, 2)}${pad(m, 2)}${pad(y % 100, 2)}`;
      return `${dd}${sign}${ind}${"0123456789ABCDEFHJKLMNPRSTUVWXY"[Number(dd + ind) % 31]}`;
    },
    invalid: () => `310285-${pad(int(2, 899), 3)}Z`,
    templates: ["Henkilötunnus {}", "HETU: {}"],
  },
  {
    type: "KR_RRN",
    valid: () => {
      const { y, m, d } = validDate();
      const g = y >= 2000 ? pick([3, 4]) : pick([1, 2]);
      const body = `${pad(y % 100, 2)}${pad(m, 2)}${pad(d, 2)}${g}${digits(5)}`;
      return `${body.slice(0, 6)}-${body.slice(6)}${(11 - (sum(body, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11)) % 10}`;
    },
    templates: ["RRN {}", "주민등록번호 {}"],
  },
  {
    type: "CN_RESIDENT_ID",
    valid: () => {
      const { y, m, d } = validDate();
      const body = `${pick(["11", "31", "44", "51"])}${digits(4)}${y}${pad(m, 2)}${pad(d, 2)}${digits(3)}`;
      return body + "10X98765432"[sum(body, [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]) % 11];
    },
    invalid: () => `110105${int(1950, 2000)}1332${digits(4)}`,
    templates: ["身份证号码：{}", "ID card {}"],
  },
  {
    type: "CN_USCC",
    valid: () => {
      const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
      const w = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
      const body = `9${pick(["1", "2"])}${digits(6)}${Array.from({ length: 9 }, () => pick([...chars])).join("")}`;
      const s = [...body].reduce((a, c, i) => a + chars.indexOf(c) * w[i]!, 0);
      return body + chars[(31 - (s % 31)) % 31];
    },
    templates: ["统一社会信用代码：{}", "USCC {}"],
  },
  { type: "CN_MOBILE", valid: () => pick([`1${pick(["38", "39", "58", "86"])}${digits(8)}`, `+86 1${pick(["37", "88"])} ${digits(4)} ${digits(4)}`]), templates: ["手机：{}", "Call my China mobile {}"] },
  {
    type: "TW_NATIONAL_ID",
    valid: () => {
      const codes = "ABCDEFGHJKLMNPQRSTUVXYWZIO";
      const letter = pick([..."ABCDEFGHJK"]);
      const code = codes.indexOf(letter) + 10;
      const body = `${pick(["1", "2"])}${digits(7)}`;
      const s = Math.floor(code / 10) + (code % 10) * 9 + sum(body, [8, 7, 6, 5, 4, 3, 2, 1]);
      return `${letter}${body}${(10 - (s % 10)) % 10}`;
    },
    templates: ["身分證字號 {}", "National ID: {}"],
  },
  {
    type: "HK_ID",
    valid: () => {
      const l = letters(1);
      const d = digits(6);
      const s = 36 * 9 + (l.charCodeAt(0) - 55) * 8 + sum(d, [7, 6, 5, 4, 3, 2]);
      const c = (11 - (s % 11)) % 11;
      return `${l}${d}(${c === 10 ? "A" : c})`;
    },
    templates: ["HKID {}", "香港身份證 {}"],
  },
  {
    type: "DATE_TIME",
    valid: () => {
      const { y, m, d } = validDate();
      const month = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][m - 1]!;
      return pick([`${month} ${d}, ${y}`, `${d} ${month} ${y}`, `${y}-${pad(m, 2)}-${pad(d, 2)}`, `${m}/${d}/${y}`, `${pad(d, 2)}.${pad(m, 2)}.${y}`, `${month} ${y}`, pick(["Monday", "Friday"]), `${int(2, 9)} days ago`]);
    },
    invalid: () => pick(["2/30/2021", "13/13/2020", "2021-02-31"]),
    templates: ["We met on {}.", "Due date: {}", "It happened {}"],
  },
];

/**
 * Negative texts carry no span: any detection in them is a false positive of its type. The
 * evaluation uses the default seed; NER training uses another, so it never sees these rows.
 */
export function syntheticSet(perType = 20, seed = 20261121): LabelledText[] {
  rand = mulberry32(seed);
  const out: LabelledText[] = [];
  for (const c of CASES) {
    for (let i = 0; i < perType; i++) {
      const value = c.valid();
      const template = pick(c.templates.length > 0 ? c.templates : GENERIC);
      const at = template.indexOf("{}");
      const text = template.replace("{}", value);
      out.push({ id: `${c.type}:${i}`, text, spans: [{ type: c.type, start: at, end: at + value.length }] });
      if (c.invalid && i % 2 === 0) {
        const bad = c.invalid();
        const negative = c.negativeTemplates ? pick(c.negativeTemplates) : template;
        out.push({ id: `${c.type}:neg:${i}`, text: negative.replace("{}", bad), spans: [] });
      }
    }
  }
  return out;
}
