/**
 * Last known good (DECISIONS §14): a policy file that breaks after it was served keeps being
 * served in its last valid version, said once as an `error` line naming the policy id, file,
 * field and reason, with `guardrail_proxy_policy_invalid{config_id}` 1 until the file is valid
 * again (then 0 and an `info` line). A policy never valid answers 422 `invalid_policy`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { utimesSync } from "node:fs";
import { tempPolicyDir, type TempDir } from "./helpers/policies.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";

const VALID = "version: 1\npre_flight:\n  version: 1\n  guardrails:\n    - name: PII\n      config:\n        entities: [EMAIL_ADDRESS]\n";
const BAD_FIELD = "version: 1\npre_flight:\n  version: 1\n  guardrails:\n    - name: PII\n      config:\n        entities: [EMAIL_ADDRESS]\n        confidence_threshold: 7\n";
const BAD_YAML = "version: 1\npre_flight:\n  version: 1\n  guardrails: [\n";

let dir: TempDir;
let server: TestServer;
beforeAll(async () => {
  dir = tempPolicyDir({ "default.yaml": VALID });
  server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, SVC_GUARDRAILS_DEFAULT_CONFIG_ID: "default" });
});
afterAll(async () => {
  await server.stop();
  dir.remove();
});

const check = async (text: string, configId?: string) => {
  const res = await server.post("/v1/guard/input", { text, ...(configId ? { config_id: configId } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const invalidGauge = async (id: string) => {
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  const m = new RegExp(`^guardrail_proxy_policy_invalid\\{config_id="${id}"\\} (\\d+)$`, "m").exec(metrics);
  return m ? Number(m[1]) : null;
};
const errorLines = () => server.logs().filter((l) => l.level === "error" && l.config_id === "default");
/** Writes a new version with a modification time the cache cannot mistake for the last one. */
let tick = 0;
const save = (text: string) => {
  const file = dir.write("default.yaml", text);
  const at = new Date(Date.now() + ++tick * 1000);
  utimesSync(file, at, at);
};

describe("last known good", () => {
  test("a field made invalid after the file was served: the last valid version goes on, one error line, gauge 1", async () => {
    expect((await check("mail ann@corp.example")).body.sanitized_text).toBe("mail <EMAIL_ADDRESS>");
    expect(await invalidGauge("default")).toBeNull();
    save(BAD_FIELD);
    for (let i = 0; i < 3; i++) {
      const { status, body } = await check("mail ann@corp.example");
      expect(status).toBe(200);
      expect(body.sanitized_text).toBe("mail <EMAIL_ADDRESS>");
    }
    const lines = errorLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ config_id: "default", file: "default.yaml", field: "pre_flight.guardrails[0].config.confidence_threshold" });
    expect(String(lines[0]!.reason)).toContain("confidence_threshold");
    expect(await invalidGauge("default")).toBe(1);
  });

  test("a YAML syntax error: still the last valid version, no second error line while it stays broken", async () => {
    save(BAD_YAML);
    expect((await check("mail bob@corp.example")).body.sanitized_text).toBe("mail <EMAIL_ADDRESS>");
    expect(errorLines()).toHaveLength(1);
    expect(await invalidGauge("default")).toBe(1);
  });

  test("valid again: served as it now is, gauge 0, an info line", async () => {
    save(VALID.replace("[EMAIL_ADDRESS]", "[EMAIL_ADDRESS, IP_ADDRESS]"));
    expect((await check("host 10.1.2.3")).body.sanitized_text).toBe("host <IP_ADDRESS>");
    expect(await invalidGauge("default")).toBe(0);
    const info = await server.waitForLog((l) => l.level === "info" && l.config_id === "default" && l.file === "default.yaml");
    expect(String(info.msg)).toContain("valid again");
  });

  test("broken again after the repair: reported again, once", async () => {
    save(BAD_YAML);
    expect((await check("host 10.1.2.3")).body.sanitized_text).toBe("host <IP_ADDRESS>");
    const lines = errorLines();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ config_id: "default", file: "default.yaml", field: "line 5" });
    expect(await invalidGauge("default")).toBe(1);
  });

  test("a policy that was never valid answers 422 invalid_policy", async () => {
    dir.write("fresh.yaml", BAD_FIELD);
    const { status, body } = await check("hello", "fresh");
    expect(status).toBe(422);
    expect((body.detail as Record<string, unknown>).error).toBe("invalid_policy");
    expect(await invalidGauge("fresh")).toBeNull();
  });
});
