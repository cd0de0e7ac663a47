/**
 * Read by default (DECISIONS §8, §12), as a property: real MCP messages of every method, both
 * directions (test/helpers/mcp-messages.ts, each checked against the official SDK's schema),
 * with a canary put at every JSON path in turn (as the value, as the key, as a number), driven
 * through the MCP guard. Whatever the path, the canary never crosses: the message is blocked,
 * the list entry or initialize detail withheld, or the value masked. Only the fields the opaque
 * table names with a shape the canary can have (paging cursors, progress tokens, numeric
 * parameters) are exempt, and the exemption is computed from that table.
 */
import { describe, expect, test } from "bun:test";
import * as types from "@modelcontextprotocol/sdk/types.js";
import { startAudit } from "../../src/audit/request-audit.ts";
import { createLogger, memorySink } from "../../src/log/logger.ts";
import { compilePolicy } from "../../src/policy/compile.ts";
import type { McpServerEntry } from "../../src/proxy/families/mcp/config.ts";
import { guardClient } from "../../src/proxy/families/mcp/guard.ts";
import { OPAQUE_FIELDS } from "../../src/proxy/families/mcp/opaque.ts";
import { Quarantine } from "../../src/proxy/families/mcp/quarantine.ts";
import { MemoryStore } from "../../src/state/memory-store.ts";
import { readClientRequest, readClientResult, readError } from "../../src/proxy/families/mcp/reading.ts";
import { guardServerMessage, idKey, type ServerSide } from "../../src/proxy/families/mcp/server-messages.ts";
import { messageOf, SAMPLES, type McpSample } from "../helpers/mcp-messages.ts";

const compiled = compilePolicy("canary", {
  version: 1,
  pre_flight: { version: 1, guardrails: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS", "CREDIT_CARD"] } }] },
  input: { version: 1, guardrails: [{ name: "Keywords", config: { keywords: ["Project Nightingale"] } }] },
  output: { version: 1, guardrails: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS", "CREDIT_CARD"] } }, { name: "Keywords", config: { keywords: ["Project Nightingale"] } }] },
});
if (!compiled.ok) throw new Error(JSON.stringify(compiled.issues));
const policy = compiled.policy;

const KEYWORD = "Project Nightingale!";
const EMAIL = "jane.roe@example.com";
const CARD = 4111111111111111;

type Path = readonly (string | number)[];
interface Placement {
  readonly path: Path;
  readonly as: "value" | "key" | "number";
}

/** Every string value, key and number of a value, by path. */
function placements(value: unknown, path: Path = []): Placement[] {
  const out: Placement[] = [];
  if (typeof value === "string") out.push({ path, as: "value" });
  else if (typeof value === "number") out.push({ path, as: "number" });
  else if (Array.isArray(value)) value.forEach((v, i) => out.push(...placements(v, [...path, i])));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.push({ path: [...path, k], as: "key" });
      out.push(...placements(v, [...path, k]));
    }
  }
  return out;
}

/** A copy of `body` with `canary` placed. */
function place(body: Record<string, unknown>, at: Placement, canary: string | number): Record<string, unknown> {
  const copy = structuredClone(body);
  let holder: Record<string | number, unknown> = copy;
  for (const step of at.path.slice(0, -1)) holder = holder[step] as Record<string | number, unknown>;
  const last = at.path.at(-1)!;
  if (at.as === "key") {
    const entries = Object.entries(holder);
    for (const [k] of entries) delete holder[k];
    for (const [k, v] of entries) holder[k === last ? String(canary) : k] = v;
  } else holder[last] = canary;
  return copy;
}

/** The table lets this canary through under this key (a cursor, a token, a numeric parameter). */
function exempt(at: Placement, canary: string | number): boolean {
  if (at.as === "key") return false;
  const key = at.path.at(-1);
  return OPAQUE_FIELDS.some((f) => f.zone !== "envelope" && f.key === key && f.accepts(canary));
}

const log = createLogger("error", memorySink());
const entry = { name: "canary-server", url: "http://127.0.0.1:1/mcp" } as McpServerEntry;

/** What crosses the proxy for this message: the message as relayed, or null when withheld or answered by the proxy. */
async function crossing(sample: McpSample, body: Record<string, unknown>): Promise<unknown> {
  const ctx = { policy, audit: startAudit(new Request("http://x/mcp"), "/mcp/:name") };
  const message = messageOf(sample, body);
  if (sample.from === "client") {
    const reading = sample.kind === "result" ? readClientResult(sample.method, body) : sample.kind === "error" ? readError(body) : readClientRequest(sample.method, body);
    const block = await guardClient(ctx, reading);
    return block ? null : message;
  }
  const side: ServerSide = { entry, quarantine: new Quarantine(new MemoryStore(), 3600), log, asked: new Map([[idKey(7), sample.method]]), refuseServerRequest: () => {} };
  return guardServerMessage(ctx, side, message);
}

describe("the samples are real MCP messages", () => {
  for (const sample of SAMPLES) {
    test(`${sample.name} passes the SDK's ${sample.schema}`, () => {
      const schema = (types as unknown as Record<string, { parse(v: unknown): unknown }>)[sample.schema]!;
      const message = messageOf(sample);
      const parsed = sample.kind === "error" ? message : sample.kind === "result" ? message.result : { method: sample.method, params: message.params };
      expect(() => schema.parse(parsed)).not.toThrow();
    });
  }
});

describe("a canary at every path never crosses unjudged", () => {
  for (const sample of SAMPLES) {
    test(`${sample.from} ${sample.name}`, async () => {
      const leaks: string[] = [];
      for (const at of placements(sample.body)) {
        const canaries: (string | number)[] = at.as === "number" ? [CARD] : [KEYWORD, EMAIL];
        for (const canary of canaries) {
          if (exempt(at, canary)) continue;
          const out = JSON.stringify(await crossing(sample, place(sample.body, at, canary)));
          if (out.includes(String(canary))) leaks.push(`${at.as} ${JSON.stringify(at.path)} ${canary}`);
        }
      }
      expect(leaks).toEqual([]);
    });
  }

  test("the clean samples cross unchanged (nothing read is rewritten without cause)", async () => {
    for (const sample of SAMPLES) {
      const out = await crossing(sample, structuredClone(sample.body));
      expect(out).toEqual(messageOf(sample));
    }
  });

  test("35 levels of schema nesting: a canary at the bottom is read", async () => {
    let leaf: Record<string, unknown> = { type: "string", description: KEYWORD };
    for (let i = 0; i < 35; i++) leaf = i % 2 === 0 ? { type: "array", items: leaf } : { type: "object", additionalProperties: leaf };
    const sample = SAMPLES.find((s) => s.name === "tools/list result")!;
    const body = { tools: [{ name: "deep", inputSchema: leaf }, { name: "fine", inputSchema: { type: "object" } }] };
    const out = (await crossing(sample, body)) as { result: { tools: { name: string }[] } };
    expect(out.result.tools.map((t) => t.name)).toEqual(["fine"]);
  });
});
