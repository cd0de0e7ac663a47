/**
 * A newcomer's first hour, item by item (issue: fifteen small stumbles found by trying the README
 * and docs as written): each message says what to do, in the words of the route or command used.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { baseEnv, runCli } from "./helpers/cli.ts";
import { policy, tempPolicyDir, type TempDir } from "./helpers/policies.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";

let dir: TempDir;
let server: TestServer;
beforeAll(async () => {
  dir = tempPolicyDir({
    "p.json": policy({ pre_flight: [{ name: "PII" }] }),
    "typo.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADRESS", "PERSON"] } }] }),
  });
  server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, COMPAT_BASE_URL: "http://127.0.0.1:9/v1?secret=query-value", COMPAT_API_KEY: "sk-server-key-123", SVC_GUARDRAILS_UPSTREAM_MAX_RETRIES: "0" });
});
afterAll(async () => {
  await server.stop();
  dir.remove();
});

describe("messages that name what to do", () => {
  test("config_id_required names the field each route takes", async () => {
    const guard = await server.post("/v1/guard/input", { text: "hi" });
    expect(((await guard.json()) as { detail: { message: string } }).detail.message).toBe("config_id is required: no default policy is configured (--default-config)");
    const chat = await server.post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "hi" }] });
    expect(((await chat.json()) as { detail: { message: string } }).detail.message).toBe("guardrails.config_id (or the X-Guardrails-Config-Id header) is required: no default policy is configured (--default-config)");
  });

  test("an unknown entity type is one short line with the closest valid name", async () => {
    const res = await server.post("/v1/guard/input", { text: "hi", config_id: "typo" });
    expect(res.status).toBe(422);
    const message = ((await res.json()) as { detail: { message: string } }).detail.message;
    expect(message).toContain("pre_flight.guardrails[0].config.entities[0]: not one of the 47 accepted values; did you mean 'EMAIL_ADDRESS'?");
    expect(message.length).toBeLessThan(300);
  });

  test("malformed JSON says where: line and column, never the text", async () => {
    const res = await server.post("/v1/guard/input", '{\n  "text": "jane.roe@example.org",\n  oops\n}');
    const detail = ((await res.json()) as { detail: { error: string; message: string } }).detail;
    expect(detail).toMatchObject({ error: "validation_error", message: "request body is not valid JSON (line 3, column 3)" });
  });

  test("an unreachable upstream: 502, and the log line names the host and the cause, never the query or the key", async () => {
    const res = await server.post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "hi" }], guardrails: { config_id: "p" } });
    expect(res.status).toBe(502);
    const line = await server.waitForLog((l) => l.msg === "request" && l.status === 502);
    expect(line).toMatchObject({ upstream_host: "127.0.0.1:9", cause: "ECONNREFUSED" });
    expect(server.rawLogs()).not.toContain("query-value");
    expect(server.rawLogs()).not.toContain("sk-server-key-123");
  });
});

describe("a 401 is logged under its route", () => {
  test("with tokens on, an unauthenticated call names /v1/guard/input, not unmatched", async () => {
    const authed = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, SVC_GUARDRAILS_AUTH_TOKENS: "t" });
    try {
      expect((await authed.post("/v1/guard/input", { text: "x", config_id: "p" })).status).toBe(401);
      const line = await authed.waitForLog((l) => l.msg === "request" && l.status === 401);
      expect(line.path).toBe("/v1/guard/input");
      await fetch(`${authed.url}/v1/models/gpt-4o`);
      expect((await authed.waitForLog((l) => l.msg === "request" && l.status === 401 && l.path !== "/v1/guard/input")).path).toBe("/v1/models/:id");
    } finally {
      await authed.stop();
    }
  });
});

describe("the command line", () => {
  test("`help` and `help COMMAND` print the help; scan's usage names --brief, --config-id and --policy-dir", async () => {
    const main = await runCli(["help"]);
    expect(main.code).toBe(0);
    expect(main.stdout).toContain("guardrail-proxy init [DIR]");
    const scan = await runCli(["help", "scan"]);
    expect(scan.stdout.split("\n")[0]).toContain("[--brief]");
    expect(scan.stdout).toContain("--config-id   the policy to run");
    expect(scan.stdout).toContain("--policy-dir  the policy directory");
    expect((await runCli(["help", "nope"])).code).toBe(2);
  });

  test("init's next step names the program as it was started", async () => {
    const target = tempPolicyDir();
    try {
      const r = await runCli(["init", join(target.path, "pols")]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("next: SVC_KEY=local SVC_GUARDRAILS_OFFLINE=true npx bun ");
      expect(r.stdout).toContain("src/main.ts --policy-dir");
    } finally {
      target.remove();
    }
  });

  test("validate warns about a models config whose api_key is the docs' placeholder", async () => {
    const files = tempPolicyDir();
    try {
      const models = files.write("models.json", [{ name: "gpt-x", provider: "compat", parameters: { api_key: "sk-..." } }]);
      const r = await runCli(["validate", "--policy-dir", dir.path, "--models-config", models], { env: baseEnv() });
      expect(r.stdout).toContain(`warning: ${models}: model 'gpt-x': parameters.api_key looks like a documentation placeholder`);
    } finally {
      files.remove();
    }
  });
});

describe("documents", () => {
  test("every command a user copies runs on a machine with only Node.js: no bare `bun ...`", () => {
    const root = join(import.meta.dir, "..");
    const files = ["README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => join("docs", f))];
    const bare: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(root, file), "utf8");
      for (const m of text.matchAll(/`bun (?!build --compile|--watch)[^`]*`/g)) bare.push(`${file}: ${m[0]}`);
      for (const m of text.matchAll(/^\s*(?:[A-Z_]+=\S+\s+)*bun \S.*$/gm)) bare.push(`${file}: ${m[0].trim()}`);
    }
    expect(bare).toEqual([]);
  });
});
