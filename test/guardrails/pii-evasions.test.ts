/**
 * Personal data written to evade a pattern while a model still reads it (spelled and escaped
 * addresses, digits of other scripts, numbers split by marks, lines and table cells, lower-case
 * IBANs, keys in pieces): masked where the caller wrote it, blocked with `block: true`, and the
 * near misses (versions, dates, figures, "at" in prose) left alone. The blind list these were
 * built against is measured by eval/pii-evasive.ts; the values here are others.
 */
import { describe, expect, test } from "bun:test";
import { createPiiMasker } from "../../src/guardrails/pii/guardrail.ts";
import { createSecretKeysMasker } from "../../src/guardrails/secret-keys/guardrail.ts";
import { openKeyStart } from "../../src/guardrails/secret-keys/split-keys.ts";
import { digitValue, openAddressStart } from "../../src/guardrails/text/evasions.ts";
import { normalizeText } from "../../src/guardrails/text/normalize.ts";
import { revealEvasions } from "../../src/guardrails/text/evasions.ts";
import { holdStart } from "../../src/streaming/holdback.ts";
import { expectLinear } from "../helpers/timing.ts";

const pii = createPiiMasker({});
const piiBlock = createPiiMasker({ block: true });
const keys = createSecretKeysMasker({});

/** [text, the value as written, its placeholder]. */
const MASKED: readonly (readonly [string, string, string])[] = [
  ["reply to tom.berg[at]posteo[dot]de soon", "tom.berg[at]posteo[dot]de", "<EMAIL_ADDRESS>"],
  ["reply to tom.berg [ at ] posteo [ dot ] de soon", "tom.berg [ at ] posteo [ dot ] de", "<EMAIL_ADDRESS>"],
  ["reply to tom.berg(at)posteo.de soon", "tom.berg(at)posteo.de", "<EMAIL_ADDRESS>"],
  ["reply to tom.berg {at} posteo {dot} de soon", "tom.berg {at} posteo {dot} de", "<EMAIL_ADDRESS>"],
  ["reply to tomberg at posteo dot de soon", "tomberg at posteo dot de", "<EMAIL_ADDRESS>"],
  ["reply to tom_berg at posteo.de soon", "tom_berg at posteo.de", "<EMAIL_ADDRESS>"],
  ["mail: tom.berg&#64;posteo.de", "tom.berg&#64;posteo.de", "<EMAIL_ADDRESS>"],
  ["mail: tom.berg&#0064posteo.de", "tom.berg&#0064posteo.de", "<EMAIL_ADDRESS>"],
  ["mail: tom.berg&commat;posteo&period;de", "tom.berg&commat;posteo&period;de", "<EMAIL_ADDRESS>"],
  ['{"mail":"tom.berg\\u0040posteo.de"}', "tom.berg\\u0040posteo.de", "<EMAIL_ADDRESS>"],
  ["mail: tom.berg@posteo(.)de", "tom.berg@posteo(.)de", "<EMAIL_ADDRESS>"],
  ["card ٥٥٠٠ ٠٠٠٠ ٠٠٠٠ ٠٠٠٤ ok", "٥٥٠٠ ٠٠٠٠ ٠٠٠٠ ٠٠٠٤", "<CREDIT_CARD>"],
  ["card ۴۰۱۲۸۸۸۸۸۸۸۸۱۸۸۱ ok", "۴۰۱۲۸۸۸۸۸۸۸۸۱۸۸۱", "<CREDIT_CARD>"],
  ["card ५५०० ०००० ०००० ०००४ ok", "५५०० ०००० ०००० ०००४", "<CREDIT_CARD>"],
  ["card ᠕᠕᠐᠐᠐᠐᠐᠐᠐᠐᠐᠐᠐᠐᠐᠔ ok", "᠕᠕᠐᠐᠐᠐᠐᠐᠐᠐᠐᠐᠐᠐᠐᠔", "<CREDIT_CARD>"],
  ["card 5500.0000.0000.0004 ok", "5500.0000.0000.0004", "<CREDIT_CARD>"],
  ["card 5500_0000_0000_0004 ok", "5500_0000_0000_0004", "<CREDIT_CARD>"],
  ["card 5500/0000/0000/0004 ok", "5500/0000/0000/0004", "<CREDIT_CARD>"],
  ["card:\n5500\n0000\n0000\n0004\nok", "5500\n0000\n0000\n0004", "<CREDIT_CARD>"],
  ["| a | b | c | d |\n|---|---|---|---|\n| 5500 | 0000 | 0000 | 0004 |", "5500 | 0000 | 0000 | 0004", "<CREDIT_CARD>"],
  ["| g |\n|---|\n| 5500 |\n| 0000 |\n| 0000 |\n| 0004 |", "5500 |\n| 0000 |\n| 0000 |\n| 0004", "<CREDIT_CARD>"],
  ["card 5 5 0 0 0 0 0 0 0 0 0 0 0 0 0 4 ok", "5 5 0 0 0 0 0 0 0 0 0 0 0 0 0 4", "<CREDIT_CARD>"],
  ["カード5500000000000004です", "5500000000000004", "<CREDIT_CARD>"],
  ["it is 078/05/1121 on file", "078/05/1121", "<US_SSN>"],
  ["ssn: 078.05.1121", "078.05.1121", "<US_SSN>"],
  ["NHS no 401/023/2137", "401/023/2137", "<UK_NHS>"],
  ["pay ch93 0076 2011 6238 5295 7 now", "ch93 0076 2011 6238 5295 7", "<IBAN_CODE>"],
  ["pay be68539007547034 now", "be68539007547034", "<IBAN_CODE>"],
  ["pay BE68.5390.0754.7034 now", "BE68.5390.0754.7034", "<IBAN_CODE>"],
  ["pay\nBE68\n5390\n0754\n7034\nnow", "BE68\n5390\n0754\n7034", "<IBAN_CODE>"],
  ["call +33_1_42_68_53_00 now", "+33_1_42_68_53_00", "<PHONE_NUMBER>"],
  ["host 203[.]0[.]113[.]77 again", "203[.]0[.]113[.]77", "<IP_ADDRESS>"],
];

