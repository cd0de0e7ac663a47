/**
 * The one place that reads environment variables. Command-line options are applied to a copy of
 * the environment first (SPEC: "an option sets its variable"), so an option always wins.
 */
import { availableParallelism } from "node:os";
import { StartupError } from "./errors/startup-error.ts";

export type Environment = Readonly<Record<string, string | undefined>>;
export type LogLevel = "debug" | "info" | "warning" | "error";
export type PolicySource = "local" | "api";

export const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warning", "error"];
export const DEFAULT_INSTANCE_NAME = "guardrail-proxy";
export const DEFAULT_PLATFORM_URL = "https://platform.guardrail-proxy.dev";
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024;
export const DEFAULT_STREAM_CHECK_INTERVAL = 10;
export const DEFAULT_STREAM_HOLDBACK = 64;
/** Texts per PII guardrail whose scans are reused: a few hundred conversations of a few turns. */
export const DEFAULT_PII_CACHE_TEXTS = 1000;
/** Bun's own limit on concurrent `fetch` requests when BUN_CONFIG_MAX_HTTP_REQUESTS is unset. */
export const BUN_DEFAULT_FETCH_CONCURRENCY = 256;
export const MAX_WORKERS = 256;
export const MAX_SCAN_WORKERS = 64;

/**
 * One scan worker per core but one, which stays the event loop's: with every core scanning,
 * the loop waited for a core (4 texts of 9.5 MB on 2 cores: `/health` up to 130 ms with two
 * workers, 58 ms with one). At most 4: each worker holds its own copy of the engines.
 */
function defaultScanWorkers(): number {
  return Math.max(1, Math.min(availableParallelism() - 1, 4));
}

export interface UpstreamSettings {
  /** SVC_GUARDRAILS_UPSTREAM_HEADERS: added to every upstream request. */
  readonly staticHeaders: Readonly<Record<string, string>>;
  /** SVC_GUARDRAILS_UPSTREAM_QUERY: added to every upstream request. */
  readonly staticQuery: Readonly<Record<string, string>>;
  /** SVC_GUARDRAILS_FORWARD_HEADERS, lower-cased. */
  readonly forwardHeaders: readonly string[];
  /** SVC_GUARDRAILS_FORWARD_QUERY_PARAMS. */
  readonly forwardQueryParams: readonly string[];
  /** The environment the providers read their own variables from (COMPAT_BASE_URL, ...; upstream/provider.ts). */
  readonly environment: Environment;
}

export interface StateSettings {
  /** `redis://` or `rediss://`, with its password if any: never logged. */
  readonly url: string;
  /** The 32 bytes of SVC_GUARDRAILS_STATE_KEY. */
  readonly key: Uint8Array;
}

