/**
 * Every entity type of SPEC "Supported entity types": valid values are found in a sentence, at
 * the end next to punctuation, at the start (types that need no cue word), in brackets, in
 * fullwidth characters and with zero-width characters inside; near misses (a wrong check
 * digit, an impossible shape) are not found as that type. Masking keeps every other character.
 */
import { describe, expect, test } from "bun:test";
import { ALL_ENTITY_TYPES, type EntityType } from "../../src/guardrails/pii/entities.ts";
import { createPiiMasker } from "../../src/guardrails/pii/guardrail.ts";

interface TypeCase {
  /** `{}` marks the value. Types that need a cue word have it in the template. */
  readonly template: string;
  readonly valid: readonly string[];
  /** Valid values that count only after the cue of the template (a bare form of a grouped number). */
  readonly validWithCue?: readonly string[];
  readonly invalid?: readonly string[];
  /** The type is recognised only after its cue: no start-of-text variant. */
  readonly cue?: boolean;
  /** Skip the fullwidth and zero-width variants (names: fullwidth Latin is not how names are written). */
  readonly plainOnly?: boolean;
}

const CASES: Record<EntityType, TypeCase> = {
  CREDIT_CARD: { template: "Please charge card {} today", valid: ["4111111111111111", "5500 0000 0000 0004", "3782-822463-10005", "6011111111111117"], invalid: ["4111111111111112", "1234567812345678", "4111 1111-1111 1111"] },
  CRYPTO: { template: "Send it to wallet {} now", valid: ["1BoatSLRHtKNngkdXEeobR76b53LETtpyT", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "0x52908400098527886E0F7030069857D2E4169EE7"], invalid: ["1BoatSLRHtKNngkdXEeobR76b53LETtpyU", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5"] },
  DATE_TIME: { template: "It happened on {} at the office", valid: ["March 3rd, 2020", "2020-03-14", "14/03/2020", "Tuesday", "3 March 2020", "5pm", "9:30 p.m.", "10:45 AM", "August 3, 2020", "3rd of March 2021", "31st August 2020"], invalid: ["13/13/2020", "2021-02-31", "February 30, 2020", "Sept 31"] },
  EMAIL_ADDRESS: { template: "Write to {} for details", valid: ["jane.roe@example.org", "a_b+tag@mail.co.uk"], invalid: ["jane@localhost", "jane@example"] },
  IBAN_CODE: { template: "Transfer to IBAN {} please", valid: ["GB82WEST12345698765432", "GB82 WEST 1234 5698 7654 32", "GB82-WEST-1234-5698-7654-32", "DE89370400440532013000"], invalid: ["GB82WEST12345698765431", "DE89370400440532013001", "GB82 WEST-1234 5698 7654 32", "GB82W EST1 2345 6987 6543 2"] },
  IP_ADDRESS: { template: "The server {} is down", valid: ["192.168.1.20", "8.8.4.4", "2001:db8::ff00:42:8329", "fe80::1ff:fe23:4567:890a"], invalid: ["256.1.2.3", "1.2.3.04"] },
  NRP: { template: "The {} community met again", valid: ["Brazilian", "Catholic", "Icelandic"], plainOnly: true },
  LOCATION: { template: "I moved to {} with my family", valid: ["Berlin", "Buenos Aires", "Lisbon"], plainOnly: true },
  PERSON: { template: "My name is {} and I need help", valid: ["John Smith", "Maria Garcia", "Tomomi Nishiyama"], plainOnly: true },
  PHONE_NUMBER: { template: "Call me on {} after work", valid: ["+1 415-555-0134", "(415) 555-0134", "+44 20 7946 0958", "020 7946 0958"], invalid: ["12-34", "2019-04-07"] },
  MEDICAL_LICENSE: { template: "Prescriber DEA {} on file", valid: ["AB1234563", "BS1234563"], invalid: ["AB1234562"] },
  URL: { template: "See {} for more", valid: ["https://www.example.com/path?q=1", "www.example.org", "example.com/login"], invalid: ["main.py", "report.pdf"] },
  CVV: { template: "The CVV is {} on the back", valid: ["123", "4567"], cue: true },
  BIC_SWIFT: { template: "Use SWIFT code {} for the wire", valid: ["DEUTDEFF", "NWBKGB2L", "BNPAFRPPXXX"], invalid: ["DEUTZZFF"] },
  US_BANK_NUMBER: { template: "My bank account number is {} thanks", valid: ["123456789012", "00012345678"], cue: true },
  US_DRIVER_LICENSE: { template: "My driver's license number is {} ok", valid: ["D1234567", "F162823540116"], cue: true },
  US_ITIN: { template: "Taxpayer ITIN {} on the form", valid: ["912-70-1234", "900-88-1234"], invalid: ["912-89-1234", "812-70-1234"] },
  US_PASSPORT: { template: "My passport number is {} thanks", valid: ["123456789", "A12345678"], cue: true },
  US_SSN: { template: "My SSN is {} thanks", valid: ["536-22-8716", "536 22 8716"], invalid: ["000-12-3456", "666-12-3456", "536-22 8716"] },
  UK_NHS: { template: "NHS number {} please", valid: ["943 476 5919", "9434765919"], invalid: ["943 476 5918"], cue: true },
  UK_NINO: { template: "National Insurance {} is mine", valid: ["AB 12 34 56 C", "AB123456C"], invalid: ["BG123456A", "DA123456A", "AB123456E"] },
  ES_NIF: { template: "Mi DNI es {} gracias", valid: ["12345678Z"], invalid: ["12345678A"] },
  ES_NIE: { template: "Mi NIE es {} gracias", valid: ["X1234567L", "Y1234567X"], invalid: ["X1234567M"] },
  IT_FISCAL_CODE: { template: "Codice fiscale {} grazie", valid: ["RSSMRA85T10A562S"], invalid: ["RSSMRA85T10A562T"] },
  IT_DRIVER_LICENSE: { template: "Numero patente {} grazie", valid: ["AB1234567C"], cue: true },
  IT_VAT_CODE: { template: "Partita IVA {} grazie", valid: ["IT00743110157"], validWithCue: ["00743110157"], invalid: ["IT00743110158", "00743110158"] },
  IT_PASSPORT: { template: "Numero di passaporto {} grazie", valid: ["YA1234567"], cue: true },
  IT_IDENTITY_CARD: { template: "Carta d'identità {} grazie", valid: ["CA12345AB", "AA1234567"], cue: true },
  PL_PESEL: { template: "PESEL {} dziękuję", valid: ["44051401359"], invalid: ["44051401358"] },
  SG_NRIC_FIN: { template: "NRIC {} thanks", valid: ["S1234567D", "F1234567N", "T1234567J"], invalid: ["S1234567A"] },
  SG_UEN: { template: "Company UEN {} thanks", valid: ["00192200M", "197401143C", "S16FC0121D"], invalid: ["00192200A"] },
  AU_ABN: { template: "Our ABN is {} thanks", valid: ["51 824 753 556"], validWithCue: ["51824753556"], invalid: ["51 824 753 557"] },
  AU_ACN: { template: "ACN {} registered", valid: ["004 085 616", "004085616"], invalid: ["004 085 617"], cue: true },
  AU_TFN: { template: "My tax file number is {} thanks", valid: ["123 456 782", "123456782"], invalid: ["123 456 789"], cue: true },
  AU_MEDICARE: { template: "Medicare number {} thanks", valid: ["2123 45670 1", "2123456701"], invalid: ["2123 45671 1"], cue: true },
  IN_PAN: { template: "PAN card {} thanks", valid: ["ABCPE1234F"], invalid: ["ABCXE1234F"] },
  IN_AADHAAR: { template: "Aadhaar {} thanks", valid: ["2345 6789 0124"], validWithCue: ["234567890124"], invalid: ["2345 6789 0125"] },
  IN_VEHICLE_REGISTRATION: { template: "Vehicle {} was parked", valid: ["MH 12 AB 1234", "DL01CAB1234"], invalid: ["ZZ 12 AB 1234"] },
  IN_VOTER: { template: "Voter ID {} thanks", valid: ["ABC1234567"], cue: true },
  IN_PASSPORT: { template: "Passport number {} thanks", valid: ["A1234567", "J8369854"], cue: true },
  FI_PERSONAL_IDENTITY_CODE: { template: "Henkilötunnus {} kiitos", valid: ["131052-308T"], invalid: ["131052-308U", "311352-308T"] },
  // With its name nearby an RRN needs only a real date: numbers issued since 2020 have no check digit.
  KR_RRN: { template: "RRN {} thanks", valid: ["900101-1234568", "9001011234568"], invalid: ["901301-1234568", "900132-1234568"] },
  CN_RESIDENT_ID: { template: "身份证号码 {} 谢谢", valid: ["11010519491231002X"], invalid: ["110105194912310021", "99010519491231002X"] },
  CN_USCC: { template: "统一社会信用代码 {} 谢谢", valid: ["91350100M000100Y43"], invalid: ["91350100M000100Y44"] },
  CN_MOBILE: { template: "手机 {} 谢谢", valid: ["13812345678", "+86 138 1234 5678"], invalid: ["12812345678"] },
  TW_NATIONAL_ID: { template: "身分證字號 {} 謝謝", valid: ["A123456789"], invalid: ["A123456788"] },
  HK_ID: { template: "HKID {} thanks", valid: ["A123456(3)", "A1234563"], invalid: ["A123456(4)"] },
};

function fullwidth(s: string): string {
  return [...s].map((c) => (/[A-Za-z0-9]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join("");
}

function zeroWidth(s: string): string {
  return [...s].join("\u200b");
}

// Recognition of every type: names, places, dates, groups and URLs are masked here whatever
// their context (the default masks them only where they point at a person: pii-context.test.ts).
const masker = createPiiMasker({ quasi_identifiers: "all", url_scope: "all" });

describe("every supported entity type has a case", () => {
  test("47 types", () => {
    expect(Object.keys(CASES).sort()).toEqual([...ALL_ENTITY_TYPES].sort());
    expect(ALL_ENTITY_TYPES).toHaveLength(47);
  });
});

for (const [type, c] of Object.entries(CASES) as [EntityType, TypeCase][]) {
  describe(type, () => {
    const [prefix, suffix] = c.template.split("{}") as [string, string];
    const mark = `<${type}>`;
    for (const value of c.validWithCue ?? []) {
      test(`finds ${JSON.stringify(value)} after its cue`, () => {
        expect(masker.mask(prefix + value + suffix).text).toBe(prefix + mark + suffix);
      });
      test(`does not find ${JSON.stringify(value)} without its cue`, () => {
        const info = masker.mask(`Reference ${value} attached.`).info as { detected_entities: Record<string, string[]> };
        expect(info.detected_entities[type]).toBeUndefined();
      });
    }
    for (const value of c.valid) {
      test(`finds ${JSON.stringify(value)} in a sentence`, () => {
        expect(masker.mask(prefix + value + suffix).text).toBe(prefix + mark + suffix);
      });
      test(`finds ${JSON.stringify(value)} at the end, next to punctuation`, () => {
        expect(masker.mask(`${prefix}${value}.`).text).toBe(`${prefix}${mark}.`);
      });
      test(`finds ${JSON.stringify(value)} in brackets`, () => {
        expect(masker.mask(`${prefix}(${value})${suffix}`).text).toBe(`${prefix}(${mark})${suffix}`);
      });
      if (!c.cue && type !== "NRP" && type !== "PERSON" && type !== "LOCATION" && type !== "DATE_TIME") {
        test(`finds ${JSON.stringify(value)} at the start`, () => {
          expect(masker.mask(`${value}, noted.`).text).toBe(`${mark}, noted.`);
        });
      }
      if (!c.plainOnly) {
        test(`finds ${JSON.stringify(value)} written in fullwidth characters`, () => {
          const written = fullwidth(value);
          expect(masker.mask(prefix + written + suffix).text).toBe(prefix + mark + suffix);
        });
        test(`finds ${JSON.stringify(value)} with zero-width characters inside`, () => {
          expect(masker.mask(prefix + zeroWidth(value) + suffix).text).toBe(prefix + mark + suffix);
        });
      }
    }
    for (const value of c.invalid ?? []) {
      test(`does not take the near miss ${JSON.stringify(value)} for a ${type}`, () => {
        const info = masker.mask(prefix + value + suffix).info as { detected_entities: Record<string, string[]> };
        expect(info.detected_entities[type]).toBeUndefined();
      });
    }
    if (c.cue) {
      test("needs its cue word", () => {
        const info = masker.mask(`Reference ${c.valid[0]} attached.`).info as { detected_entities: Record<string, string[]> };
        expect(info.detected_entities[type]).toBeUndefined();
      });
    }
  });
}
