/**
 * Starting the service: choose the policy store (`local` directory or the platform's policy
 * in `api` mode), build the app, listen, and register the instance in the background.
 */
import { statSync } from "node:fs";
import type { Logger } from "../log/logger.ts";
import { Metrics } from "../metrics/metrics.ts";
import { fetchPlatformPolicy, PlatformError, registerInstance } from "../platform/client.ts";
import { isValidPolicyId, listPolicyIds, locatePolicy } from "../policy/discovery.ts";
import { isObject } from "../schema/json.ts";
import { PolicyError } from "../policy/errors.ts";
import { compileOrThrow, parsePolicyText, readPolicyFile } from "../policy/load.ts";
import { unreachableGuardrails } from "../policy/reachability.ts";
import { FixedPolicyStore, LocalPolicyStore, type PolicyStore } from "../policy/store.ts";
import type { Settings } from "../settings.ts";
import { StartupError } from "../errors/startup-error.ts";
import { VERSION } from "../version.ts";
import type { GuardrailServices } from "../guardrails/services.ts";
import { ModelsConfigError } from "../upstream/models-config.ts";
import { buildUpstream, judgeConfigured, type Upstream } from "../upstream/setup.ts";
import { engineWarnings } from "../upstream/engine-probe.ts";
import { variable as variableOf } from "../upstream/provider.ts";
import { PROVIDERS } from "../proxy/families/index.ts";
import { createMcpRuntime, McpConfigError, type McpRuntime, type McpRuntimeOptions } from "../proxy/families/mcp/index.ts";
import { openStateStore } from "../state/index.ts";
import { workerChannel } from "../process/worker-channel.ts";
import { configureScanPool } from "../pipeline/scan-pool.ts";
import { startTracing } from "../tracing/setup.ts";
import { createApp } from "./app.ts";
import { policyHealth } from "../audit/policy-health.ts";
import { CallersFileError, loadCallersFile, type CallerDefinition } from "./callers-file.ts";

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** Resolves when instance registration has finished (or was skipped). */
  readonly registered: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Bun refuses a body above its own limit with an empty 413 before our code runs. Ours is the
 * limit that answers with the JSON `request_too_large` body (DECISIONS §7), so Bun's is set out
 * of reach: a declared length over ours is refused before a byte is read, and a chunked body is
 * counted as it arrives (body.ts).
 */
const BUN_BODY_LIMIT = Number.MAX_SAFE_INTEGER;

export async function startServer(settings: Settings, log: Logger): Promise<RunningServer> {
  configureScanPool(settings.scanWorkers);
  const upstream = createUpstream(settings);
  const callers = loadCallers(settings);
  const metrics = new Metrics();
  const policies = await createPolicyStore(settings, upstream.services, upstream, log, metrics);
  const worker = settings.workerIndex === undefined ? null : workerChannel(metrics);
  // The OpenTelemetry variables are read where the SDK reads them: from the process.
  const tracing = await startTracing(process.env, log);
  const state = await openStateStore(settings.state, (operation) => metrics.inc("guardrail_proxy_state_errors_total", { operation }));
  const mcp = loadMcp(settings, { sessionTtlSeconds: settings.mcpSessionTtlSeconds, sessionsPerCaller: settings.mcpSessionsPerCaller, store: state, log, metrics });
  const app = createApp({ settings, policies, log, metrics, upstream, callers, metricsText: worker?.metricsText, tracing, mcp });
  try {
    app.listen({
      hostname: settings.host,
      port: settings.port,
      maxRequestBodySize: BUN_BODY_LIMIT,
      // Streams may stay quiet for a while between upstream tokens.
      idleTimeout: 255,
      // Workers of `--workers` share the port; the kernel spreads connections across them.
      reusePort: settings.workers > 1,
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const reason = code === "EADDRINUSE" ? "the port is in use" : code === "EACCES" ? "permission denied" : code === "EADDRNOTAVAIL" ? "no such address here" : (code ?? "listen failed");
    throw new StartupError(`cannot listen on ${settings.host}:${settings.port}: ${reason} (--host, --port)`);
  }
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
    ...(settings.allowedOrigins.length > 0 ? { allowed_origins: settings.allowedOrigins.join(",") } : {}),
    ...(settings.allowedHosts.length > 0 ? { allowed_hosts: settings.allowedHosts.join(",") } : {}),
  });
  if ((settings.workerIndex ?? 0) === 0) warnAboutExposure(settings, callers.length > 0, upstream, log);
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
      await state.close();
      // Spans still queued are exported before the process ends.
      await tracing?.shutdown().catch(() => undefined);
      log.flush();
    },
  };
}

