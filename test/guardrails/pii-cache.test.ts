/**
 * The PII scan cache: recent texts keep their scans from their second sighting on (a
 * conversation's history is sent again with every turn; most texts never are), or from the
 * first when the pipeline says the text will be resent (a request that holds an assistant
 * turn), least recently used out first, bounded by texts and characters, off unless the server
 * turns it on (SVC_GUARDRAILS_PII_CACHE).
 */
import { describe, expect, test } from "bun:test";
import { ALL_ENTITY_TYPES } from "../../src/guardrails/pii/entities.ts";
import { PiiEngine } from "../../src/guardrails/pii/engine.ts";
import { createPiiMasker } from "../../src/guardrails/pii/guardrail.ts";
import { ScanCache } from "../../src/guardrails/pii/scan-cache.ts";
import { loadSettings } from "../../src/settings.ts";

/** Offers the text twice: a cache keeps only texts seen before. */
function setSeen<V>(c: ScanCache<V>, text: string, value: V): void {
  c.set(text, value);
  c.set(text, value);
}

describe("ScanCache", () => {
  test("keeps a text from its second sighting on", () => {
    const c = new ScanCache<number>(10, 1000);
    c.set("a", 1);
    expect(c.get("a")).toBeUndefined();
    expect(c.size).toBe(0);
    c.set("a", 1);
    expect(c.get("a")).toBe(1);
    for (const text of ["Grüße, 日本語 😀", "lone \ud800 surrogate"]) {
      setSeen(c, text, 2);
      expect(c.get(text)).toBe(2);
    }
  });

  test("texts seen once do not push out the ones seen twice", () => {
    const c = new ScanCache<number>(2, 1000);
    setSeen(c, "history-1", 1);
    setSeen(c, "history-2", 2);
    for (let i = 0; i < 1000; i++) c.set(`one-shot ${i}`, i);
    expect(c.get("history-1")).toBe(1);
    expect(c.get("history-2")).toBe(2);
    expect(c.size).toBe(2);
  });

  test("sightings are remembered for many more texts than are kept, then forgotten", () => {
    const c = new ScanCache<number>(2, 1000);
    c.set("message", 1);
    for (let i = 0; i < 20; i++) c.set(`other ${i}`, i); // 20 < 16 x 2 sightings
    c.set("message", 1);
    expect(c.get("message")).toBe(1);
    c.set("later", 2);
    for (let i = 0; i < 40; i++) c.set(`more ${i}`, i); // the sightings fill up and start over
    c.set("later", 2);
    expect(c.get("later")).toBeUndefined();
  });

  test("keeps the most recently used texts within the count", () => {
    const c = new ScanCache<number>(2, 1000);
    setSeen(c, "a", 1);
    setSeen(c, "b", 2);
    expect(c.get("a")).toBe(1); // "a" is now the most recent
    setSeen(c, "c", 3);
    expect(c.get("b")).toBeUndefined();
    expect(c.get("a")).toBe(1);
    expect(c.get("c")).toBe(3);
    expect(c.size).toBe(2);
  });

  test("keeps within the character budget, and never keeps one text over an eighth of it", () => {
    const c = new ScanCache<number>(100, 80);
    setSeen(c, "x".repeat(11), 1);
    expect(c.size).toBe(0);
    for (let i = 0; i < 10; i++) setSeen(c, `${i}`.padEnd(10, "y"), i);
    expect(c.size).toBe(8);
    expect(c.get("0".padEnd(10, "y"))).toBeUndefined();
    expect(c.get("9".padEnd(10, "y"))).toBe(9);
  });

  test("a text its caller says will be resent is kept on its first sighting", () => {
    const c = new ScanCache<number>(10, 1000);
    c.set("conversation message", 1, true);
    expect(c.get("conversation message")).toBe(1);
    c.set("one-shot", 2, false);
    expect(c.get("one-shot")).toBeUndefined();
    // Still bounded like any kept text.
    const small = new ScanCache<number>(1, 1000);
    small.set("m1", 1, true);
    small.set("m2", 2, true);
    expect([small.get("m1"), small.get("m2"), small.size]).toEqual([undefined, 2, 1]);
    expect(new ScanCache<number>(0, 1000).size).toBe(0);
  });

  test("a count of 0 keeps nothing", () => {
    const c = new ScanCache<number>(0, 1000);
    setSeen(c, "a", 1);
    expect(c.get("a")).toBeUndefined();
  });
});

describe("engine with a cache", () => {
  const text = "Ana Lopez, ana.lopez@corp.example, card 4111 1111 1111 1111, SSN 536-22-8716.";

  test("a text sent again gets the same scan from its third sighting; other texts are scanned", () => {
    const engine = new PiiEngine({ entities: ALL_ENTITY_TYPES, allowList: [], detectEncoded: false, cacheTexts: 10 });
    expect(engine.scan(text)).not.toBe(engine.scan(text));
    const first = engine.scan(text);
    expect(engine.scan(text)).toBe(first);
    expect(first.masked).toBe("<PERSON>, <EMAIL_ADDRESS>, card <CREDIT_CARD>, SSN <US_SSN>.");
    expect(engine.scan(`${text} `).masked).toBe(`${first.masked} `);
  });

  test("a text scanned as resent is reused from its second sighting", () => {
    const engine = new PiiEngine({ entities: ALL_ENTITY_TYPES, allowList: [], detectEncoded: false, cacheTexts: 10 });
    const first = engine.scan(text, true);
    expect(engine.scan(text)).toBe(first);
    const off = new PiiEngine({ entities: ALL_ENTITY_TYPES, allowList: [], detectEncoded: false, cacheTexts: 0 });
    expect(off.scan(text, true)).not.toBe(off.scan(text, true));
  });

  test("the cached scan equals a fresh one", () => {
    const cached = new PiiEngine({ entities: ALL_ENTITY_TYPES, allowList: [], detectEncoded: true, cacheTexts: 10 });
    const fresh = new PiiEngine({ entities: ALL_ENTITY_TYPES, allowList: [], detectEncoded: true });
    cached.scan(text);
    cached.scan(text);
    expect(cached.scan(text)).toBe(cached.scan(text));
    expect(cached.scan(text)).toEqual(fresh.scan(text));
  });

  test("maskers have no cache unless the server's services ask for one", () => {
    expect(createPiiMasker({}).mask(text).info).toEqual(createPiiMasker({}, { piiCacheTexts: 5 }).mask(text).info);
  });

  test("SVC_GUARDRAILS_PII_CACHE: 1000 by default, 0 turns it off, nonsense refuses start-up", () => {
    expect(loadSettings({}, { requireLicence: false }).piiCacheTexts).toBe(1000);
    expect(loadSettings({ SVC_GUARDRAILS_PII_CACHE: "0" }, { requireLicence: false }).piiCacheTexts).toBe(0);
    expect(() => loadSettings({ SVC_GUARDRAILS_PII_CACHE: "lots" }, { requireLicence: false })).toThrow("SVC_GUARDRAILS_PII_CACHE");
  });
});
