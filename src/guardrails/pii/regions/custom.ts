/** SPEC's "Custom" group: card security codes and bank identifier codes. */
import type { CueSpec } from "../cue-recognizer.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";
import { upperWordOf } from "../text-shape.ts";

/** CVV/CVC has no check digit: it counts only right after its name. */
const cvv: CueSpec = {
  entity: "CVV",
  priority: 60,
  cues: ["cvv", "cvv2", "cvc", "cvc2", "cvn", "cid", "csc", "card verification", "card verification value", "card security code", "security code", "verification code"],
  value: String.raw`\d{3,4}`,
};

/** ISO 3166-1 alpha-2 codes, for the country part of a BIC. */
const COUNTRIES = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL " +
    "CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT " +
    "GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY " +
    "MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN " +
    "PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT " +
    "TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
  ).split(" "),
);

/** Institution codes of large banks: a BIC starting with one of these needs no context word. */
const KNOWN_BANKS = new Set(
  "DEUT CHAS BARC HSBC BNPA CITI WFBI BOFA MSNY GSCC COBA DRES BYLA MALA HYVE LOYD MIDL NWBK RBOS CRLY SOGE AGRI UBSW CRES SANB BBVA UNCR BCIT INGB ABNA RABO ROYA TDOM BNSC ANZB NATA WPAC CTBA BKCH MHCB BOTK ICBK ABOC PCBC SCBL DBSS OCBC UOVB SHBK KOEX NACF REVO TRWI".split(
    " ",
  ),
);

const BIC_CONTEXT = ["bic", "swift", "swift code", "bic code", "bank code", "bank identifier", "routing", "iban", "bank"];

/**
 * BIC (ISO 9362): 4 letters, a real country code, 2 letters or digits, and an optional 3-character
 * branch. An all-capitals word can have that shape ("ABSOLUTE"), so it also needs a context word,
 * a digit in the location code, the `XXX` head-office branch, or a known bank's institution code.
 */
const bic = regexRecognizer({
  entity: "BIC_SWIFT",
  tier: 2,
  priority: 55,
  gate: upperWordOf(8, 11),
  pattern: /\b[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b/g,
  validate: (c) => COUNTRIES.has(c.slice(4, 6)),
});

const bicRecognizer: Recognizer = {
  ...bic,
  find(ctx, emit) {
    const text = ctx.text;
    bic.find(ctx, (start, end) => {
      const value = text.slice(start, end);
      const strong = /\d/.test(value.slice(6, 8)) || value.endsWith("XXX") || KNOWN_BANKS.has(value.slice(0, 4));
      if (strong || contextBefore(text, start)) emit(start, end);
    });
  },
};

function contextBefore(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 40), at).toLowerCase();
  return BIC_CONTEXT.some((w) => before.includes(w));
}

export const customRecognizers: readonly Recognizer[] = [bicRecognizer];

export const customCues: readonly CueSpec[] = [cvv];
