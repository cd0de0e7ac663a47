/** What the proxy road needs of the service: the app's dependencies satisfy it (http/context.ts). */
import type { Logger } from "../log/logger.ts";
import type { Metrics } from "../metrics/metrics.ts";
import type { PolicyStore } from "../policy/store.ts";
import type { Settings } from "../settings.ts";
import type { Upstream } from "../upstream/setup.ts";

export interface ProxyDeps {
  readonly settings: Settings;
  readonly policies: PolicyStore;
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly upstream: Upstream;
}