describe("evasive forms are masked where the caller wrote them", () => {
  for (const [text, value, placeholder] of MASKED) {
    test(JSON.stringify(value), () => {
      expect(pii.mask(text).text).toBe(text.replace(value, placeholder));
      expect(piiBlock.mask(text).tripped).toBe(true);
    });
  }

  test("keys in pieces", () => {
    const gh = "ghp_Q7rT2mWx9KpL4sVb 8NcZ1yHd6FgJ3eAq5UiO";
    expect(keys.mask(`token ${gh} for CI`).text).toBe("token <SECRET_KEY> for CI");
    const aws = "AKIAQ4WZ7RT2 MX9KPL4S";
    expect(keys.mask(`id ${aws} ok`).text).toBe("id <SECRET_KEY> ok");
    const hf = "hf_Q7rT2mWx9KpL4sVb8N\ncZ1yHd6FgJ3eAq5U";
    expect(keys.mask(`hf:\n${hf}\nthanks`).text).toBe("hf:\n<SECRET_KEY>\nthanks");
    expect(createSecretKeysMasker({ block: true }).mask(`token ${gh}`).tripped).toBe(true);
  });
});

const NEAR_MISSES: readonly string[] = [
  "Upgrade to version 3.12.1.0 today.",
  "Invoices dated 05/11/2023, 06/11/2023 and 2023/11/07.",
  "Ticket 5500-2211-0093 is closed.",
  "Dinner at eight, at Luigi's, at the usual table.",
  "Join us [at] the kick-off (at) noon.",
  "We left at dawn dot by dot.",
  "Reach the team at docs.example.org for help.",
  "Write &#64; for @ and &lt; for <.",
  "Escape it as \\u0040 in JSON strings.",
  "| week | orders |\n|---|---|\n| 1 | 5500 |\n| 2 | 4410 |\n| 3 | 3720 |",
  "Totals\n5512\n4410\n3720\n2980\n",
  "Version v4_1_0_2 and build 2024_11_05.",
  "The fraction 3/8/12 and the score 123/45/6789x.",
  "commit ab12cd3 fixed ch93 in the parser",
  "The prefix sk-proj- marks project keys; ghp_ marks classic tokens.",
  "Numbers ٣ و ٤ و ١٢ only.",
];

