/**
 * Writes the field table of docs/coverage.md from the case table test/proxy/coverage-cases.ts
 * (each row is one test of test/proxy/coverage.test.ts, which fails when the two differ).
 *
 *   npm run docs:coverage
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ANSWER_CASES, REQUEST_CASES } from "../test/proxy/coverage-cases.ts";
import { mcpOpaqueRows, withMcpOpaqueTable } from "./lib/mcp-coverage.ts";

const path = join(import.meta.dir, "..", "docs", "coverage.md");
const rows = [
  ...REQUEST_CASES.map((c) => `| ${c.route} | request | ${c.field} | ${c.masked ? "masked" : "-"} | ${c.judged ? "judged" : "-"} |`),
  ...ANSWER_CASES.map((c) => `| ${c.route} | answer | ${c.field} | - | judged${c.answer ? ", whole" : ""}${c.stream ? ", streamed" : ""} |`),
];
const lines = readFileSync(path, "utf8").split("\n");
const header = lines.findIndex((l) => l.startsWith("| route | side |"));
const end = lines.indexOf("", header);
writeFileSync(path, [...lines.slice(0, header + 2), ...rows, ...lines.slice(end)].join("\n"));
console.log(`docs/coverage.md: ${rows.length} rows`);
writeMcpTable();

/** MCP's opaque fields, from src/proxy/families/mcp/opaque.ts. */
function writeMcpTable(): void {
  writeFileSync(path, withMcpOpaqueTable(readFileSync(path, "utf8").split("\n")).join("\n"));
  console.log(`docs/coverage.md: ${mcpOpaqueRows().length} MCP opaque fields`);
}
