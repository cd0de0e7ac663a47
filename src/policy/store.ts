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
import { PolicyError, type PolicyProblem } from "./errors.ts";
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

/** Told when a policy served before breaks, and when it is valid again (last known good, DECISIONS §14). */
export interface PolicyHealth {
  /** The file of policy `id` became invalid or unreadable; its last valid version is served. */
  broken(id: string, problem: PolicyProblem): void;
  /** It is valid again, and served as it now is. */
  repaired(id: string, file: string): void;
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
  /** Each policy's last valid version: served while its file is broken. */
  private readonly lastGood = new Map<string, CompiledPolicy>();
  /** Policies whose file is broken now (reported once, until repaired). */
  private readonly brokenIds = new Set<string>();

  constructor(
    readonly dir: string,
    readonly defaultId: string | undefined,
    private readonly services?: GuardrailServices,
    private readonly health?: PolicyHealth,
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
      if (!(cached.result instanceof PolicyError)) return cached.result;
      return this.lastGoodOr(id, cached.result);
    }
    let result: CompiledPolicy | PolicyError;
    try {
      result = loadPolicyFile(id, path, this.services, relative(this.dir, path));
    } catch (e) {
      if (!(e instanceof PolicyError)) throw e;
      result = e.code === "invalid_policy" ? new PolicyError(e.code, e.message, { id, known: true }, e.problem) : e;
    }
    this.cache.set(path, { mtimeMs: stats.mtimeMs, size: stats.size, ino: stats.ino, result });
    if (result instanceof PolicyError) return this.lastGoodOr(id, result);
    this.lastGood.set(id, result);
    if (this.brokenIds.delete(id)) this.health?.repaired(id, relative(this.dir, path));
    return result;
  }

  /**
   * Last known good: a policy served before whose file is now invalid or unreadable keeps being
   * served as it last was, and the break is reported once. One never valid throws `error`.
   */
  private lastGoodOr(id: string, error: PolicyError): CompiledPolicy {
    const good = this.lastGood.get(id);
    if (!good || (error.code !== "invalid_policy" && error.code !== "policy_unreadable")) throw error;
    if (!this.brokenIds.has(id)) {
      this.brokenIds.add(id);
      this.health?.broken(id, error.problem ?? { file: id, field: "(file)", reason: error.message });
    }
    return good;
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
