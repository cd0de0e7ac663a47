/**
 * Nothing reaches the model or the caller unseen (DECISIONS §8). Every row of docs/coverage.md:
 * an e-mail and a keyword put in that one field. Requests: what the mock upstream received (the
 * e-mail masked where the field is masked, kept where it is not) and whether the keyword blocks
 * (where the field is judged). Answers: an output policy that blocks either one blocks the
 * answer, whole and streamed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { policy } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";
import { ANSWER_CASES, GENERATE_STREAM_PATH, PATHS, REQUEST_CASES, type AnswerCase, type RequestCase } from "./coverage-cases.ts";
import { FIELD_TABLE_HEADER, fieldTableRows } from "./field-table-rows.ts";

const EMAIL = "jane.leak@example.com";
const TEXT = `Send the Project Nightingale plan to ${EMAIL} today.`;

let fx: ProxyFixture;
beforeAll(async () => {
  fx = await startProxyFixture({
    policies: {
      "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS"] } }] }),
      "keyword.json": policy({ input: [{ name: "Keywords", config: { keywords: ["Project Nightingale"] } }] }),
      "out-keyword.json": policy({ output: [{ name: "Keywords", config: { keywords: ["Project Nightingale"] } }] }),
      "out-pii.json": policy({ output: [{ name: "PII", suppress_enforcement: false, config: { block: true, entities: ["EMAIL_ADDRESS"] } }] }),
    },
    env: { MESSAGES_API_KEY: "k", GENERATE_BASE_URL: "$MOCK" },
  });
});
afterAll(() => fx.stop());
beforeEach(() => fx.mock.reset());

function send(c: { route: RequestCase["route"] }, body: Record<string, unknown>, configId: string, stream = false): Promise<Response> {
  // A generate stream is a path of its own; its body has no `stream` field.
  const path = c.route === "generate" && stream ? GENERATE_STREAM_PATH : PATHS[c.route];
  const { stream: _, ...rest } = body;
  return fx.server.post(path, { ...(c.route === "generate" ? rest : body), guardrails: { config_id: configId } }, { authorization: "Bearer sk-x", "x-api-key": "k", "x-goog-api-key": "k" });
}

describe("requests: every field", () => {
  for (const c of REQUEST_CASES) {
    test(`${c.route}: ${c.field}`, async () => {
      const masked = await send(c, c.body(TEXT), "mask");
      expect(masked.status).toBe(200);
      const received = c.sent(fx.mock.last().body as Record<string, unknown>);
      if (c.masked) {
        expect(received).toBe(TEXT.replace(EMAIL, "<EMAIL_ADDRESS>"));
      } else {
        expect(received).toBe(TEXT);
      }
      fx.mock.reset();
      const judged = await send(c, c.body(TEXT), "keyword");
      expect(judged.status).toBe(c.judged ? 400 : 200);
      expect(fx.mock.received.length).toBe(c.judged ? 0 : 1);
    });
  }
});

async function answerStatus(c: AnswerCase, configId: string, stream: boolean): Promise<{ status: number; body: string }> {
  const body =
    c.route === "messages" ? { model: "claude-x", max_tokens: 64, messages: [{ role: "user", content: "hi" }] }
    : c.route === "chat" ? { model: "m", messages: [{ role: "user", content: "hi" }] }
    : c.route === "generate" ? { contents: [{ role: "user", parts: [{ text: "hi" }] }] }
    : { model: "m", input: "hi" };
  const res = await send(c, { ...body, ...(stream ? { stream: true } : {}) }, configId, stream);
  return { status: res.status, body: await res.text() };
}

describe("answers: every field", () => {
  for (const c of ANSWER_CASES) {
    if (c.answer) {
      const answer = c.answer;
      test(`${c.route} answer: ${c.field}`, async () => {
        for (const configId of ["out-keyword", "out-pii"]) {
          fx.mock.behave({ answer: answer(TEXT) });
          expect((await answerStatus(c, configId, false)).status).toBe(400);
        }
        // A clean answer in the same field passes.
        fx.mock.behave({ answer: answer("Nothing to see here.") });
        expect((await answerStatus(c, "out-keyword", false)).status).toBe(200);
      });
    }
    if (c.stream) {
      const stream = c.stream;
      test(`${c.route} stream: ${c.field}`, async () => {
        for (const configId of ["out-keyword", "out-pii"]) {
          fx.mock.behave({ events: stream(TEXT) });
          const got = await answerStatus(c, configId, true);
          expect(got.status).toBe(200);
          // The stream ends with the family's block: content_filter, incomplete, or an error event.
          expect(got.body).toMatch(/content_filter|guardrail_enforcement_triggered|"SAFETY"/);
        }
        fx.mock.behave({ events: stream("Nothing to see here.") });
        expect((await answerStatus(c, "out-keyword", true)).body).not.toMatch(/content_filter|guardrail_enforcement_triggered|"SAFETY"/);
      });
    }
  }
});

describe("docs/coverage.md", () => {
  test("lists every case, and nothing the cases do not prove", () => {
    const doc = readFileSync(join(import.meta.dir, "..", "..", "docs", "coverage.md"), "utf8");
    // The table under the `| route | side | ...` header, to its first blank line.
    const lines = doc.split("\n");
    const header = lines.findIndex((l) => l.startsWith("| route | side |"));
    const end = lines.indexOf("", header);
    const rows = lines.slice(header + 2, end);
    const expected = [
      ...REQUEST_CASES.map((c) => `| ${c.route} | request | ${c.field} | ${c.masked ? "masked" : "-"} | ${c.judged ? "judged" : "-"} |`),
      ...ANSWER_CASES.map((c) => `| ${c.route} | answer | ${c.field} | - | judged${c.answer ? ", whole" : ""}${c.stream ? ", streamed" : ""} |`),
    ];
    expect(rows).toEqual(expected);
  });

  test("lists every family's opaque fields exactly as the code's tables say (npm run docs:coverage writes it)", () => {
    const lines = readFileSync(join(import.meta.dir, "..", "..", "docs", "coverage.md"), "utf8").split("\n");
    const header = lines.findIndex((l) => l === FIELD_TABLE_HEADER);
    expect(header).toBeGreaterThan(-1);
    expect(lines.slice(header + 2, lines.indexOf("", header))).toEqual(fieldTableRows());
  });
});
