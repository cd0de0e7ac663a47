/**
 * The MCP config file (DECISIONS §12): a YAML or JSON list of the MCP servers the proxy fronts,
 * `{ name, url, headers?, policy?, timeout?, on_tool_change? }`. Names are `[a-z0-9-]+` and unique; unknown keys
 * are refused; an invalid file refuses start-up, naming the file and the field.
 */
import { readFileSync } from "node:fs";
import { Type, type Static } from "@sinclair/typebox";
import { parse as parseYaml } from "yaml";
import { compileChecker, formatIssues } from "../../../schema/check.ts";

const EntrySchema = Type.Object(
  {
    name: Type.String({ pattern: "^[a-z0-9-]+$", maxLength: 64 }),
    url: Type.String({ pattern: "^https?://" }),
    headers: Type.Optional(Type.Record(Type.String({ pattern: "^[A-Za-z0-9-]+$" }), Type.String())),
    policy: Type.Optional(Type.String({ minLength: 1 })),
    /** Seconds: the longest wait for an answer to start and, in an SSE answer, between two events. */
    timeout: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3600 })),
    /** A tool listed with another definition than the one pinned: removed and refused, or only logged (DECISIONS §15). */
    on_tool_change: Type.Optional(Type.Union([Type.Literal("quarantine"), Type.Literal("alert")])),
  },
  { additionalProperties: false },
);
const ConfigSchema = Type.Array(EntrySchema);
const check = compileChecker(ConfigSchema);

export type McpServerEntry = Static<typeof EntrySchema>;

/** The default wait for an MCP server's answer (and between two events of its stream), in seconds. */
export const DEFAULT_MCP_TIMEOUT_SECONDS = 60;

export class McpConfigError extends Error {
  override readonly name = "McpConfigError";
}

/** Reads and checks the file; throws `McpConfigError` naming the file and each field. */
export function loadMcpConfig(path: string): readonly McpServerEntry[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new McpConfigError(`MCP config ${path}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let document: unknown;
  try {
    document = path.endsWith(".json") ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 0, uniqueKeys: true });
  } catch (e) {
    throw new McpConfigError(`MCP config ${path}: not valid ${path.endsWith(".json") ? "JSON" : "YAML"}: ${(e as Error).message.split("\n")[0]}`);
  }
  return parseMcpConfig(document, `MCP config ${path}`);
}

export function parseMcpConfig(document: unknown, where = "MCP config"): readonly McpServerEntry[] {
  const checked = check(document);
  if (!checked.ok) throw new McpConfigError(`${where}: ${formatIssues(checked.issues)}`);
  const seen = new Map<string, number>();
  checked.value.forEach((entry, i) => {
    const first = seen.get(entry.name);
    if (first !== undefined) throw new McpConfigError(`${where}: [${i}].name: '${entry.name}' is already the name of entry [${first}]`);
    seen.set(entry.name, i);
  });
  return checked.value;
}
