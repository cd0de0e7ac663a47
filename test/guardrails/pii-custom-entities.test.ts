/**
 * Custom PII (DECISIONS §14): a PII entry's `custom_entities` recognise the user's own values,
 * masked as `<NAME>`, with context words and built-in checksums, in overlaps, masking, output
 * blocking, streams and reversible masking like the built-in types (through the proxy with the
 * openai SDK); `validate` refuses bad ones with the field and the reason.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import OpenAI from "openai";
import { createPiiMasker } from "../../src/guardrails/pii/guardrail.ts";
import { runCli } from "../helpers/cli.ts";
import { policy, tempPolicyDir } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const EMPLOYEE = { name: "EMPLOYEE_ID", pattern: "EMP-\\d{6}" };
const ACCOUNT = { name: "ACCOUNT_NUMBER", pattern: "\\d{10}", context: ["account", "Konto"] };
const CARD = { name: "LOYALTY_CARD", pattern: "\\d{4} \\d{4} \\d{4} \\d{4}", validator: "luhn", score: 0.95 };
const mask = (text: string, custom: object[], extra: object = {}) => createPiiMasker({ entities: ["EMAIL_ADDRESS", "PHONE_NUMBER"], custom_entities: custom as never, ...extra }).mask(text);

describe("custom entities in the PII masker", () => {
  test("a pattern of one's own is masked as <NAME> and reported in the result", () => {
    const out = mask("Ticket for EMP-123456, copy ann@corp.example.", [EMPLOYEE]);
    expect(out.text).toBe("Ticket for <EMPLOYEE_ID>, copy <EMAIL_ADDRESS>.");
    expect([...out.labels].sort()).toEqual(["EMAIL_ADDRESS", "EMPLOYEE_ID"]);
    expect((out.info as { entity_types_checked: string[] }).entity_types_checked).toContain("EMPLOYEE_ID");
    // Not inside a longer word or number.
    expect(mask("XEMP-1234567", [EMPLOYEE]).text).toBe("XEMP-1234567");
  });

  test("context words: only within 40 characters, before or after, any case", () => {
    expect(mask("Account: 4412345678 please", [ACCOUNT]).text).toBe("Account: <ACCOUNT_NUMBER> please");
    expect(mask("4412345678 ist mein Konto", [ACCOUNT]).text).toBe("<ACCOUNT_NUMBER> ist mein Konto");
    expect(mask("order 4412345678 shipped", [ACCOUNT]).text).toBe("order 4412345678 shipped");
    expect(mask(`account ${"x ".repeat(30)}4412345678`, [ACCOUNT]).text).toContain("4412345678");
  });

  test("validators: luhn and mod11 decide", () => {
    expect(mask("card 4111 1111 1111 1111", [CARD], { entities: ["EMAIL_ADDRESS"] }).text).toBe("card <LOYALTY_CARD>");
    expect(mask("card 4111 1111 1111 1112", [CARD], { entities: ["EMAIL_ADDRESS"] }).text).toBe("card 4111 1111 1111 1112");
    // 123456 weighted from the right 2, 3, 4, 5, 6, 7: 12+15+16+15+12+7 = 77, 77 % 11 = 0: check digit 0.
    expect(mask("badge 1234560", [{ name: "BADGE", pattern: "\\d{6}[\\dX]", validator: "mod11" }]).text).toBe("badge <BADGE>");
    expect(mask("badge 1234561", [{ name: "BADGE", pattern: "\\d{6}[\\dX]", validator: "mod11" }]).text).toBe("badge 1234561");
    // 9700000001 = 97 * 100000000 + 1.
    expect(mask("ref 9700000001", [{ name: "REF", pattern: "\\d{10}", validator: "mod97" }]).text).toBe("ref <REF>");
    expect(mask("ref 9700000002", [{ name: "REF", pattern: "\\d{10}", validator: "mod97" }]).text).toBe("ref 9700000002");
    // Verhoeff: 2363 is valid (236 with its check digit 3).
    expect(mask("code 2363", [{ name: "CODE", pattern: "\\d{4}", validator: "verhoeff" }]).text).toBe("code <CODE>");
    expect(mask("code 2364", [{ name: "CODE", pattern: "\\d{4}", validator: "verhoeff" }]).text).toBe("code 2364");
  });

  test("overlaps: the longer custom value wins over the phone number inside it", () => {
    const out = mask("call desk TKT-555-0134-7788 now", [{ name: "TICKET", pattern: "TKT-\\d{3}-\\d{4}-\\d{4}" }]);
    expect(out.text).toBe("call desk <TICKET> now");
  });

  test("reversible masking numbers custom placeholders like built-in ones", async () => {
    const { PlaceholderVault } = await import("../../src/guardrails/text/vault.ts");
    const vault = new PlaceholderVault();
    const out = createPiiMasker({ entities: ["EMAIL_ADDRESS"], custom_entities: [EMPLOYEE], reversible: true }).mask("EMP-123456 and EMP-654321", { resent: false, vault });
    expect(out.text).toBe("<EMPLOYEE_ID_1> and <EMPLOYEE_ID_2>");
    expect(vault.values.get("<EMPLOYEE_ID_2>")).toBe("EMP-654321");
  });
});

describe("custom entities through the proxy (openai SDK)", () => {
  let fx: ProxyFixture;
  let openai: OpenAI;
  beforeAll(async () => {
    fx = await startProxyFixture({
      policies: {
        "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"], custom_entities: [EMPLOYEE] } }], output: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"], custom_entities: [EMPLOYEE] } }] }),
        "reversible.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"], custom_entities: [EMPLOYEE], reversible: true } }] }),
        "block-output.json": policy({ output: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"], custom_entities: [EMPLOYEE], block: true }, suppress_enforcement: false }] }),
      },
    });
    openai = new OpenAI({ baseURL: `${fx.server.url}/v1`, apiKey: "k", maxRetries: 0 });
  });
  afterAll(() => fx.stop());
  const chat = (content: string, configId: string) => openai.chat.completions.create({ model: "m", messages: [{ role: "user", content }], guardrails: { config_id: configId } } as never);

  test("masked on the way in", async () => {
    await chat("Look up EMP-123456 please", "mask");
    expect(JSON.stringify(fx.mock.last().body)).toContain("Look up <EMPLOYEE_ID> please");
  });

  test("output blocking: an answer holding a custom value is refused", async () => {
    fx.mock.behave({ text: "The record belongs to EMP-123456." });
    const err = await chat("who?", "block-output").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(String((err as Error).message)).toContain("EMPLOYEE_ID");
    fx.mock.reset();
  });

  test("streams: a value split across chunks reaches the client masked (held back until whole)", async () => {
    fx.mock.behave({ chunks: ["Your id is EM", "P-12", "3456, keep it."] });
    const stream = await openai.chat.completions.create({ model: "m", stream: true, messages: [{ role: "user", content: "id?" }], guardrails: { config_id: "mask" } } as never);
    let text = "";
    for await (const chunk of stream as unknown as AsyncIterable<{ choices: { delta: { content?: string } }[] }>) text += chunk.choices[0]?.delta.content ?? "";
    expect(text).toBe("Your id is <EMPLOYEE_ID>, keep it.");
    fx.mock.reset();
  });

  test("reversible: the upstream sees a numbered placeholder, the client the value again", async () => {
    fx.mock.behave({ text: "I updated <EMPLOYEE_ID_1>." });
    const answer = await chat("update EMP-123456", "reversible");
    expect(JSON.stringify(fx.mock.last().body)).toContain("update <EMPLOYEE_ID_1>");
    expect(answer.choices[0]!.message.content).toBe("I updated EMP-123456.");
    fx.mock.reset();
  });
});

describe("validate checks custom entities", () => {
  test("bad regex, catastrophic pattern, unknown validator, name not UPPER_SNAKE, a built-in's name: one line each", async () => {
    const entry = (custom: object) => policy({ pre_flight: [{ name: "PII", config: { custom_entities: [custom] } }] });
    const dir = tempPolicyDir({
      "a.json": entry({ name: "BAD_REGEX", pattern: "EMP-(\\d{6}" }),
      "b.json": entry({ name: "SLOW", pattern: "(a+)+b" }),
      "c.json": entry({ name: "CHECKED", pattern: "\\d{8}", validator: "crc32" }),
      "d.json": entry({ name: "employeeId", pattern: "EMP-\\d{6}" }),
      "e.json": entry({ name: "EMAIL_ADDRESS", pattern: "x@y" }),
      "ok.json": entry({ ...ACCOUNT, validator: "luhn" }),
    });
    const r = await runCli(["validate", "--policy-dir", dir.path]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n");
    const at = (file: string) => `error: ${join(dir.path, file)}: pre_flight.guardrails[0].config.custom_entities[0]`;
    expect(lines.find((l) => l.startsWith(at("a.json")))).toStartWith(`${at("a.json")}.pattern: invalid regular expression`);
    expect(lines.find((l) => l.startsWith(at("b.json")))).toStartWith(`${at("b.json")}.pattern: pattern refused`);
    expect(lines).toContain(`${at("c.json")}.validator: unknown validator 'crc32': expected one of 'luhn', 'mod97', 'mod11', 'verhoeff'`);
    expect(lines.find((l) => l.startsWith(at("d.json")))).toStartWith(`${at("d.json")}.name: 'employeeId' is not UPPER_SNAKE`);
    expect(lines.find((l) => l.startsWith(at("e.json")))).toStartWith(`${at("e.json")}.name: 'EMAIL_ADDRESS' is a built-in entity type`);
    expect(lines.some((l) => l.includes("ok.json"))).toBe(false);
    expect(lines.at(-1)).toBe("5 problems found");
    dir.remove();
  });
});
