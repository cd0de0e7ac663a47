import { describe, expect, test } from "bun:test";
import { createUrlFilterMasker, type UrlFilterConfig } from "../../src/guardrails/url-filter/guardrail.ts";
import { expectLinear } from "../helpers/timing.ts";

const mask = (text: string, config: UrlFilterConfig) => createUrlFilterMasker(config).mask(text).text;

describe("URLFilter", () => {
  test("an empty allow list blocks every URL", () => {
    expect(mask("see https://example.com/a and www.test.org.", {})).toBe("see <BLOCKED_URL> and <BLOCKED_URL>.");
  });

  test("allowed hosts pass; others are masked", () => {
    const cfg = { allow_list: ["docs.acme.com"] };
    expect(mask("read https://docs.acme.com/guide, not https://evil.io/x", cfg)).toBe("read https://docs.acme.com/guide, not <BLOCKED_URL>");
  });

  test("subdomains need allow_subdomains", () => {
    expect(mask("https://api.acme.com/v1", { allow_list: ["acme.com"] })).toBe("<BLOCKED_URL>");
    expect(mask("https://api.acme.com/v1", { allow_list: ["acme.com"], allow_subdomains: true })).toBe("https://api.acme.com/v1");
    expect(mask("https://notacme.com/v1", { allow_list: ["acme.com"], allow_subdomains: true })).toBe("<BLOCKED_URL>");
  });

  test("schemes outside allowed_schemes are blocked", () => {
    const cfg = { allow_list: ["acme.com"] };
    expect(mask("http://acme.com and ftp://acme.com", cfg)).toBe("<BLOCKED_URL> and <BLOCKED_URL>");
    expect(mask("http://acme.com", { ...cfg, allowed_schemes: ["http", "https"] })).toBe("http://acme.com");
  });

  test("user:password@ is blocked unless block_userinfo is false", () => {
    const cfg = { allow_list: ["acme.com"] };
    expect(mask("https://bob:pw@acme.com/x", cfg)).toBe("<BLOCKED_URL>");
    expect(mask("https://bob:pw@acme.com/x", { ...cfg, block_userinfo: false })).toBe("https://bob:pw@acme.com/x");
  });

  test("allow-list entries with a path allow only that path prefix", () => {
    const cfg = { allow_list: ["https://acme.com/docs"] };
    expect(mask("https://acme.com/docs/a https://acme.com/docsevil https://acme.com/", cfg)).toBe("https://acme.com/docs/a <BLOCKED_URL> <BLOCKED_URL>");
  });

  test("bare domains with common TLDs are URLs; file names are not", () => {
    expect(mask("go to evil.com/login or open main.py and README.md", {})).toBe("go to <BLOCKED_URL> or open main.py and README.md");
  });

  test("sentence punctuation is not part of a URL; a closing paren of the URL is", () => {
    expect(mask("(see https://x.io/a).", {})).toBe("(see <BLOCKED_URL>).");
    expect(mask("https://en.wikipedia.org/wiki/Foo_(bar) ok", {})).toBe("<BLOCKED_URL> ok");
  });

  test("an email address is not a URL", () => {
    expect(mask("mail bob@evil.com", {})).toBe("mail bob@evil.com");
  });

  test("block: true trips instead of only masking", () => {
    const r = createUrlFilterMasker({ block: true }).mask("x https://evil.io");
    expect(r.tripped).toBe(true);
    expect(r.labels).toEqual(["blocked_host"]);
  });

  test("linear time on hostile inputs", () => {
    const m = createUrlFilterMasker({ allow_list: ["acme.com"] });
    for (const unit of ["a.", "http://", "www.", "a-", "https://a.com/(", "x.com ", "a.b.c.d.e", "(", "::"]) {
      expectLinear(`URLFilter on ${JSON.stringify(unit)}`, (t) => m.mask(t), unit);
    }
  });
});