export interface Settings {
  readonly host: string;
  readonly port: number;
  readonly policySource: PolicySource;
  readonly policyDir: string;
  readonly defaultConfigId?: string;
  readonly modelsConfigPath?: string;
  /** SVC_GUARDRAILS_MCP_CONFIG: the MCP servers the proxy fronts (DECISIONS §12). */
  readonly mcpConfigPath?: string;
  /** SVC_GUARDRAILS_MCP_SESSION_TTL: seconds an MCP session's placeholders live after its last request. */
  readonly mcpSessionTtlSeconds: number;
  /** SVC_GUARDRAILS_MCP_SESSIONS_PER_CALLER: MCP sessions one caller holds at once (DECISIONS §15). */
  readonly mcpSessionsPerCaller: number;
  /** SVC_GUARDRAILS_STATE_URL and SVC_GUARDRAILS_STATE_KEY: the store replicas share; undefined keeps state in the process. */
  readonly state?: StateSettings;
  readonly instanceName: string;
  readonly reload: boolean;
  /** SVC_GUARDRAILS_PLAYGROUND: serve the playground page at /playground (DECISIONS §14). */
  readonly playground: boolean;
  readonly logLevel: LogLevel;
  /** SVC_KEY. Required by `serve`; sent as the bearer token to the platform service. */
  readonly licenceKey?: string;
  readonly offline: boolean;
  readonly platformUrl: string;
  readonly maxBodyBytes: number;
  /** SVC_GUARDRAILS_MAX_ANSWER_BYTES: the most an upstream answer may carry, whole or streamed. */
  readonly maxAnswerBytes: number;
  /** Caller tokens for X-Guardrails-Key that may use every policy. */
  readonly authTokens: readonly string[];
  /** SVC_GUARDRAILS_CALLERS_FILE: named callers and the policies each may use (http/callers-file.ts). */
  readonly callersFile?: string;
  /** SVC_GUARDRAILS_ALLOWED_ORIGINS: web origins whose pages may call the proxy (http/browser-boundary.ts); exact, serialised origins. */
  readonly allowedOrigins: readonly string[];
  /** SVC_GUARDRAILS_ALLOWED_HOSTS: `Host` names served without caller authentication besides loopback and IP addresses; `.suffix` entries match a suffix. Lower-cased. */
  readonly allowedHosts: readonly string[];
  readonly streamCheckInterval: number;
  /** SVC_GUARDRAILS_STREAM_HOLDBACK: the most of a stream's text that waits while it could become a value. */
  readonly streamHoldback: number;
  readonly upstream: UpstreamSettings;
  /** SVC_GUARDRAILS_JUDGE_TIMEOUT: how long an LLM-judged check or moderation call may take. */
  readonly judgeTimeoutMs?: number;
  /** SVC_GUARDRAILS_PII_CACHE: recent texts whose PII scans each PII guardrail reuses (0: none). */
  readonly piiCacheTexts: number;
  /** BUN_CONFIG_MAX_HTTP_REQUESTS as the process started with it: upstream requests at once. */
  readonly upstreamConcurrency: number;
  /** SVC_GUARDRAILS_UPSTREAM_TIMEOUT and _MAX_RETRIES: every upstream call's, unless its models entry says otherwise. */
  readonly upstreamDefaults: { readonly timeoutMs?: number; readonly maxRetries?: number };
  /** SVC_GUARDRAILS_SCAN_WORKERS: threads that scan large texts off the event loop (pipeline/scan-pool.ts); 0: none. */
  readonly scanWorkers: number;
  /** SVC_GUARDRAILS_WORKERS: server processes sharing the port (process/workers.ts). */
  readonly workers: number;
  /** SVC_GUARDRAILS_WORKER_INDEX: set by the supervising process for each worker it starts; absent otherwise. */
  readonly workerIndex?: number;
}

/** Command-line options and the variable each one sets. */
export const OPTION_VARIABLES = {
  host: "SVC_GUARDRAILS_HOST",
  port: "SVC_GUARDRAILS_PORT",
  "policy-source": "SVC_GUARDRAILS_POLICY_SOURCE",
  "policy-dir": "SVC_GUARDRAILS_POLICY_DIR",
  "default-config": "SVC_GUARDRAILS_DEFAULT_CONFIG_ID",
  "models-config": "SVC_GUARDRAILS_MODELS_CONFIG",
  "mcp-config": "SVC_GUARDRAILS_MCP_CONFIG",
  name: "SVC_GUARDRAILS_INSTANCE_NAME",
  "log-level": "SVC_GUARDRAILS_LOG_LEVEL",
  reload: "SVC_GUARDRAILS_RELOAD",
  playground: "SVC_GUARDRAILS_PLAYGROUND",
  "allowed-origins": "SVC_GUARDRAILS_ALLOWED_ORIGINS",
  "allowed-hosts": "SVC_GUARDRAILS_ALLOWED_HOSTS",
  workers: "SVC_GUARDRAILS_WORKERS",
} as const;

export type SettingOption = keyof typeof OPTION_VARIABLES;

