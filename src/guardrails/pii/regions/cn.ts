/** Recognisers of SPEC's "China (mainland)" group. */
import { cnResidentIdValid, cnUsccValid } from "../checksums.ts";
import { regexRecognizer, type Recognizer } from "../recognizer.ts";
import { digitRunAtLeast, digitRunOf, either, upperWordOf } from "../text-shape.ts";

/** Resident identity card: province, birth date and ISO 7064 MOD 11-2 check (0-9 or X). */
const residentId = regexRecognizer({
  needsDigit: true,
  entity: "CN_RESIDENT_ID",
  priority: 90,
  gate: digitRunOf(17, 18),
  pattern: /\d{17}[\dXx]/g,
  boundary: "number",
  validate: cnResidentIdValid,
});

/** Unified social credit code: 18 characters with the GB 32100-2015 mod-31 check. */
const uscc = regexRecognizer({
  needsDigit: true,
  entity: "CN_USCC",
  priority: 85,
  gate: upperWordOf(18),
  pattern: /[0-9A-HJ-NP-RTUW-Y]{2}\d{6}[0-9A-HJ-NP-RTUW-Y]{10}/g,
  validate: cnUsccValid,
});

/** Mobile numbers: 1[3-9]x and 8 digits (3-4-4 groups allowed), optionally after +86 or 0086. */
const mobilePattern = regexRecognizer({
  needsDigit: true,
  entity: "CN_MOBILE",
  priority: 60,
  // The last four digits stand alone, or close a run of eight or more.
  gate: either(digitRunOf(4), digitRunAtLeast(8)),
  pattern: /(?:\+86[ -]?|0086[ -]?)?1[3-9]\d[ -]?\d{4}[ -]?\d{4}/g,
  boundary: "number",
  validate: (c) => /^(?:\+?0{0,2}86)?1(?:3\d|4[5-9]|5[0-35-9]|6[2567]|7[0-8]|8\d|9\d)\d{8}$/.test(c),
});

/**
 * A `+` right before the digits, not followed by 86, starts another country's number: `+1` and
 * ten digits written without spaces (+17883858831) is a North American number.
 */
const mobile: Recognizer = {
  ...mobilePattern,
  find(ctx, emit) {
    mobilePattern.find(ctx, (start, end) => {
      if (ctx.text.charCodeAt(start - 1) !== 43) emit(start, end);
    });
  },
};

export const cnRecognizers: readonly Recognizer[] = [residentId, uscc, mobile];
