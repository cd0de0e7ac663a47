/**
 * Writes the field table of docs/coverage.md from the case table test/proxy/coverage-cases.ts
 * (each row is one test of test/proxy/coverage.test.ts, which fails when the two differ), and
 * the table of what each family skips from the families' tables of opaque fields.
 *
 *   npm run docs:coverage
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ANSWER_CASES, REQUEST_CASES } from "../test/proxy/coverage-cases.ts";
import { mcpOpaqueRows, withMcpOpaqueTable } from "./lib/mcp-coverage.ts";
import { FIELD_TABLE_HEADER, fieldTableRows } from "../test/proxy/field-table-rows.ts";

const path = join(import.meta.dir, "..", "docs", "coverage.md");
const rows = [
  ...REQUEST_CASES.map((c) => `| ${c.route} | request | ${c.field} | ${c.masked ? "masked" : "-"} | ${c.judged ? "judged" : "-"} |`),
  ...ANSWER_CASES.map((c) => `| ${c.route} | answer | ${c.field} | - | judged${c.answer ? ", whole" : ""}${c.stream ? ", streamed" : ""} |`),
];
/** The lines of `text` with the table under `headerStart` replaced by `table`'s rows. */
function replaceTable(lines: string[], headerStart: string, table: readonly string[]): string[] {
  const header = lines.findIndex((l) => l.startsWith(headerStart));
  if (header === -1) throw new Error(`docs/coverage.md has no table headed ${headerStart}`);
  const end = lines.indexOf("", header);
  return [...lines.slice(0, header + 2), ...table, ...lines.slice(end)];
}

const skipped = fieldTableRows();
let lines = readFileSync(path, "utf8").split("\n");
lines = replaceTable(lines, "| route | side |", rows);
lines = replaceTable(lines, FIELD_TABLE_HEADER, skipped);
writeFileSync(path, lines.join("\n"));
console.log(`docs/coverage.md: ${rows.length} field rows, ${skipped.length} rows of opaque fields`);

writeFileSync(path, withMcpOpaqueTable(readFileSync(path, "utf8").split("\n")).join("\n"));
console.log(`docs/coverage.md: ${mcpOpaqueRows().length} MCP opaque fields`);
