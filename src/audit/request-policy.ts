/**
 * Which policy a request runs under (SPEC "Policy selection", DECISIONS §10): the id the body
 * names (`guardrails.config_id`, or `config_id` on guard routes), else the
 * `X-Guardrails-Config-Id` header (for SDKs that cannot add a body field), else a default;
 * limited to the caller's policies when the callers file names the caller.
 */
import type { CompiledPolicy } from "../policy/compile.ts";
import { PolicyError } from "../policy/errors.ts";
import type { PolicyStore } from "../policy/store.ts";
import type { RequestAudit } from "./request-audit.ts";

export const CONFIG_ID_HEADER = "x-guardrails-config-id";

export function requestPolicy(deps: { readonly policies: PolicyStore }, audit: RequestAudit, request: Request, bodyConfigId: string | undefined): CompiledPolicy {
  const named = bodyConfigId ?? (request.headers.get(CONFIG_ID_HEADER) || undefined);
  try {
    const policy = deps.policies.resolve(named, audit.caller?.access);
    audit.configId = policy.id;
    return policy;
  } catch (e) {
    if (e instanceof PolicyError && e.named) audit.rejectedPolicy = e.named;
    throw e;
  }
}
