/**
 * Where a request's policy comes from. `local`: the policy directory, read at request time,
 * with compiled policies cached by path, modification time and size, so an edited file takes
 * effect on the next request while an unchanged one costs a `stat`. `api`: the one policy
 * fetched from the platform at start-up; `config_id` is ignored.
 */
import { relative } from "node:path";
import type { GuardrailServices } from "../guardrails/services.ts";
import { callerValue } from "../log/caller-value.ts";
import type { CompiledPolicy } from "./compile.ts";
import { isValidPolicyId, listPolicyIds, locatePolicy } from "./discovery.ts";
import { PolicyError } from "./errors.ts";
import { loadPolicyFile } from "./load.ts";

export interface PolicyStore {
  /**
   * The policy of a request that names `configId` (or none), for a caller limited to `access`
   * (or not limited). Throws `PolicyError` when there is no usable policy for the request.
   */
  resolve(configId: string | undefined, access?: PolicyAccess): CompiledPolicy;
  /** Ids for `GET /v1/guardrails/configs`, alphabetical. */
  listIds(): string[];
}

/** The policies a caller of the callers file may use (DECISIONS §10). */
export interface PolicyAccess {
  /** The caller's name, for messages. */
  readonly name: string;
  readonly policies: ReadonlySet<string>;
  readonly defaultPolicy?: string;
}

interface CacheEntry {
  readonly mtimeMs: number;
  readonly size: number;
  readonly ino: number;
  /** A broken file is cached too, so it is not re-parsed on every request. */
  readonly result: CompiledPolicy | PolicyError;
}

export class LocalPolicyStore implements PolicyStore {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    readonly dir: string,
    readonly defaultId: string | undefined,
    private readonly services?: GuardrailServices,
  ) {}

  resolve(configId: string | undefined, access?: PolicyAccess): CompiledPolicy {
    const id = access ? this.allowedId(configId, access) : (configId ?? this.defaultId);
    if (id === undefined) {
      throw new PolicyError("config_id_required", "a policy id is required: no default policy is configured (--default-config)");
    }
    // Messages quote the id as the caller sent it (shortened, escaped), never the directory.
    if (!isValidPolicyId(id)) throw new PolicyError("policy_not_found", `'${callerValue(id)}' is not a valid policy id`, { id, known: false });
    const located = locatePolicy(this.dir, id);
    if (!located) throw new PolicyError("policy_not_found", `no policy '${callerValue(id)}' (GET /v1/guardrails/configs lists the policies)`, { id, known: false });
    const { path, stats } = located;
    const cached = this.cache.get(path);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size && cached.ino === stats.ino) {
      return unwrap(cached.result);
    }
    let result: CompiledPolicy | PolicyError;
    try {
      result = loadPolicyFile(id, path, this.services, relative(this.dir, path));
    } catch (e) {
      if (!(e instanceof PolicyError)) throw e;
      result = e.code === "invalid_policy" ? new PolicyError(e.code, e.message, { id, known: true }) : e;
    }
    this.cache.set(path, { mtimeMs: stats.mtimeMs, size: stats.size, ino: stats.ino, result });
    return unwrap(result);
  }

  listIds(): string[] {
    return listPolicyIds(this.dir);
  }

  /**
   * The id a limited caller gets: the one it named, if it may use it (else 403); without one,
   * its own default, else the server's when it may use that (else 422).
   */
  private allowedId(configId: string | undefined, access: PolicyAccess): string {
    if (configId !== undefined) {
      if (access.policies.has(configId)) return configId;
      const known = isValidPolicyId(configId) && locatePolicy(this.dir, configId) !== null;
      throw new PolicyError("policy_not_allowed", `caller '${access.name}' may not use policy '${callerValue(configId)}'`, { id: configId, known });
    }
    if (access.defaultPolicy !== undefined) return access.defaultPolicy;
    if (this.defaultId !== undefined && access.policies.has(this.defaultId)) return this.defaultId;
    throw new PolicyError("config_id_required", `a policy id is required: caller '${access.name}' has no default policy`);
  }
}

/** `api` mode: the one policy, whatever the request names and whoever calls (SPEC "Policy source"). */
export class FixedPolicyStore implements PolicyStore {
  constructor(private readonly policy: CompiledPolicy) {}

  resolve(): CompiledPolicy {
    return this.policy;
  }

  listIds(): string[] {
    return [];
  }
}

function unwrap(result: CompiledPolicy | PolicyError): CompiledPolicy {
  if (result instanceof PolicyError) throw result;
  return result;
}