/** Returns a copy of `env` with each given option written to its variable. */
export function applyOptions(env: Environment, options: ReadonlyMap<string, string | true>): Environment {
  const out: Record<string, string | undefined> = { ...env };
  for (const [option, variable] of Object.entries(OPTION_VARIABLES)) {
    const value = options.get(option);
    if (value !== undefined) out[variable] = value === true ? "true" : value;
  }
  return out;
}

export interface LoadOptions {
  /** `serve` needs the licence key; the offline `validate` and `scan` commands do not. */
  readonly requireLicence: boolean;
}

export function loadSettings(env: Environment, opts: LoadOptions): Settings {
  const licenceKey = nonEmpty(env.SVC_KEY);
  if (opts.requireLicence && !licenceKey) {
    throw new StartupError("SVC_KEY is not set: the licence key is required to start the server (with SVC_GUARDRAILS_OFFLINE=true the server never contacts the platform, and any non-empty value works)");
  }
  const policySource = oneOf(env, "SVC_GUARDRAILS_POLICY_SOURCE", ["local", "api"] as const, "local");
  const offline = bool(env, "SVC_GUARDRAILS_OFFLINE", false);
  if (policySource === "api" && offline) {
    throw new StartupError(
      "SVC_GUARDRAILS_POLICY_SOURCE=api needs the platform service, but SVC_GUARDRAILS_OFFLINE=true forbids contacting it",
    );
  }
  const workers = integer(env, "SVC_GUARDRAILS_WORKERS", 1, 1, MAX_WORKERS);
  const state = stateSettings(env);
  // Each worker is a process: MCP sessions made by one would be unknown to the others.
  if (workers > 1 && nonEmpty(env.SVC_GUARDRAILS_MCP_CONFIG) && !state.state) {
    throw new StartupError("--workers above 1 with an MCP config needs a shared store for MCP sessions: set SVC_GUARDRAILS_STATE_URL and SVC_GUARDRAILS_STATE_KEY, or run one worker");
  }
  return {
    host: nonEmpty(env.SVC_GUARDRAILS_HOST) ?? "0.0.0.0",
    port: integer(env, "SVC_GUARDRAILS_PORT", 8000, 0, 65535),
    policySource,
    policyDir: nonEmpty(env.SVC_GUARDRAILS_POLICY_DIR) ?? "./policies",
    defaultConfigId: nonEmpty(env.SVC_GUARDRAILS_DEFAULT_CONFIG_ID),
    modelsConfigPath: nonEmpty(env.SVC_GUARDRAILS_MODELS_CONFIG),
    mcpConfigPath: nonEmpty(env.SVC_GUARDRAILS_MCP_CONFIG),
    mcpSessionTtlSeconds: integer(env, "SVC_GUARDRAILS_MCP_SESSION_TTL", 3600, 1, 7 * 24 * 3600),
    mcpSessionsPerCaller: integer(env, "SVC_GUARDRAILS_MCP_SESSIONS_PER_CALLER", 1000, 1, 1_000_000),
    ...state,
    instanceName: nonEmpty(env.SVC_GUARDRAILS_INSTANCE_NAME) ?? DEFAULT_INSTANCE_NAME,
    reload: bool(env, "SVC_GUARDRAILS_RELOAD", false),
    playground: bool(env, "SVC_GUARDRAILS_PLAYGROUND", false),
    logLevel: oneOf(env, "SVC_GUARDRAILS_LOG_LEVEL", LOG_LEVELS, "info"),
    licenceKey,
    offline,
    platformUrl: url(env, "SVC_GUARDRAILS_PLATFORM_URL") ?? DEFAULT_PLATFORM_URL,
    maxBodyBytes: integer(env, "SVC_GUARDRAILS_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES, 1, 2 ** 31),
    maxAnswerBytes: integer(env, "SVC_GUARDRAILS_MAX_ANSWER_BYTES", DEFAULT_MAX_ANSWER_BYTES, 1, 2 ** 31),
    authTokens: tokens(env, "SVC_GUARDRAILS_AUTH_TOKENS"),
    callersFile: requiredIfSet(env, "SVC_GUARDRAILS_CALLERS_FILE"),
    allowedOrigins: origins(env, "SVC_GUARDRAILS_ALLOWED_ORIGINS"),
    allowedHosts: hostNames(env, "SVC_GUARDRAILS_ALLOWED_HOSTS"),
    streamCheckInterval: integer(env, "SVC_GUARDRAILS_STREAM_CHECK_INTERVAL", DEFAULT_STREAM_CHECK_INTERVAL, 1, 1_000_000),
    streamHoldback: integer(env, "SVC_GUARDRAILS_STREAM_HOLDBACK", DEFAULT_STREAM_HOLDBACK, 1, 65_536),
    upstream: {
      staticHeaders: stringMap(env, "SVC_GUARDRAILS_UPSTREAM_HEADERS"),
      staticQuery: stringMap(env, "SVC_GUARDRAILS_UPSTREAM_QUERY"),
      // The proxy's own headers carry a caller token and a policy id: never the upstream's business.
      forwardHeaders: list(env.SVC_GUARDRAILS_FORWARD_HEADERS)
        .map((h) => h.toLowerCase())
        .filter((h) => !h.startsWith("x-guardrails-")),
      forwardQueryParams: list(env.SVC_GUARDRAILS_FORWARD_QUERY_PARAMS),
      environment: env,
    },
    judgeTimeoutMs: seconds(env, "SVC_GUARDRAILS_JUDGE_TIMEOUT"),
    piiCacheTexts: integer(env, "SVC_GUARDRAILS_PII_CACHE", DEFAULT_PII_CACHE_TEXTS, 0, 1_000_000),
    upstreamConcurrency: integer(env, "BUN_CONFIG_MAX_HTTP_REQUESTS", BUN_DEFAULT_FETCH_CONCURRENCY, 1, 65_536),
    upstreamDefaults: {
      timeoutMs: seconds(env, "SVC_GUARDRAILS_UPSTREAM_TIMEOUT"),
      maxRetries: optionalInteger(env, "SVC_GUARDRAILS_UPSTREAM_MAX_RETRIES", 0, 10),
    },
    scanWorkers: integer(env, "SVC_GUARDRAILS_SCAN_WORKERS", defaultScanWorkers(), 0, MAX_SCAN_WORKERS),
    workers,
    workerIndex: optionalInteger(env, "SVC_GUARDRAILS_WORKER_INDEX", 0, MAX_WORKERS - 1),
  };
}

/** The shared store: a Redis-protocol URL, and the key its values are encrypted under (required with it). */
function stateSettings(env: Environment): { state?: StateSettings } {
  const raw = nonEmpty(env.SVC_GUARDRAILS_STATE_URL);
  const rawKey = nonEmpty(env.SVC_GUARDRAILS_STATE_KEY);
  if (raw === undefined) {
    if (rawKey !== undefined) throw new StartupError("SVC_GUARDRAILS_STATE_KEY is set but SVC_GUARDRAILS_STATE_URL is not: name the store, or unset the key");
    return {};
  }
  // The URL may carry a password: no message quotes it.
  if (!URL.canParse(raw) || !/^rediss?:$/.test(new URL(raw).protocol)) throw new StartupError("SVC_GUARDRAILS_STATE_URL must be a redis:// or rediss:// URL");
  if (rawKey === undefined) throw new StartupError("SVC_GUARDRAILS_STATE_KEY is not set: it is required with SVC_GUARDRAILS_STATE_URL (32 random bytes in Base64, e.g. `openssl rand -base64 32`)");
  const key = /^[A-Za-z0-9+/]{43}=$/.test(rawKey) ? Buffer.from(rawKey, "base64") : null;
  if (!key || key.length !== 32) throw new StartupError("SVC_GUARDRAILS_STATE_KEY must be 32 bytes in Base64 (44 characters, e.g. `openssl rand -base64 32`)");
  return { state: { url: raw, key: new Uint8Array(key) } };
}

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * A list of caller tokens. Set but holding none (`","`, spaces) is refused: the operator asked
 * for authentication, and starting without it would be silent.
 */
function tokens(env: Environment, name: string): string[] {
  const raw = env[name];
  const found = list(raw);
  // Set but blank ("" or spaces) is a mistake, not a wish to run open: a deployment that meant
  // to turn authentication on must not find it silently off.
  if (raw !== undefined && found.length === 0) {
    throw new StartupError(`${name} is set but holds no token: set comma-separated tokens, or unset it to run without caller authentication`);
  }
  return found;
}

/**
 * Web origins, each exactly as a browser sends it in `Origin` (`https://app.example.com`,
 * `http://localhost:3000`): a path, a trailing slash, a wildcard or upper case would never
 * match, so they refuse the start instead of silently letting nothing through.
 */
function origins(env: Environment, name: string): string[] {
  const found = list(env[name]);
  for (const entry of found) {
    const parsed = URL.canParse(entry) ? new URL(entry) : null;
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== entry) {
      throw new StartupError(`${name}: '${callerSafe(entry)}' is not a web origin: write scheme://host[:port] as the browser sends it, lower case, without a path or a trailing slash (e.g. https://app.example.com)`);
    }
  }
  return found;
}