function loadCallers(settings: Settings): CallerDefinition[] {
  if (!settings.callersFile) return [];
  try {
    return loadCallersFile(settings.callersFile);
  } catch (e) {
    if (e instanceof CallersFileError) throw new StartupError(e.message);
    throw e;
  }
}

/**
 * DECISIONS §10: a server anyone on the network can call, or one that spends its own upstream
 * key on whoever calls, is worth a line at start-up; both are fine on a laptop.
 */
function warnAboutExposure(settings: Settings, hasCallers: boolean, upstream: Upstream, log: Logger): void {
  if (settings.authTokens.length > 0 || hasCallers) return;
  if (!isLoopbackHost(settings.host)) {
    log.warning("listening beyond loopback without caller authentication: anyone who reaches the port can use it (set SVC_GUARDRAILS_AUTH_TOKENS or SVC_GUARDRAILS_CALLERS_FILE)", {
      host: settings.host,
    });
    if (settings.allowedHosts.length === 0) {
      log.info("without caller authentication, requests are served only when their Host is a loopback name or an IP address: callers reaching this server by a DNS name get 403 host_not_allowed until it is listed in SVC_GUARDRAILS_ALLOWED_HOSTS");
    }
  }
  if (upstream.router.holdsUpstreamKey) {
    log.warning("an upstream key is configured on the server and callers are not authenticated: any caller that sends no key spends it (set SVC_GUARDRAILS_AUTH_TOKENS or SVC_GUARDRAILS_CALLERS_FILE)");
  }
}

/**
 * The policy directory is read at request time (SPEC "Policy file discovery"), so its state
 * never stops a start (DECISIONS §1): a missing, unreadable or empty directory, a default
 * policy id that names no file, or a default policy that is invalid is one warning line naming
 * the directory, id, file and field, and the requests that need that policy answer 422 until
 * it is there and valid.
 */
function warnAboutPolicies(store: LocalPolicyStore, log: Logger): void {
  const { dir, defaultId } = store;
  const until = "requests that need a policy answer 422 until it is fixed";
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch (e) {
    log.warning(`cannot read the policy directory ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} (--policy-dir, SVC_GUARDRAILS_POLICY_DIR); ${until}`, { policy_dir: dir });
    return;
  }
  if (!isDirectory) {
    log.warning(`policy directory ${dir} does not exist or is not a directory (--policy-dir, SVC_GUARDRAILS_POLICY_DIR); ${until}`, { policy_dir: dir });
    return;
  }
  let ids: string[];
  try {
    ids = listPolicyIds(dir);
  } catch (e) {
    if (!(e instanceof PolicyError)) throw e;
    log.warning(`${e.message} (--policy-dir, SVC_GUARDRAILS_POLICY_DIR); ${until}`, { policy_dir: dir });
    return;
  }
  if (defaultId !== undefined && !ids.includes(defaultId)) {
    const holds = ids.length === 0 ? "no policies" : ids.join(", ");
    log.warning(`default policy '${defaultId}' is not in ${dir} (--default-config, SVC_GUARDRAILS_DEFAULT_CONFIG_ID); it holds ${holds}; requests without a config_id answer 422 until it is there`, { policy_dir: dir, default_config: defaultId });
    return;
  }
  if (ids.length === 0) {
    log.warning(`no policies in ${dir} yet: requests are refused until one is added`, { policy_dir: dir });
    return;
  }
  if (defaultId === undefined) return;
  try {
    store.resolve(defaultId);
  } catch (e) {
    if (!(e instanceof PolicyError)) throw e;
    // The message names the file (relative to the directory) and the field.
    log.warning(`default policy '${defaultId}' is invalid: ${e.message}; requests without a config_id answer 422 until it is fixed`, { policy_dir: dir, default_config: defaultId });
  }
}

