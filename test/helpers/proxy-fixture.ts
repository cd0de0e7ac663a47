/**
 * A guardrail-proxy in front of the mock upstream: policies in a temp directory, an optional
 * models config, and the global upstream variables pointing at the mock.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockUpstream, type MockUpstream } from "./mock-upstream.ts";
import { tempPolicyDir, type TempDir } from "./policies.ts";
import { startTestServer, type TestServer } from "./server.ts";

export interface ProxyFixture {
  readonly mock: MockUpstream;
  readonly server: TestServer;
  readonly policies: TempDir;
  /** The path of the models config file, when one was given. */
  readonly modelsConfig?: string;
  stop(): Promise<void>;
}

export interface FixtureOptions {
  readonly policies: Record<string, string | object>;
  readonly defaultConfig?: string;
  /** Entries of the models config; `$MOCK` in a string is replaced by the mock's address. */
  readonly models?: readonly object[];
  /** Extra variables; `$MOCK` is replaced by the mock's address here too. */
  readonly env?: Record<string, string>;
}

export async function startProxyFixture(options: FixtureOptions): Promise<ProxyFixture> {
  const mock = startMockUpstream();
  const policies = tempPolicyDir(options.policies);
  let modelsDir: string | undefined;
  let modelsConfig: string | undefined;
  if (options.models) {
    modelsDir = mkdtempSync(join(tmpdir(), "gp-models-"));
    modelsConfig = join(modelsDir, "models.json");
    writeFileSync(modelsConfig, JSON.stringify(options.models).replaceAll("$MOCK", mock.url));
  }
  const server = await startTestServer({
    SVC_GUARDRAILS_POLICY_DIR: policies.path,
    COMPAT_BASE_URL: mock.compatBaseUrl,
    MESSAGES_BASE_URL: mock.url,
    SVC_GUARDRAILS_UPSTREAM_MAX_RETRIES: "0",
    ...(options.defaultConfig ? { SVC_GUARDRAILS_DEFAULT_CONFIG_ID: options.defaultConfig } : {}),
    ...(modelsConfig ? { SVC_GUARDRAILS_MODELS_CONFIG: modelsConfig } : {}),
    ...Object.fromEntries(Object.entries(options.env ?? {}).map(([k, v]) => [k, v.replaceAll("$MOCK", mock.url)])),
  });
  return {
    mock,
    server,
    policies,
    modelsConfig,
    async stop() {
      await server.stop();
      await mock.stop();
      policies.remove();
      if (modelsDir) rmSync(modelsDir, { recursive: true, force: true });
    },
  };
}

/** Reads an SSE response to its end and returns its frames (text between blank lines). */
export async function sseFrames(response: Response): Promise<string[]> {
  const text = await response.text();
  return text.split("\n\n").filter((f) => f.length > 0);
}

/** The JSON payloads of `data:` frames, `[DONE]` kept as the string. */
export function dataOf(frames: readonly string[]): unknown[] {
  return frames.map((f) => {
    const data = f
      .split("\n")
      .filter((l) => l.startsWith("data: "))
      .map((l) => l.slice(6))
      .join("\n");
    return data === "[DONE]" ? data : JSON.parse(data);
  });
}
