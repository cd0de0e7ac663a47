/** The command line as users run it: `bun src/main.ts ...`, exit codes, stdout and stderr. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { baseEnv, environmentOf, MAIN, runCli, waitForListening } from "./helpers/cli.ts";
import { policy, tempPolicyDir, type TempDir } from "./helpers/policies.ts";

let dir: TempDir;
/** Models configs live apart from the policies: any JSON file in a policy directory is a policy. */
let configs: TempDir;
beforeAll(() => {
  configs = tempPolicyDir();
  dir = tempPolicyDir({
    "mask.json": policy({ pre_flight: [{ name: "PII" }], input: [{ name: "Keywords", config: { keywords: ["stop-word"] } }] }),
    "out.yaml": "version: 1\noutput:\n  version: 1\n  guardrails:\n    - name: PII\n      suppress_enforcement: false\n      config: {block: true}\n",
  });
});
afterAll(() => {
  dir.remove();
  configs.remove();
});

describe("help and version", () => {
  test("--help and --version exit 0 everywhere", async () => {
    for (const args of [["--help"], ["serve", "--help"], ["validate", "--help"], ["scan", "--help"]]) {
      const r = await runCli(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("Usage");
    }
    for (const args of [["--version"], ["validate", "--version"], ["scan", "--version"]]) {
      const r = await runCli(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^guardrail-proxy \d+\.\d+\.\d+\n$/);
    }
  });

  test("--help lists the serve options (a bare invocation serves) and says what SVC_KEY is", async () => {
    const r = await runCli(["--help"]);
    for (const option of ["--policy-dir", "--default-config", "--port", "--workers"]) expect(r.stdout).toContain(option);
    expect(r.stdout).toContain("With SVC_GUARDRAILS_OFFLINE=true the\nserver never contacts the platform, and any non-empty SVC_KEY works.");
  });

  test("an unknown option or command exits 2 with the reason on stderr", async () => {
    const unknownOption = await runCli(["--prot", "9000"]);
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toStartWith("guardrail-proxy: unknown option --prot\n");
    const unknownCommand = await runCli(["launch"]);
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toStartWith("guardrail-proxy: unknown command 'launch'");
    const missingValue = await runCli(["--port"]);
    expect(missingValue.code).toBe(2);
    expect(missingValue.stderr).toStartWith("guardrail-proxy: option --port needs a value");
  });
});

describe("start-up refusals exit 2 with one line naming the cause", () => {
  const cases: [string, string[], Record<string, string>, string][] = [
    ["missing SVC_KEY", [], { SVC_GUARDRAILS_OFFLINE: "true" }, "SVC_KEY is not set: the licence key is required to start the server (with SVC_GUARDRAILS_OFFLINE=true the server never contacts the platform, and any non-empty value works)"],
    ["api mode while offline", ["--policy-source", "api"], { SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" }, "SVC_GUARDRAILS_OFFLINE=true"],
    ["api mode with no reachable platform", ["--policy-source", "api", "--port", "0"], { SVC_KEY: "k", SVC_GUARDRAILS_PLATFORM_URL: "http://127.0.0.1:9" }, "api mode: cannot fetch the policy"],
    ["a bad port", ["--port", "99999"], { SVC_KEY: "k" }, "SVC_GUARDRAILS_PORT must be an integer from 0 to 65535"],
    ["a bad policy source", ["--policy-source", "remote"], { SVC_KEY: "k" }, "SVC_GUARDRAILS_POLICY_SOURCE must be one of local, api"],
    ["a bad log level", ["--log-level", "verbose"], { SVC_KEY: "k" }, "SVC_GUARDRAILS_LOG_LEVEL must be one of"],
    ["upstream headers that are not JSON", [], { SVC_KEY: "k", SVC_GUARDRAILS_UPSTREAM_HEADERS: "{x-api: secret-value" }, "SVC_GUARDRAILS_UPSTREAM_HEADERS must be a JSON object"],
    ["an offline flag that is not a boolean", [], { SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "maybe" }, "SVC_GUARDRAILS_OFFLINE must be true or false (also 1/0, yes/no, on/off), got 'maybe'"],
    // Set but empty would have started with no authentication and no word about it.
    ["caller tokens that hold no token", [], { SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true", SVC_GUARDRAILS_AUTH_TOKENS: "," }, "SVC_GUARDRAILS_AUTH_TOKENS is set but holds no token"],
    ["caller tokens of spaces and commas", [], { SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true", SVC_GUARDRAILS_AUTH_TOKENS: " , ,, " }, "SVC_GUARDRAILS_AUTH_TOKENS is set but holds no token"],
    ["caller tokens set to an empty string", [], { SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true", SVC_GUARDRAILS_AUTH_TOKENS: "" }, "SVC_GUARDRAILS_AUTH_TOKENS is set but holds no token"],
    ["caller tokens set to blanks", [], { SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true", SVC_GUARDRAILS_AUTH_TOKENS: "   " }, "SVC_GUARDRAILS_AUTH_TOKENS is set but holds no token"],
    ["a callers file variable set to blanks", [], { SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true", SVC_GUARDRAILS_CALLERS_FILE: "  " }, "SVC_GUARDRAILS_CALLERS_FILE is set but empty"],
    // A provider's variable is read by its family's provider at start-up; the value may hold a key.
    ["an upstream base URL that is not a URL", [], { SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true", COMPAT_BASE_URL: "secret-value" }, "COMPAT_BASE_URL is not a valid URL"],
    ["a messages base URL that is not a URL", [], { SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true", MESSAGES_BASE_URL: "::secret-value" }, "MESSAGES_BASE_URL is not a valid URL"],
    ["a callers file that does not exist", [], { SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true", SVC_GUARDRAILS_CALLERS_FILE: "/nonexistent/callers.yaml" }, "callers file /nonexistent/callers.yaml: cannot read: ENOENT"],
  ];
  for (const [name, args, env, fragment] of cases) {
    test(name, async () => {
      const r = await runCli(args, { env: baseEnv(env) });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(fragment);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).not.toContain("secret-value");
    });
  }

  test("a port in use", async () => {
    const env = baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" });
    const taken = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    try {
      const inUse = await runCli(["--host", "127.0.0.1", "--port", String(taken.port), "--policy-dir", dir.path], { env });
      expect([inUse.code, inUse.stderr]).toEqual([2, `guardrail-proxy: cannot listen on 127.0.0.1:${taken.port}: the port is in use (--host, --port)\n`]);
    } finally {
      taken.stop(true);
    }
  });

  test("an invalid models config names the file and the field", async () => {
    const file = configs.write("models-bad.json", [{ name: "a", provider: "compat", temperature: 0.2 }]);
    const r = await runCli(["--models-config", file], { env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" }) });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`guardrail-proxy: models config ${file}: [0].temperature: unknown field`);
  });

  test("two default entries in the models config", async () => {
    const file = configs.write("models-two-defaults.json", [
      { name: "a", default: true },
      { name: "b", default: true },
    ]);
    const r = await runCli(["--models-config", file], { env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("more than one entry has default: true (entries [0], [1])");
  });

  test("a hosted entry with no endpoint anywhere names the field", async () => {
    const file = configs.write("models-hosted.json", [{ name: "h", provider: "hosted", parameters: { api_key: "secret-value" } }]);
    const r = await runCli(["--models-config", file], { env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" }) });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`guardrail-proxy: models config ${file}: [0].parameters.hosted_endpoint: required for provider 'hosted' (or set HOSTED_ENDPOINT)`);
  });

  test("an unknown provider names the field, the providers there are and the closest", async () => {
    const file = configs.write("models-provider.json", [{ name: "a", provider: "hostd" }]);
    const r = await runCli(["--models-config", file], { env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" }) });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`guardrail-proxy: models config ${file}: [0].provider: unknown provider 'hostd' (one of compat, hosted, messages, generate); did you mean 'hosted'?`);
  });

  test("an invalid MCP config names the file and the field", async () => {
    const file = configs.write("mcp-bad.json", [{ name: "Tools", url: "http://127.0.0.1:9/mcp" }]);
    const r = await runCli(["--mcp-config", file], { env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" }) });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toStartWith(`guardrail-proxy: MCP config ${file}: [0].name:`);
    const twice = configs.write("mcp-twice.yaml", "- name: a\n  url: http://127.0.0.1:9/mcp\n- name: a\n  url: http://127.0.0.1:10/mcp\n");
    const r2 = await runCli(["--mcp-config", twice], { env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" }) });
    expect([r2.code, r2.stderr.trim()]).toEqual([2, `guardrail-proxy: MCP config ${twice}: [1].name: 'a' is already the name of entry [0]`]);
    const unknown = configs.write("mcp-key.json", [{ name: "a", url: "http://127.0.0.1:9/mcp", retries: 3 }]);
    expect((await runCli(["--mcp-config", unknown], { env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" }) })).stderr).toContain("[0].retries: unknown field");
  });

  test("a models config that does not exist", async () => {
    const r = await runCli(["--models-config", "/nonexistent/models.json"], { env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("models config /nonexistent/models.json: cannot read: ENOENT");
  });
});

describe("serve", () => {
  test("starts, serves, and stops cleanly on SIGTERM; an option wins over its variable", async () => {
    const proc = Bun.spawn([process.execPath, MAIN, "serve", "--host", "127.0.0.1", "--port", "0", "--policy-dir", dir.path], {
      env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true", SVC_GUARDRAILS_POLICY_DIR: "/nonexistent" }),
      stdout: "pipe",
      stderr: "pipe",
    });
    const { port, line, release } = await waitForListening(proc);
    const startEnvironment = environmentOf(proc.pid);
    const configs = await (await fetch(`http://127.0.0.1:${port}/v1/guardrails/configs`)).json();
    expect(configs).toEqual([{ id: "mask" }, { id: "out" }]);
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    release();
    // Started without BUN_CONFIG_MAX_HTTP_REQUESTS and MIMALLOC_PURGE_DELAY, it re-executed
    // itself in place with both set.
    expect(line).toMatchObject({ pid: proc.pid, upstream_concurrency: 4096 });
    expect(startEnvironment).toMatchObject({ BUN_CONFIG_MAX_HTTP_REQUESTS: "4096", MIMALLOC_PURGE_DELAY: "1000" });
  });

  test("the start-up variables the operator set are kept; the missing one is added", async () => {
    for (const [given, expected] of [
      [{ BUN_CONFIG_MAX_HTTP_REQUESTS: "300" }, { BUN_CONFIG_MAX_HTTP_REQUESTS: "300", MIMALLOC_PURGE_DELAY: "1000" }],
      [{ MIMALLOC_PURGE_DELAY: "10" }, { BUN_CONFIG_MAX_HTTP_REQUESTS: "4096", MIMALLOC_PURGE_DELAY: "10" }],
    ] as const) {
      const proc = Bun.spawn([process.execPath, MAIN, "--host", "127.0.0.1", "--port", "0", "--policy-dir", dir.path], {
        env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true", ...given }),
        stdout: "pipe",
        stderr: "pipe",
      });
      const { line, release } = await waitForListening(proc);
      const environment = environmentOf(proc.pid);
      proc.kill("SIGTERM");
      await proc.exited;
      release();
      expect(line).toMatchObject({ pid: proc.pid, upstream_concurrency: Number(expected.BUN_CONFIG_MAX_HTTP_REQUESTS) });
      expect(environment).toMatchObject(expected);
    }
  });
});

describe("serve --reload", () => {
  test("restarts when a source file changes, and stops on SIGTERM", async () => {
    // A copy of the source tree, so the test edits a file nobody else is reading.
    const copy = tempPolicyDir();
    const root = join(import.meta.dir, "..");
    cpSync(join(root, "src"), join(copy.path, "src"), { recursive: true });
    cpSync(join(root, "package.json"), join(copy.path, "package.json"));
    // The shipped policies are imported by `init`.
    cpSync(join(root, "policies"), join(copy.path, "policies"), { recursive: true });
    symlinkSync(join(root, "node_modules"), join(copy.path, "node_modules"));
    const proc = Bun.spawn([process.execPath, join(copy.path, "src", "main.ts"), "--reload", "--host", "127.0.0.1", "--port", "0", "--policy-dir", dir.path], {
      env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" }),
      stdout: "pipe",
      stderr: "pipe",
    });
    const reader = proc.stdout.getReader();
    let out = "";
    const listening = () => out.match(/"msg":"listening"/g)?.length ?? 0;
    const readUntil = async (n: number) => {
      while (listening() < n) {
        const { value, done } = await reader.read();
        if (done) throw new Error("server exited");
        out += new TextDecoder().decode(value);
      }
    };
    await readUntil(1);
    appendFileSync(join(copy.path, "src", "version.ts"), "\n// edited by the reload test\n");
    await readUntil(2);
    const port = Number([...out.matchAll(/"port":(\d+)/g)].at(-1)![1]);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    reader.releaseLock();
    copy.remove();
  });
});

describe("validate", () => {
  test("a guardrail that needs a judge model the server cannot reach: one warning naming policy, guardrail and setting; exit 0", async () => {
    const judged = tempPolicyDir({
      "bot.json": policy({ input: [{ name: "PromptInjection" }, { name: "Jailbreak" }, { name: "HarmfulContent", config: { engine: "moderation" } }] }),
      "fine.json": policy({ input: [{ name: "Jailbreak", config: { engine: "local" } }] }),
    });
    try {
      const r = await runCli(["validate", "--policy-dir", judged.path]);
      expect(r.code).toBe(0);
      const warnings = r.stdout.split("\n").filter((l) => l.startsWith("warning:"));
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toContain("policy 'bot': input.guardrails[1] (Jailbreak) needs the judge model (engine: llm) 'gpt-4.1-mini', which this server cannot reach");
      expect(warnings[0]).toContain("set engine: local");
      expect(warnings[1]).toContain("input.guardrails[2] (HarmfulContent) needs the moderations model");
      // With the compat upstream configured, nothing to say.
      const configured = await runCli(["validate", "--policy-dir", judged.path], { env: baseEnv({ COMPAT_API_KEY: "sk-test" }) });
      expect(configured.stdout).not.toContain("cannot reach");
    } finally {
      judged.remove();
    }
  });

  test("the shipped example policies are valid", async () => {
    const r = await runCli(["validate", "--policy-dir", join(import.meta.dir, "..", "policies")]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n").at(-1)).toBe(`valid: 6 policies in ${join(import.meta.dir, "..", "policies")} (alert-only, default, llm-judged, mcp-agents, strict, support-bot)`);
    // Masking on output masks answers and tool results (docs/policies.md): nothing to warn about.
    expect(r.stdout).not.toContain("mcp-agents.yaml");
  });

  test("a valid directory and models config exit 0 with one summary line naming what was checked", async () => {
    const models = configs.write("models-ok.json", [{ name: "gpt-x", provider: "compat", parameters: { seed: 1 } }]);
    const r = await runCli(["validate", "--policy-dir", dir.path, "--models-config", models]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`valid: 2 policies in ${dir.path} (mask, out), models config ${models} (1 named models)\n`);
  });

  test("a field of fixed values names them, and a file's every problem comes in one pass", async () => {
    const bad = tempPolicyDir({ "p.yaml": "version: 1\nmode: blok\ninput:\n  version: 1\n  guardrails:\n    - name: PromptInjection\n      config:\n        engine: magic\n" });
    const r = await runCli(["validate", "--policy-dir", bad.path]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      `error: ${join(bad.path, "p.yaml")}: mode: expected one of 'block', 'alert'\n` +
        `error: ${join(bad.path, "p.yaml")}: input.guardrails[0].config.engine: expected one of 'local', 'llm', 'cascade', 'classifier'\n` +
        "2 problems found\n",
    );
    bad.remove();
  });

  test("problems exit 1 with one line per problem naming file, field and reason", async () => {
    const bad = tempPolicyDir({
      "a.json": policy({ input: [{ name: "Nope" }, { name: "PII", config: { block: 1 } }] }),
      "b.yaml": "version: [",
      "c.json": policy({}),
      "c.yaml": policy({}),
      "d.json": policy({ input: [{ name: "PII", config: { block: true } }] }),
      "e.json": { ...policy({}), shadow: "candidate" },
    });
    const models = configs.write("m.json", [{ name: "x", provider: "messages", parameters: { timeout: 5 } }]);
    const r = await runCli(["validate", "--policy-dir", bad.path, "--models-config", models]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toContain(`error: ${join(bad.path, "a.json")}: input.guardrails[0].name: unknown guardrail 'Nope'; known guardrails: PII, SecretKeys, URLFilter, Keywords, PromptInjection, Jailbreak, HarmfulContent, Moderation, NSFW, CustomPrompt, Webhook`);
    expect(lines).toContain(`error: ${join(bad.path, "a.json")}: input.guardrails[1].config.block: expected boolean`);
    expect(lines.some((l) => l.startsWith(`error: ${join(bad.path, "b.yaml")}: not valid YAML`))).toBe(true);
    expect(lines).toContain(`warning: ${join(bad.path, "c.yaml")}: shadowed by ${join(bad.path, "c.json")} (same policy id 'c')`);
    expect(lines.some((l) => l.startsWith(`warning: ${join(bad.path, "d.json")}: input.guardrails[0]: config.block is true but suppress_enforcement is true`))).toBe(true);
    expect(lines).toContain(`warning: ${join(bad.path, "e.json")}: shadow: no policy 'candidate' in ${bad.path}; every request's shadow outcome would be error`);
    expect(lines).toContain(`error: models config ${models}: [0].parameters.timeout: does not apply to provider 'messages'`);
    expect(lines.at(-1)).toBe("4 problems found");
    bad.remove();
  });

  test("a provider's variable that is not a URL is a problem, as it would stop the server", async () => {
    const r = await runCli(["validate", "--policy-dir", dir.path], { env: baseEnv({ HOSTED_ENDPOINT: "secret-value" }) });
    expect([r.code, r.stdout]).toEqual([1, "error: HOSTED_ENDPOINT is not a valid URL\n1 problem found\n"]);
  });

  test("the callers file is checked when SVC_GUARDRAILS_CALLERS_FILE is set", async () => {
    const hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    const good = configs.write("callers-ok.yaml", `- name: app\n  token_sha256: ${hash}\n  policies: [mask, later]\n`);
    const ok = await runCli(["validate", "--policy-dir", dir.path], { env: baseEnv({ SVC_GUARDRAILS_CALLERS_FILE: good }) });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`, callers file ${good} (1 caller)`);
    expect(ok.stdout).toContain(`warning: ${good}: caller 'app' lists policy 'later', which ${dir.path} does not hold (yet)`);
    const bad = configs.write("callers-bad.yaml", `- name: app\n  token_sha256: ${hash}\n  policies: [mask]\n  default_policy: out\n`);
    const r = await runCli(["validate", "--policy-dir", dir.path], { env: baseEnv({ SVC_GUARDRAILS_CALLERS_FILE: bad }) });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`error: callers file ${bad}: [0].default_policy: 'out' is not one of the caller's policies`);
  });
});

describe("scan", () => {
  const env = () => baseEnv({ SVC_GUARDRAILS_POLICY_DIR: dir.path });

  test("prints the guard result with per-guardrail results and exits 0 when allowed", async () => {
    const r = await runCli(["scan", "--config-id", "mask", "write to ann@corp.io"], { env: env() });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ allowed: true, sanitized_text: "write to <EMAIL_ADDRESS>", guardrail: null, message: null });
    expect(out.results).toEqual([
      {
        name: "PII",
        stage: "pre_flight",
        tripped: false,
        enforced: false,
        info: expect.objectContaining({ guardrail_name: "PII", detected_entities: { EMAIL_ADDRESS: ["ann@corp.io"] }, checked_text: "write to <EMAIL_ADDRESS>", pii_detected: true, block_mode: false, detect_encoded_pii: false }),
      },
      { name: "Keywords", stage: "input", tripped: false, enforced: false, confidence: 0, info: { guardrail_name: "Keywords", matched_keywords: [] } },
    ]);
  });

  test("--brief prints one line for people: verdict, text as it goes on, what each guardrail found", async () => {
    const r = await runCli(["scan", "--config-id", "mask", "--brief", "write to ann@corp.io"], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("allowed, masked: write to <EMAIL_ADDRESS>  [PII EMAIL_ADDRESS; Keywords 0.00]\n");
    const blocked = await runCli(["scan", "--config-id", "mask", "--brief", "--jsonl", "-"], { env: env(), stdin: '{"text":"the stop-word"}\nnot json\n' });
    expect(blocked.stdout).toBe("blocked by Keywords: Keywords guardrail triggered: blocked keyword found  [PII -; Keywords 1.00]\nerror: line is not valid JSON\n");
  });

  test("exits 1 when the text is blocked", async () => {
    const r = await runCli(["scan", "--config-id", "mask", "a stop-word"], { env: env() });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ allowed: false, guardrail: "Keywords" });
  });

  test("reads the text from stdin with '-' and runs the output stage with --stage output", async () => {
    const r = await runCli(["scan", "--config-id", "out", "--stage", "output", "-"], { env: env(), stdin: "SSN 536-22-8716\n" });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ allowed: false, sanitized_text: null, guardrail: "PII", message: "PII guardrail triggered: PII detected (US_SSN)" });
  });

  test("--jsonl - writes one result per input line, in order, and reports bad lines in place", async () => {
    const stdin = ['{"text":"one x@y.io"}', "not json", '{"text":"two stop-word"}', '{"nope":1}', '{"text":"three"}'].join("\n") + "\n";
    const r = await runCli(["scan", "--config-id", "mask", "--jsonl", "-"], { env: env(), stdin });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({ allowed: true, sanitized_text: "one <EMAIL_ADDRESS>" });
    expect(lines[1]).toEqual({ error: "line is not valid JSON" });
    expect(lines[2]).toMatchObject({ allowed: false, guardrail: "Keywords" });
    expect(lines[3]).toEqual({ error: 'line must be an object with a string "text"' });
    expect(lines[4]).toMatchObject({ allowed: true, sanitized_text: null });
  });

  test("--jsonl - splits lines at \\n only: a raw U+2028 or U+2029 inside a JSON string stays in its line", async () => {
    const stdin = ['{"text":"first\u2028line x@y.io"}', '{"text":"second\u2029line"}', '{"text":"third"}'].join("\r\n") + "\r\n";
    const r = await runCli(["scan", "--config-id", "mask", "--jsonl", "-"], { env: env(), stdin });
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ allowed: true, sanitized_text: "first\u2028line <EMAIL_ADDRESS>" });
    expect(lines[1]).toMatchObject({ allowed: true, sanitized_text: null });
    expect(lines[2]).toMatchObject({ allowed: true });
  });

  test("a missing or unknown policy exits 2", async () => {
    const missing = await runCli(["scan", "hello"], { env: env() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--config-id is required");
    const unknown = await runCli(["scan", "--config-id", "zzz", "hello"], { env: env() });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no policy 'zzz'");
    const badStage = await runCli(["scan", "--config-id", "mask", "--stage", "middle", "x"], { env: env() });
    expect(badStage.code).toBe(2);
  });

  test("does not need the licence key", async () => {
    const r = await runCli(["scan", "--config-id", "mask", "hi"], { env: env() });
    expect(r.code).toBe(0);
  });
});

describe("init", () => {
  test("writes the shipped policies, which validate, and never overwrites a file", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "gp-init-")), "mine");
    const first = await runCli(["init", dir]);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toContain(`wrote ${join(dir, "support-bot/policy.yaml")}`);
    expect((await runCli(["validate", "--policy-dir", dir])).code).toBe(0);

    writeFileSync(join(dir, "default.yaml"), "version: 1\n");
    const second = await runCli(["init", dir]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`kept ${join(dir, "default.yaml")}: it exists`);
    expect(readFileSync(join(dir, "default.yaml"), "utf8")).toBe("version: 1\n");
    expect((await runCli(["init", dir, "other"])).code).toBe(2);
  });
});

describe("the policy directory's state never stops a start (DECISIONS §1)", () => {
  /** Starts `serve`, returns the port and the warning lines logged once it listens. */
  async function startWith(args: string[]): Promise<{ port: number; warnings: Record<string, unknown>[]; stop: () => void }> {
    const proc = Bun.spawn([process.execPath, MAIN, "serve", "--host", "127.0.0.1", "--port", "0", ...args], {
      env: baseEnv({ SVC_KEY: "k", SVC_GUARDRAILS_OFFLINE: "true" }),
      stdout: "pipe",
      stderr: "pipe",
    });
    const reader = proc.stdout.getReader();
    let text = "";
    let port = 0;
    const deadline = performance.now() + 15_000;
    // The warnings follow the listening line: read until one of them, or half a second more.
    let quietSince = 0;
    let pending: Promise<{ done: boolean; value?: Uint8Array }> | null = null;
    while (performance.now() < deadline) {
      pending ??= reader.read();
      const next = await Promise.race([pending, Bun.sleep(100).then(() => null)]);
      if (next) pending = null;
      if (next && !next.done && next.value) text += new TextDecoder().decode(next.value);
      const lines = text.split("\n").filter((l) => l.endsWith("}")).map((l) => JSON.parse(l) as Record<string, unknown>);
      const listening = lines.find((l) => l.msg === "listening");
      if (listening) port = Number(listening.port);
      if (port && lines.some((l) => l.level === "warning" && String(l.msg).includes("polic"))) break;
      if (port && (quietSince ||= performance.now()) && performance.now() - quietSince > 500) break;
    }
    const warnings = text.split("\n").filter((l) => l.endsWith("}")).map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === "warning" && String(l.msg).includes("polic"));
    return { port, warnings, stop: () => proc.kill() };
  }

  const guardStatus = async (port: number, body: object) => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/guard/input`, { method: "POST", body: JSON.stringify(body) });
    return [res.status, ((await res.json()) as { detail: { error: string } }).detail?.error];
  };

  test("a missing directory: one warning naming it; /health 200; a request for a policy 422 policy_not_found", async () => {
    const s = await startWith(["--policy-dir", "/nonexistent/pols", "--default-config", "default"]);
    try {
      expect(s.port).toBeGreaterThan(0);
      expect(s.warnings).toHaveLength(1);
      expect(String(s.warnings[0]!.msg)).toContain("policy directory /nonexistent/pols does not exist or is not a directory (--policy-dir, SVC_GUARDRAILS_POLICY_DIR)");
      expect((await fetch(`http://127.0.0.1:${s.port}/health`)).status).toBe(200);
      expect(await guardStatus(s.port, { text: "hi" })).toEqual([422, "policy_not_found"]);
    } finally {
      s.stop();
    }
  });

  test("a default policy id with no file: one warning naming the id and what the directory holds; requests without a config_id 422", async () => {
    const s = await startWith(["--policy-dir", dir.path, "--default-config", "maks"]);
    try {
      expect(s.warnings).toHaveLength(1);
      expect(String(s.warnings[0]!.msg)).toContain(`default policy 'maks' is not in ${dir.path} (--default-config, SVC_GUARDRAILS_DEFAULT_CONFIG_ID); it holds mask, out`);
      expect(await guardStatus(s.port, { text: "hi" })).toEqual([422, "policy_not_found"]);
      expect((await guardStatus(s.port, { text: "hi", config_id: "mask" }))[0]).toBe(200);
    } finally {
      s.stop();
    }
  });

  test("a default policy with a Jailbreak left on its judge engine, offline: a warning at start-up naming the policy and the setting", async () => {
    const judged = tempPolicyDir({ "bot.json": policy({ input: [{ name: "Jailbreak" }] }) });
    try {
      const s = await startWith(["--policy-dir", judged.path, "--default-config", "bot"]);
      try {
        expect(s.warnings.map((w) => String(w.msg))).toEqual([expect.stringContaining("policy 'bot': input.guardrails[0] (Jailbreak) needs the judge model (engine: llm)")]);
      } finally {
        s.stop();
      }
    } finally {
      judged.remove();
    }
  });

  test("an invalid default policy: one warning naming the file and the field; its requests 422 invalid_policy", async () => {
    const bad = tempPolicyDir({ "broken.json": { version: 1, input: { version: 1, guardrails: [{ name: "Keywords", config: { keywords: "not-a-list" } }] } } });
    try {
      const s = await startWith(["--policy-dir", bad.path, "--default-config", "broken"]);
      try {
        expect(s.warnings).toHaveLength(1);
        expect(String(s.warnings[0]!.msg)).toContain("default policy 'broken' is invalid: broken.json");
        expect(String(s.warnings[0]!.msg)).toContain("keywords");
        expect(await guardStatus(s.port, { text: "hi" })).toEqual([422, "invalid_policy"]);
      } finally {
        s.stop();
      }
    } finally {
      bad.remove();
    }
  });
});