function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\./.test(host);
}

/** The MCP servers to front; an invalid MCP config refuses the start (DECISIONS §12). */
function loadMcp(settings: Settings, options: McpRuntimeOptions): McpRuntime | null {
  try {
    return createMcpRuntime(settings.mcpConfigPath, options);
  } catch (e) {
    if (e instanceof McpConfigError) throw new StartupError(e.message);
    throw e;
  }
}

function createUpstream(settings: Settings): Upstream {
  try {
    return buildUpstream(settings, PROVIDERS);
  } catch (e) {
    if (e instanceof ModelsConfigError) throw new StartupError(e.message);
    throw e;
  }
}

/**
 * One warning line per guardrail of the default policy that needs an upstream this server
 * cannot reach (DECISIONS §1): the policy every request without a config_id runs under, whose
 * file the start-up reads anyway to check it. `validate` checks every policy; parsing them all
 * here would cost the idle server the YAML parser's memory (about 5 MB) for policies it may
 * never serve.
 */
function warnAboutUnreachable(settings: Settings, upstream: Upstream, log: Logger): void {
  const reach = { hasModel: (m: string) => upstream.router.names.includes(m), compatConfigured: judgeConfigured(settings, PROVIDERS) };
  const id = settings.defaultConfigId;
  if (id === undefined) return;
  let document: unknown;
  try {
    const located = locatePolicy(settings.policyDir, id);
    if (!located) return;
    document = parsePolicyText(located.path, readPolicyFile(located.path));
  } catch {
    // A file that cannot be read or parsed is reported by the default policy's own check.
    return;
  }
  for (const line of unreachableGuardrails(id, document, reach)) log.warning(line, { config_id: id });
  const shadow = isObject(document) ? document.shadow : undefined;
  if (typeof shadow === "string" && isValidPolicyId(shadow) && locatePolicy(settings.policyDir, shadow) === null) {
    log.warning(`the default policy's shadow '${shadow}' is not in ${settings.policyDir}: every request's shadow outcome is error until it is there`, { config_id: id });
  }
  // Engines by URL: tried in the background, after the server listens.
  const variable = (name: string) => variableOf(settings.upstream.environment, name);
  void engineWarnings(id, document, variable).then((lines) => {
    for (const line of lines) log.warning(line, { config_id: id });
  });
}

async function createPolicyStore(settings: Settings, services: GuardrailServices, upstream: Upstream, log: Logger, metrics: Metrics): Promise<PolicyStore> {
  if (settings.policySource === "local") {
    const store = new LocalPolicyStore(settings.policyDir, settings.defaultConfigId, services, policyHealth(log, metrics));
    // Once per service (worker 0 of `--workers`), after the server listens: compiling the
    // default policy must not delay the first /health.
    if ((settings.workerIndex ?? 0) === 0) {
      setTimeout(() => {
        warnAboutPolicies(store, log);
        warnAboutUnreachable(settings, upstream, log);
      }, 0);
    }
    return store;
  }
  if (!settings.licenceKey) throw new StartupError("SVC_KEY is not set: api mode needs it to fetch the policy");
  try {
    const document = await fetchPlatformPolicy({ url: settings.platformUrl, licenceKey: settings.licenceKey });
    return new FixedPolicyStore(compileOrThrow("platform", "the platform policy", document, services));
  } catch (e) {
    if (e instanceof PlatformError || e instanceof PolicyError) throw new StartupError(`api mode: ${e.message}`);
    throw e;
  }
}
