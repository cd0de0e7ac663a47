/**
 * Starting the service: choose the policy store (`local` directory or the platform's policy
 * in `api` mode), build the app, listen, and register the instance in the background.
 */
import type { Logger } from "../log/logger.ts";
import { Metrics } from "../metrics/metrics.ts";
import { fetchPlatformPolicy, PlatformError, registerInstance } from "../platform/client.ts";
import { PolicyError } from "../policy/errors.ts";
import { compileOrThrow } from "../policy/load.ts";
import { FixedPolicyStore, LocalPolicyStore, type PolicyStore } from "../policy/store.ts";
import type { Settings } from "../settings.ts";
import { StartupError } from "../cli/errors.ts";
import { VERSION } from "../version.ts";
import type { GuardrailServices } from "../guardrails/services.ts";
import { ModelsConfigError } from "../upstream/models-config.ts";
import { buildUpstream, type Upstream } from "../upstream/setup.ts";
import { workerChannel } from "../process/worker-channel.ts";
import { createApp } from "./app.ts";

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** Resolves when instance registration has finished (or was skipped). */
  readonly registered: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Bun refuses a body above its own limit with an empty 413 before our code runs. Ours is the
 * limit that answers with a clear error, so Bun's is set far above it and only bounds a body
 * that lies about its length.
 */
const BUN_BODY_LIMIT_FACTOR = 4;

export async function startServer(settings: Settings, log: Logger): Promise<RunningServer> {
  const upstream = createUpstream(settings);
  const policies = await createPolicyStore(settings, upstream.services);
  const metrics = new Metrics();
  const worker = settings.workerIndex === undefined ? null : workerChannel(metrics);
  const app = createApp({ settings, policies, log, metrics, upstream, metricsText: worker?.metricsText });
  app.listen({
    hostname: settings.host,
    port: settings.port,
    maxRequestBodySize: Math.min(settings.maxBodyBytes * BUN_BODY_LIMIT_FACTOR, 2 ** 31 - 1),
    // Streams may stay quiet for a while between upstream tokens.
    idleTimeout: 255,
    // Workers of `--workers` share the port; the kernel spreads connections across them.
    reusePort: settings.workers > 1,
  });
  const server = app.server;
  if (!server) throw new StartupError(`cannot listen on ${settings.host}:${settings.port}`);
  const port = server.port ?? settings.port;
  const url = `http://${settings.host === "0.0.0.0" ? "127.0.0.1" : settings.host}:${port}`;
  log.info("listening", {
    host: settings.host,
    port,
    policy_source: settings.policySource,
    version: VERSION,
    pid: process.pid,
    ...(settings.workerIndex === undefined ? {} : { worker: settings.workerIndex }),
    upstream_concurrency: settings.upstreamConcurrency,
  });
  worker?.ready();

  const registered =
    // One registration per service: with `--workers`, worker 0 registers.
    settings.offline || !settings.licenceKey || (settings.workerIndex ?? 0) !== 0
      ? Promise.resolve()
      : registerInstance(
          { url: settings.platformUrl, licenceKey: settings.licenceKey },
          {
            event: "connect",
            instance_name: settings.instanceName,
            version: VERSION,
            policy_source: settings.policySource,
            host: settings.host,
            port,
            started_at: new Date().toISOString(),
          },
          log,
        );

  return {
    url,
    port,
    registered,
    async stop() {
      await app.stop(true);
      log.flush();
    },
  };
}

function createUpstream(settings: Settings): Upstream {
  try {
    return buildUpstream(settings);
  } catch (e) {
    if (e instanceof ModelsConfigError) throw new StartupError(e.message);
    throw e;
  }
}

async function createPolicyStore(settings: Settings, services: GuardrailServices): Promise<PolicyStore> {
  if (settings.policySource === "local") return new LocalPolicyStore(settings.policyDir, settings.defaultConfigId, services);
  if (!settings.licenceKey) throw new StartupError("SVC_KEY is not set: api mode needs it to fetch the policy");
  try {
    const document = await fetchPlatformPolicy({ url: settings.platformUrl, licenceKey: settings.licenceKey });
    return new FixedPolicyStore(compileOrThrow("platform", "the platform policy", document, services));
  } catch (e) {
    if (e instanceof PlatformError || e instanceof PolicyError) throw new StartupError(`api mode: ${e.message}`);
    throw e;
  }
}
