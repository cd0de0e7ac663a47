/**
 * The shipped policies (policies/), inside the binary as text, so a downloaded binary can write
 * them out (`guardrail-proxy init`) without the source tree. A test keeps this list equal to
 * the directory.
 */
import alertOnly from "../../policies/alert-only.yml" with { type: "text" };
import defaultPolicy from "../../policies/default.yaml" with { type: "text" };
import llmJudged from "../../policies/llm-judged.yaml" with { type: "text" };
import mcpAgents from "../../policies/mcp-agents.yaml" with { type: "text" };
import strict from "../../policies/strict.json" with { type: "text" };
import supportBot from "../../policies/support-bot/policy.yaml" with { type: "text" };

/** TypeScript types a JSON import as its value whatever the import attribute; Bun gives the text. */
function asText(imported: unknown): string {
  return typeof imported === "string" ? imported : `${JSON.stringify(imported, null, 2)}\n`;
}

/** Relative path inside the policy directory, and the file's content. */
export const SHIPPED_POLICIES: ReadonlyArray<readonly [path: string, content: string]> = [
  ["alert-only.yml", alertOnly],
  ["default.yaml", defaultPolicy],
  ["llm-judged.yaml", llmJudged],
  ["mcp-agents.yaml", mcpAgents],
  ["strict.json", asText(strict)],
  ["support-bot/policy.yaml", supportBot],
];
