/**
 * Values never reported, whatever the policy: addresses that point at the machine itself or at
 * nobody. Documentation values (`jane@example.com`, `555-0100`) are NOT built in: they are the
 * shape of personal data, and a check that skipped them would pass tests while missing
 * look-alikes. Everything else a policy wants through goes in its `allow_list`.
 */
import type { EntityType } from "./entities.ts";

const IP_NOBODY = new Set(["0.0.0.0", "255.255.255.255", "::", "::1", "0:0:0:0:0:0:0:1"]);

function loopbackHost(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === "[::1]" || host === "::1" || host === "0.0.0.0";
}

export function allowedByDefault(entity: EntityType, value: string): boolean {
  if (entity === "IP_ADDRESS") return IP_NOBODY.has(value) || /^127\./.test(value);
  if (entity === "URL") {
    const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)/i.exec(value);
    return m !== null && loopbackHost(m[1]!.toLowerCase());
  }
  return false;
}