/** Host names without a port; an entry starting with `.` matches every name ending with it. */
function hostNames(env: Environment, name: string): string[] {
  const found = list(env[name]).map((h) => h.toLowerCase());
  for (const entry of found) {
    if (!/^\.?[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/.test(entry)) {
      throw new StartupError(`${name}: '${callerSafe(entry)}' is not a host name: write names without scheme or port (e.g. guardrail-proxy.tools.svc), or .suffix for every name ending with it (e.g. .svc.cluster.local)`);
    }
  }
  return found;
}

/** A variable that, once set, must say something: a blank value refuses the start. */
function requiredIfSet(env: Environment, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const v = nonEmpty(raw);
  if (v === undefined) throw new StartupError(`${name} is set but empty: name the file, or unset it to run without it`);
  return v;
}

function bool(env: Environment, name: string, fallback: boolean): boolean {
  const v = nonEmpty(env[name])?.toLowerCase();
  if (v === undefined) return fallback;
  if (["true", "1", "yes", "on"].includes(v)) return true;
  if (["false", "0", "no", "off"].includes(v)) return false;
  throw new StartupError(`${name} must be true or false (also 1/0, yes/no, on/off), got '${callerSafe(env[name] ?? "")}'`);
}

function integer(env: Environment, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new StartupError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return n;
}

function optionalInteger(env: Environment, name: string, min: number, max: number): number | undefined {
  return nonEmpty(env[name]) === undefined ? undefined : integer(env, name, 0, min, max);
}

/** A positive number of seconds, as milliseconds. */
function seconds(env: Environment, name: string): number | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new StartupError(`${name} must be a positive number of seconds, got '${raw}'`);
  return Math.round(n * 1000);
}

function oneOf<T extends string>(env: Environment, name: string, allowed: readonly T[], fallback: T): T {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const found = allowed.find((a) => a === raw.toLowerCase());
  if (!found) throw new StartupError(`${name} must be one of ${allowed.join(", ")}, got '${raw}'`);
  return found;
}

function url(env: Environment, name: string): string | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  if (!URL.canParse(raw)) throw new StartupError(`${name} is not a valid URL`);
  return raw;
}

/** A JSON object of string values. The error never echoes the value: it may hold credentials. */
function stringMap(env: Environment, name: string): Record<string, string> {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new StartupError(`${name} must be a JSON object of strings, and is not valid JSON`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new StartupError(`${name} must be a JSON object of strings`);
  }
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== "string") throw new StartupError(`${name}: the value of '${key}' must be a string`);
    out[key] = value;
  }
  return out;
}

/** A value from the environment in a message: shortened, so a stray secret is not printed whole. */
function callerSafe(value: string): string {
  return value.length > 32 ? `${value.slice(0, 32)}...` : value;
}
