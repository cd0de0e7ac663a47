/**
 * MCP's table of opaque fields as docs/coverage.md shows it, from the code's own table
 * (src/proxy/families/mcp/opaque.ts). scripts/write-coverage.ts writes it; a test
 * (test/families/mcp-coverage-doc.test.ts) fails when the document and the code differ.
 */
import { MEDIA_FIELDS, OPAQUE_FIELDS, type OpaqueZone } from "../../src/proxy/families/mcp/opaque.ts";

export const MCP_OPAQUE_HEADER = "| MCP field | where | skipped when it holds | why |";

const WHERE: Readonly<Record<OpaqueZone, string>> = {
  envelope: "the JSON-RPC message itself",
  root: "params or result, top level",
  meta: "`_meta`",
  mcp: "MCP's own objects",
  schema: "JSON Schemas (tool, prompt and elicitation schemas)",
};

/** The table's rows: every opaque field, then the Base64 fields read only when their media type says text. */
export function mcpOpaqueRows(): string[] {
  return [
    ...OPAQUE_FIELDS.map((f) => `| \`${f.key}\` | ${WHERE[f.zone]} | ${f.holds} | ${f.why} |`),
    ...MEDIA_FIELDS.map((m) => `| \`${m.key}\` | ${m.where} | Base64 of non-text media | counted as unreadable (\`unreadable_content\`) |`),
  ];
}

/** The document's lines with the MCP table's rows (from its header to the first blank line) replaced. */
export function withMcpOpaqueTable(lines: readonly string[]): string[] {
  const header = lines.indexOf(MCP_OPAQUE_HEADER);
  if (header === -1) throw new Error(`docs/coverage.md has no line '${MCP_OPAQUE_HEADER}'`);
  const end = lines.indexOf("", header);
  return [...lines.slice(0, header + 2), ...mcpOpaqueRows(), ...lines.slice(end)];
}

/** The rows the document holds now. */
export function documentedMcpRows(lines: readonly string[]): string[] {
  const header = lines.indexOf(MCP_OPAQUE_HEADER);
  if (header === -1) return [];
  return lines.slice(header + 2, lines.indexOf("", header));
}
