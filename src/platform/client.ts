/**
 * The platform service (DECISIONS §4): instance registration and, in `api` mode, the policy.
 * Every call carries `Authorization: Bearer <SVC_KEY>`; neither the key nor response bodies
 * are ever put in an error message.
 */
import type { Logger } from "../log/logger.ts";
import type { PolicySource } from "../settings.ts";

export interface PlatformConfig {
  readonly url: string;
  readonly licenceKey: string;
}

export interface ConnectEvent {
  readonly event: "connect";
  readonly instance_name: string;
  readonly version: string;
  readonly policy_source: PolicySource;
  readonly host: string;
  readonly port: number;
  readonly started_at: string;
}

const REGISTER_TIMEOUT_MS = 5000;
const POLICY_TIMEOUT_MS = 10000;

function endpoint(base: string, path: string): string {
  return base.replace(/\/+$/, "") + path;
}

/** Best-effort: resolves whatever happens, logging one warning on failure. */
export async function registerInstance(platform: PlatformConfig, event: ConnectEvent, log: Logger): Promise<void> {
  try {
    const res = await fetch(endpoint(platform.url, "/v1/instances/connect"), {
      method: "POST",
      headers: { authorization: `Bearer ${platform.licenceKey}`, "content-type": "application/json" },
      body: JSON.stringify(event),
      signal: AbortSignal.timeout(REGISTER_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (!res.ok) {
      log.warning("instance registration failed", { status: res.status });
      return;
    }
    log.info("instance registered", { instance_name: event.instance_name });
  } catch (e) {
    log.warning("instance registration failed", { reason: describeFetchError(e) });
  }
}

export class PlatformError extends Error {
  override readonly name = "PlatformError";
}

/** The `api`-mode policy document. Throws `PlatformError` on any failure. */
export async function fetchPlatformPolicy(platform: PlatformConfig): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(endpoint(platform.url, "/v1/policy"), {
      headers: { authorization: `Bearer ${platform.licenceKey}`, accept: "application/json" },
      signal: AbortSignal.timeout(POLICY_TIMEOUT_MS),
    });
  } catch (e) {
    throw new PlatformError(`cannot fetch the policy from the platform service (SVC_GUARDRAILS_PLATFORM_URL): ${describeFetchError(e)}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new PlatformError(`the platform service answered ${res.status} to GET /v1/policy`);
  }
  try {
    return await res.json();
  } catch {
    throw new PlatformError("the platform service's policy is not valid JSON");
  }
}

function describeFetchError(e: unknown): string {
  if (e instanceof DOMException && e.name === "TimeoutError") return "timed out";
  const code = (e as { code?: unknown }).code;
  return typeof code === "string" ? code : e instanceof Error ? e.name : "unknown error";
}