describe("near misses are left as they are", () => {
  for (const text of NEAR_MISSES) {
    test(JSON.stringify(text), () => {
      expect(pii.mask(text).text).toBe(text);
      expect(keys.mask(text).text).toBe(text);
    });
  }
});

describe("the revealed text maps back to the original", () => {
  test("ASCII prose without anchors is returned as it is", () => {
    const norm = normalizeText("We met on Monday and talked about the plan.");
    expect(revealEvasions(norm)).toBe(norm);
  });

  test("digits of every script have their value", () => {
    expect([0x661, 0x6f5, 0x96f, 0x9e7, 0xe52, 0x1814, 0x1e950 + 7].map(digitValue)).toEqual([1, 5, 9, 1, 2, 4, 7]);
    expect([0x41, 0x660 - 1, 0x4e00].map(digitValue)).toEqual([-1, -1, -1]);
  });
});

describe("streams hold a value still being written", () => {
  test("an address whose [at] stands between spaces, from its local part", () => {
    for (const tail of ["x tom.berg ", "x tom.berg [", "x tom.berg (a", "x tom.berg [at] pos", "x tom.berg at posteo dot ", "x tom.berg &#64;posteo"]) {
      expect({ tail, start: openAddressStart(tail) }).toEqual({ tail, start: 2 });
    }
    for (const tail of ["we met at the station ", "tom ", "tom.berg [at] the meeting on ", "the end."]) {
      expect({ tail, start: openAddressStart(tail) }).toEqual({ tail, start: -1 });
    }
  });

  test("a key in pieces, from its prefix", () => {
    expect(openKeyStart("use ghp_Q7rT2mWx9KpL4sVb ")).toBe(4);
    expect(openKeyStart("use ghp_Q7rT2mWx9KpL4sVb 8Nc")).toBe(4);
    expect(openKeyStart("use ghp_Q7rT2mWx9KpL4sVb for the")).toBe(-1);
  });

  test("digit groups joined by lines, table cells and spaced marks", () => {
    const at = (text: string) => holdStart(text, 0, 64, null);
    expect(at("x | 5500 |\n| 0000 |\n| ")).toBe(4);
    expect(at("x 5500 . 0000 . ")).toBe(2);
    expect(at("x ٥٥٠٠ ٠٠٠٠ ")).toBe(2);
    expect(at("IBAN ch93 0076 WEST ")).toBe(5);
  });
});

describe("linear time on hostile inputs", () => {
  test("PII on spelled, bracketed, escaped and split forms", () => {
    for (const unit of ["a[at]", "a [at] b", "a at b dot ", "a.b at c ", "&#64;", "&#x40", "\\u0040a", "a@b[.]", "1.", "1_", "1/", "1 |\n| ", "٤", "٤ ", "de89 ", "DE89", "+1_", "1[.]"]) {
      expectLinear(`PII on ${JSON.stringify(unit)}`, (t) => pii.mask(t), unit);
    }
  }, 180_000);

  test("the stream's look for an open address or key", () => {
    for (const unit of ["a.b [at] ", "a [", "sk-a1B2 ", "ghp_", "a at b dot "]) {
      expectLinear(`openAddressStart on ${JSON.stringify(unit)}`, (t) => openAddressStart(t), unit);
      expectLinear(`openKeyStart on ${JSON.stringify(unit)}`, (t) => openKeyStart(t), unit);
    }
  }, 60_000);

  test("SecretKeys on pieces", () => {
    for (const unit of ["sk-a1B2 ", "ghp_a1B2 ", "AKIA1 "]) {
      expectLinear(`SecretKeys on ${JSON.stringify(unit)}`, (t) => keys.mask(t), unit);
    }
  }, 60_000);
});
