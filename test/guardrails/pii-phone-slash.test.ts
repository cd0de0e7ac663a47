/**
 * German and Austrian phone numbers with a slash after the area code are PHONE_NUMBER by default
 * (the default PII entry, all types), and the slash shapes that are not phone numbers stay.
 */
import { describe, expect, test } from "bun:test";
import { createPiiMasker } from "../../src/guardrails/pii/guardrail.ts";

const pii = createPiiMasker({});
const masked = (text: string) => pii.mask(text).text;

describe("phone numbers with a slash after the area code", () => {
  for (const [text, expected] of [
    ["Ruf mich an: 030/12345678", "Ruf mich an: <PHONE_NUMBER>"],
    ["Büro Köln 0221/1234567.", "Büro Köln <PHONE_NUMBER>."],
    ["Handy +49 30/1234567", "Handy <PHONE_NUMBER>"],
    ["mit Trunk +49 (0) 30/1234567", "mit Trunk <PHONE_NUMBER>"],
    ["mobil 01512/3456789", "mobil <PHONE_NUMBER>"],
    ["A1 mobil 0664/1234567", "A1 mobil <PHONE_NUMBER>"],
    ["Wien 01/5123456", "Wien <PHONE_NUMBER>"],
    ["aus dem Ausland +43 664/1234567", "aus dem Ausland <PHONE_NUMBER>"],
    ["0221/123 45 67 ist die Zentrale", "<PHONE_NUMBER> ist die Zentrale"],
  ] as const) {
    test(`${text} -> ${expected}`, () => expect(masked(text)).toBe(expected));
  }

  for (const text of ["seit 01/2024", "am 06/12/2024 um 10 Uhr", "Az. 0123/45678", "Kundennr. 0815/123456", "Seite 12/345678", "Rechnung 2023/123456", "1/2 cup of flour", "Steuernummer 181/815/08155", "order 0221/1234567"]) {
    test(`not a phone number: ${text}`, () => expect(masked(text)).toBe(text));
  }
});
