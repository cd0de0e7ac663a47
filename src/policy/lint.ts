/**
 * Warnings for valid policies that probably do not do what their author meant. `validate`
 * prints them; they never stop a policy from loading.
 */
import type { CompiledPolicy } from "./compile.ts";
import { STAGES } from "./schema.ts";

export function policyWarnings(policy: CompiledPolicy, rawDocument: unknown): string[] {
  const warnings: string[] = [];
  for (const stage of STAGES) {
    for (const entry of policy.stages[stage]) {
      const where = `${stage}.guardrails[${entry.index}]`;
      const config = configOf(rawDocument, stage, entry.index);
      const block = config?.block === true;
      if (entry.guardrail.kind === "masker" && block && entry.suppressEnforcement) {
        warnings.push(`${where}: config.block is true but suppress_enforcement is ${entry.name === "PII" ? "true (the PII default)" : "true"}, so detections only alert; set suppress_enforcement: false to block`);
      }
    }
  }
  if (policy.mode === "alert") warnings.push("mode is alert: no guardrail of this policy blocks");
  return warnings;
}

function configOf(doc: unknown, stage: string, index: number): Record<string, unknown> | undefined {
  const stageObj = (doc as Record<string, { guardrails?: { config?: Record<string, unknown> }[] }> | null)?.[stage];
  return stageObj?.guardrails?.[index]?.config;
}
