/** Why a request's policy could not be resolved. The HTTP layer maps codes to statuses. */

export type PolicyErrorCode = "config_id_required" | "policy_not_found" | "policy_not_allowed" | "invalid_policy" | "policy_unreadable";

/** The id a failed request named, as logs may show it (DECISIONS §7). */
export interface NamedPolicy {
  readonly id: string;
  /** The id names a policy file: logs show it. Otherwise logs show only its length. */
  readonly known: boolean;
}

/** What is wrong with a policy file, for the operator's log line (never a caller's answer). */
export interface PolicyProblem {
  /** The file as the server names it (relative to the policy directory). */
  readonly file: string;
  /** The field at fault (`input.guardrails[0].config.threshold`), or where in the file (`line 7`). */
  readonly field: string;
  readonly reason: string;
}

export class PolicyError extends Error {
  override readonly name = "PolicyError";
  constructor(
    readonly code: PolicyErrorCode,
    message: string,
    readonly named?: NamedPolicy,
    readonly problem?: PolicyProblem,
  ) {
    super(message);
  }
}
