/**
 * The held-out lists of eval/held-out/ (written by someone who had read only the README and
 * docs/, never the code, the tests or the other lists; never tuned on: read them only to
 * measure), judged black-box as users run the product: prompts through `scan --jsonl` on the
 * shipped default policy (input, and output for evasive personal data); tools and tool results
 * through a real proxy (`serve --mcp-config`) in front of an MCP server built with the official
 * SDK, listed and called with the SDK's client, under the shipped mcp-agents policy.
 *
 *   npx bun eval/held-out.ts [CHECKOUT]      (SHOW=1 lists the ids missed and flagged)
 */
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ListToolsRequestSchema, CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const checkout = process.argv[2] ?? join(import.meta.dir, "..");
const dir = join(import.meta.dir, "held-out");
const jsonl = (f: string) => readFileSync(join(dir, f), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));

interface ScanResult {
  readonly allowed?: boolean;
  readonly sanitized_text?: string;
}

async function scan(texts: string[], configId: string, stage?: string): Promise<ScanResult[]> {
  const args = ["x", "bun", join(checkout, "src/main.ts"), "scan", "--config-id", configId, "--policy-dir", join(checkout, "policies"), "--jsonl", "-"];
  if (stage) args.splice(args.length - 2, 0, "--stage", stage);
  const proc = Bun.spawn(["npx", ...args.slice(1)], { stdin: "pipe", stdout: "pipe", stderr: "pipe", cwd: checkout });
  proc.stdin.write(texts.map((t) => JSON.stringify({ text: t })).join("\n") + "\n");
  proc.stdin.end();
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  return out.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}

const pct = (a: number, b: number) => `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`;
const say = (s: string) => console.log(s);

// 1. Prompts on the default policy.
const attacks = jsonl("attacks.jsonl"), ordinary = jsonl("ordinary.jsonl");
const ra = await scan(attacks.map((a) => a.text), "default");
const ro = await scan(ordinary.map((a) => a.text), "default");
const missed = attacks.filter((_, i) => ra[i]?.allowed !== false);
say(`attacks blocked (default): ${pct(attacks.length - missed.length, attacks.length)}`);
const byKind = new Map<string, [number, number]>();
attacks.forEach((a, i) => { const k = byKind.get(a.kind) ?? [0, 0]; k[1]++; if (ra[i]?.allowed === false) k[0]++; byKind.set(a.kind, k); });
say("  by kind: " + [...byKind].map(([k, [b, t]]) => `${k} ${b}/${t}`).join(", "));
const blockedOrd = ordinary.filter((_, i) => ro[i]?.allowed === false);
say(`ordinary blocked (default): ${pct(blockedOrd.length, ordinary.length)}`);
if (process.env.SHOW) { for (const m of missed) console.log("  MISSED", m.id, m.kind, m.lang); for (const o of blockedOrd) console.log("  FP", o.id); }

// 2. Evasive PII: masked by input (default pre_flight), blocked by output (default output stage).
const pe = jsonl("pii-evasive.jsonl"), pn = jsonl("pii-nearmiss.jsonl");
const strip = (s: string) => s.normalize("NFKC").replace(/[^\p{L}\p{N}@.]/gu, "").toLowerCase();
const pin = await scan(pe.map((p) => p.text), "default");
const masked = pe.filter((p, i) => { const t = pin[i]?.sanitized_text ?? p.text; return t !== p.text; });
say(`evasive PII rewritten by input masking (default): ${pct(masked.length, pe.length)}`);
const pout = await scan(pe.map((p) => p.text), "default", "output");
const outBlocked = pe.filter((p, i) => pout[i]?.allowed === false);
say(`evasive PII blocked by the default output stage (only SSN, card, IBAN, keys block there): ${pct(outBlocked.length, pe.filter((p) => /SSN|CREDIT|IBAN|KEY|SECRET/i.test(p.type)).length)} of the blockable types (${outBlocked.length} of all ${pe.length})`);
const pnr = await scan(pn.map((p) => p.text), "default");
const nmRewritten = pn.filter((p, i) => (pnr[i]?.sanitized_text ?? p.text) !== p.text);
say(`near-miss benign rewritten: ${pct(nmRewritten.length, pn.length)}`);

