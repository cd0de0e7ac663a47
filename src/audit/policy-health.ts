/**
 * Last known good, as the operator sees it (DECISIONS §14): a policy file that breaks after it
 * was served is one `error` line (policy id, file, field, reason) and
 * `guardrail_proxy_policy_invalid{config_id} 1`; valid again, an `info` line and 0.
 */
import type { Logger } from "../log/logger.ts";
import type { Metrics } from "../metrics/metrics.ts";
import type { PolicyProblem } from "../policy/errors.ts";
import type { PolicyHealth } from "../policy/store.ts";

export const POLICY_INVALID = "guardrail_proxy_policy_invalid";

export function policyHealth(log: Logger, metrics: Metrics): PolicyHealth {
  return {
    broken(id: string, problem: PolicyProblem) {
      metrics.setState(POLICY_INVALID, { config_id: id }, 1);
      log.error("policy file invalid: serving its last valid version", { config_id: id, file: problem.file, field: problem.field, reason: problem.reason });
    },
    repaired(id: string, file: string) {
      metrics.setState(POLICY_INVALID, { config_id: id }, 0);
      log.info("policy file valid again: serving it", { config_id: id, file });
    },
  };
}
