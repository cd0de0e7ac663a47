/**
 * Where a request's policy comes from. `local`: the policy directory, read at request time,
 * with compiled policies cached by path, modification time and size, so an edited file takes
 * effect on the next request while an unchanged one costs a `stat`. `api`: the one policy
 * fetched from the platform at start-up; `config_id` is ignored.
 */
import type { GuardrailServices } from "../guardrails/services.ts";
import type { CompiledPolicy } from "./compile.ts";
import { isValidPolicyId, listPolicyIds, locatePolicy } from "./discovery.ts";
import { PolicyError } from "./errors.ts";
import { loadPolicyFile } from "./load.ts";

export interface PolicyStore {
  /** Throws `PolicyError` when there is no usable policy for the request. */
  resolve(configId: string | undefined): CompiledPolicy;
  /** Ids for `GET /v1/guardrails/configs`, alphabetical. */
  listIds(): string[];
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

  resolve(configId: string | undefined): CompiledPolicy {
    const id = configId ?? this.defaultId;
    if (id === undefined) {
      throw new PolicyError("config_id_required", "guardrails.config_id is required: no default policy is configured (--default-config)");
    }
    if (!isValidPolicyId(id)) throw new PolicyError("policy_not_found", `'${truncate(id)}' is not a valid policy id`);
    const located = locatePolicy(this.dir, id);
    if (!located) throw new PolicyError("policy_not_found", `no policy '${id}' in ${this.dir}`);
    const { path, stats } = located;
    const cached = this.cache.get(path);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size && cached.ino === stats.ino) {
      return unwrap(cached.result);
    }
    let result: CompiledPolicy | PolicyError;
    try {
      result = loadPolicyFile(id, path, this.services);
    } catch (e) {
      if (!(e instanceof PolicyError)) throw e;
      result = e;
    }
    this.cache.set(path, { mtimeMs: stats.mtimeMs, size: stats.size, ino: stats.ino, result });
    return unwrap(result);
  }

  listIds(): string[] {
    return listPolicyIds(this.dir);
  }
}

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

function truncate(s: string): string {
  return s.length > 64 ? `${s.slice(0, 64)}...` : s;
}