// 3. Tools and results through a real proxy under mcp-agents.
const clean = jsonl("tools-clean.jsonl"), poisoned = jsonl("tools-poisoned.jsonl");
const rc = jsonl("results-clean.jsonl"), ri = jsonl("results-injected.jsonl");
const tools = [...clean.map((t, i) => ({ ...t.tool, name: `c${i}_${t.tool.name}`.slice(0, 60) })), ...poisoned.map((t, i) => ({ ...t.tool, name: `p${i}_${t.tool.name}`.slice(0, 60) }))];
const results = new Map<string, string>();
rc.forEach((r, i) => results.set(`rc${i}`, r.text));
ri.forEach((r, i) => results.set(`ri${i}`, r.text));
const transports = new Map<string, WebStandardStreamableHTTPServerTransport>();
const upstream = Bun.serve({ port: 0, hostname: "127.0.0.1", async fetch(req) {
  const sid = req.headers.get("mcp-session-id");
  let t = sid ? transports.get(sid) : undefined;
  if (!t) {
    const server = new Server({ name: "blind", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...tools, ...[...results.keys()].map((k) => ({ name: k, description: "Returns a stored document.", inputSchema: { type: "object", properties: {} } }))] }));
    server.setRequestHandler(CallToolRequestSchema, async (r) => ({ content: [{ type: "text", text: results.get(r.params.name) ?? "ok" }] }));
    t = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID(), onsessioninitialized: (id) => { transports.set(id, t!); } });
    await server.connect(t);
  }
  return t.handleRequest(req);
} });
const tmp = mkdtempSync(join(tmpdir(), "blind-"));
writeFileSync(join(tmp, "mcp.json"), JSON.stringify([{ name: "blind", url: `http://127.0.0.1:${upstream.port}/mcp`, policy: "mcp-agents" }]));
const port = 20000 + Math.floor(Math.random() * 20000);
const proxy = Bun.spawn(["npx", "bun", join(checkout, "src/main.ts"), "serve", "--host", "127.0.0.1", "--port", String(port), "--policy-dir", join(checkout, "policies"), "--mcp-config", join(tmp, "mcp.json"), "--log-level", "error"], { cwd: checkout, env: { ...process.env, SVC_KEY: "blind", SVC_GUARDRAILS_OFFLINE: "true" }, stdout: "ignore", stderr: "inherit" });
for (let i = 0; i < 200; i++) { try { if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break; } catch {} await Bun.sleep(100); }
try {
  const client = new Client({ name: "blind-client", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp/blind`)));
  const listed = new Set<string>();
  let cursor: string | undefined;
  do { const r = await client.listTools(cursor ? { cursor } : {}); r.tools.forEach((t) => listed.add(t.name)); cursor = r.nextCursor; } while (cursor);
  const cleanRemoved = clean.filter((_, i) => !listed.has(tools[i]!.name));
  const poisonRemoved = poisoned.filter((_, i) => !listed.has(tools[clean.length + i]!.name));
  say(`poisoned tools removed (mcp-agents): ${pct(poisonRemoved.length, poisoned.length)}`);
  const byPlace = new Map<string, [number, number]>();
  poisoned.forEach((p, i) => { const k = byPlace.get(p.placement) ?? [0, 0]; k[1]++; if (!listed.has(tools[clean.length + i]!.name)) k[0]++; byPlace.set(p.placement, k); });
  say("  by placement: " + [...byPlace].map(([k, [b, t]]) => `${k} ${b}/${t}`).join(", "));
  say(`clean tools removed (mcp-agents): ${pct(cleanRemoved.length, clean.length)}`);
  let withheld = 0, cleanWithheld = 0;
  for (const k of results.keys()) {
    let isError = false;
    try { const r = await client.callTool({ name: k, arguments: {} }); isError = r.isError === true; } catch { isError = true; }
    if (isError && k.startsWith("ri")) withheld++;
    if (isError && k.startsWith("rc")) cleanWithheld++;
  }
  say(`injected results withheld (mcp-agents): ${pct(withheld, ri.length)}`);
  say(`clean results withheld (mcp-agents): ${pct(cleanWithheld, rc.length)}`);
  await client.close();
} finally { proxy.kill(); upstream.stop(true); }
process.exit(0);
