/** Why a request's policy could not be resolved. The HTTP layer maps codes to statuses. */

export type PolicyErrorCode = "config_id_required" | "policy_not_found" | "invalid_policy" | "policy_unreadable";

export class PolicyError extends Error {
  override readonly name = "PolicyError";
  constructor(
    readonly code: PolicyErrorCode,
    message: string,
  ) {
    super(message);
  }
}
