/** Local policy discovery, formats, caching, default policy and invalid policies, over HTTP. */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { policy, tempPolicyDir, type TempDir } from "./helpers/policies.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";

const blockWord = (word: string) => policy({ input: [{ name: "Keywords", config: { keywords: [word] } }] });
const yamlBlockWord = (word: string) => `version: 1\ninput:\n  version: 1\n  guardrails:\n    - name: Keywords\n      config:\n        keywords: [${word}]\n`;

async function guardBody(server: TestServer, body: object) {
  const res = await server.post("/v1/guard/input", body);
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

describe("policy discovery", () => {
  let dir: TempDir;
  let server: TestServer;

  beforeAll(async () => {
    dir = tempPolicyDir({
      "flat-json.json": blockWord("w-flat-json"),
      "flat-yaml.yaml": yamlBlockWord("w-flat-yaml"),
      "flat-yml.yml": yamlBlockWord("w-flat-yml"),
      "nested-pj/policy.json": blockWord("w-nested-pj"),
      "nested-py/policy.yaml": yamlBlockWord("w-nested-py"),
      "nested-pyml/policy.yml": yamlBlockWord("w-nested-pyml"),
      "nested-cj/config.json": blockWord("w-nested-cj"),
      "nested-cy/config.yaml": yamlBlockWord("w-nested-cy"),
      "nested-cyml/config.yml": yamlBlockWord("w-nested-cyml"),
      "README.md": "not a policy",
      "notes/readme.txt": "a directory without a policy file",
      "Zeta.json": blockWord("w-zeta"),
      "alpha.json": blockWord("w-alpha"),
    });
    server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path });
  });
  afterAll(async () => {
    await server.stop();
    dir.remove();
  });

  test("GET /v1/guardrails/configs lists every discoverable id in code-point order", async () => {
    const res = await fetch(`${server.url}/v1/guardrails/configs`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(
      ["Zeta", "alpha", "flat-json", "flat-yaml", "flat-yml", "nested-cj", "nested-cy", "nested-cyml", "nested-pj", "nested-py", "nested-pyml"].map((id) => ({ id })),
    );
  });

  for (const id of ["flat-json", "flat-yaml", "flat-yml", "nested-pj", "nested-py", "nested-pyml", "nested-cj", "nested-cy", "nested-cyml"]) {
    test(`config_id '${id}' selects its file`, async () => {
      const hit = await guardBody(server, { text: `say w-${id} now`, config_id: id });
      expect(hit.json.allowed).toBe(false);
      const miss = await guardBody(server, { text: "say w-alpha now", config_id: id });
      expect(miss.json.allowed).toBe(true);
    });
  }

  test("a new file is discovered on the next request, without a restart", async () => {
    dir.write("late.json", blockWord("w-late"));
    expect((await guardBody(server, { text: "w-late", config_id: "late" })).json.allowed).toBe(false);
    expect(((await (await fetch(`${server.url}/v1/guardrails/configs`)).json()) as { id: string }[]).map((c) => c.id)).toContain("late");
  });

  test("an edited file takes effect on the next request", async () => {
    dir.write("edit.yaml", yamlBlockWord("first-word"));
    expect((await guardBody(server, { text: "first-word", config_id: "edit" })).json.allowed).toBe(false);
    dir.write("edit.yaml", yamlBlockWord("second-longer-word"));
    expect((await guardBody(server, { text: "first-word", config_id: "edit" })).json.allowed).toBe(true);
    expect((await guardBody(server, { text: "second-longer-word", config_id: "edit" })).json.allowed).toBe(false);
  });

  test("an unknown config_id answers 422 policy_not_found", async () => {
    const r = await guardBody(server, { text: "x", config_id: "missing" });
    expect(r.status).toBe(422);
    expect(r.json.detail).toMatchObject({ error: "policy_not_found", message: "no policy 'missing' (GET /v1/guardrails/configs lists the policies)" });
  });

  test("a config_id that tries to leave the directory answers 422 and reads nothing", async () => {
    for (const id of ["../etc/passwd", "..", "a/b", ".hidden"]) {
      const r = await guardBody(server, { text: "x", config_id: id });
      expect(r.status).toBe(422);
      expect(r.json.detail.error).toBe("policy_not_found");
    }
  });

  test("without a config_id and without a default the answer is 422 config_id_required", async () => {
    const r = await guardBody(server, { text: "x" });
    expect(r.status).toBe(422);
    expect(r.json.detail.error).toBe("config_id_required");
  });
});

describe("default policy", () => {
  let dir: TempDir;
  let server: TestServer;
  beforeAll(async () => {
    dir = tempPolicyDir({ "base.json": blockWord("w-base"), "other.json": blockWord("w-other") });
    server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, SVC_GUARDRAILS_DEFAULT_CONFIG_ID: "base" });
  });
  afterAll(async () => {
    await server.stop();
    dir.remove();
  });

  test("applies when config_id is omitted, and an explicit config_id wins", async () => {
    expect((await guardBody(server, { text: "w-base" })).json.allowed).toBe(false);
    expect((await guardBody(server, { text: "w-base", config_id: "other" })).json.allowed).toBe(true);
    expect((await guardBody(server, { text: "w-other", config_id: "other" })).json.allowed).toBe(false);
  });
});

describe("invalid policies answer 422 invalid_policy naming the file and the field", () => {
  let dir: TempDir;
  let server: TestServer;
  beforeAll(async () => {
    dir = tempPolicyDir({
      "bad-yaml.yaml": "version: 1\ninput: [unclosed\n",
      "bad-json.json": '{"version": 1,',
      "unknown-guardrail.json": policy({ input: [{ name: "NoSuchCheck" }] }),
      "wrong-type.json": policy({ pre_flight: [{ name: "PII", config: { block: "yes" } }] }),
      "wrong-version.json": { version: 2 },
      "stage-version.json": { version: 1, input: { version: 3, guardrails: [] } },
      "unknown-field.json": { version: 1, inptu: { version: 1, guardrails: [] } },
      "unknown-config.json": policy({ input: [{ name: "Keywords", config: { keywords: ["a"], whole_words: true } }] }),
      "bad-entity.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL", "US_SSN"] } }] }),
      "bad-regex.json": policy({ pre_flight: [{ name: "SecretKeys", config: { custom_patterns: ["ok-[0-9]+", "(unclosed"] } }] }),
      "catastrophic.json": policy({ pre_flight: [{ name: "SecretKeys", config: { custom_patterns: ["(a+)+b"] } }] }),
      "missing-keywords.json": policy({ input: [{ name: "Keywords" }] }),
      "not-an-object.yaml": "- just\n- a list\n",
      "alias-bomb.yaml": "a: &a [x, x]\nb: [*a, *a]\n",
    });
    server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path });
  });
  afterAll(async () => {
    await server.stop();
    dir.remove();
  });

  const cases: [string, string, string][] = [
    ["bad-yaml", "bad-yaml.yaml", "not valid YAML"],
    ["bad-json", "bad-json.json", "not valid JSON"],
    ["unknown-guardrail", "unknown-guardrail.json", "input.guardrails[0].name: unknown guardrail 'NoSuchCheck'"],
    ["wrong-type", "wrong-type.json", "pre_flight.guardrails[0].config.block: expected boolean"],
    ["wrong-version", "wrong-version.json", "version: expected 1"],
    ["stage-version", "stage-version.json", "input.version: expected 1"],
    ["unknown-field", "unknown-field.json", "inptu: unknown field"],
    ["unknown-config", "unknown-config.json", "input.guardrails[0].config.whole_words: unknown field"],
    ["bad-entity", "bad-entity.json", "pre_flight.guardrails[0].config.entities[0]"],
    ["bad-regex", "bad-regex.json", "pre_flight.guardrails[0].config.custom_patterns[1]: invalid regular expression"],
    ["catastrophic", "catastrophic.json", "pre_flight.guardrails[0].config.custom_patterns[0]: pattern refused: a repeated group contains an unbounded repeat"],
    ["missing-keywords", "missing-keywords.json", "input.guardrails[0].config.keywords: required field is missing"],
    ["not-an-object", "not-an-object.yaml", "expected object"],
    ["alias-bomb", "alias-bomb.yaml", "not valid YAML"],
  ];
  for (const [id, file, fragment] of cases) {
    test(id, async () => {
      const r = await guardBody(server, { text: "x", config_id: id });
      expect(r.status).toBe(422);
      expect(r.json.detail.error).toBe("invalid_policy");
      // The file is named as it sits in the policy directory; the directory itself stays private.
      expect(r.json.detail.message.startsWith(`${file}: `)).toBe(true);
      expect(r.json.detail.message).not.toContain(dir.path);
      expect(r.json.detail.message).toContain(fragment);
    });
  }

  test("a fixed file is used on the next request", async () => {
    dir.write("wrong-version.json", blockWord("now-valid"));
    expect((await guardBody(server, { text: "now-valid", config_id: "wrong-version" })).json.allowed).toBe(false);
  });
});

describe("an unusable policy directory", () => {
  const servers: TestServer[] = [];
  const dirs: TempDir[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.stop();
    for (const d of dirs.splice(0)) d.remove();
  });

  // The directory is read per request (SPEC), so its state never stops a start (DECISIONS §1):
  // each of these is one warning naming the directory, and requests answer 422.
  test("at start, a directory that does not exist, a file, or one that cannot be read starts with a warning naming it", async () => {
    const holder = tempPolicyDir();
    dirs.push(holder);
    const file = join(holder.path, "policies");
    writeFileSync(file, "not a directory");
    const loop = join(holder.path, "loop");
    symlinkSync(loop, loop);
    for (const [path, warning] of [
      ["/nonexistent/policies", "policy directory /nonexistent/policies does not exist or is not a directory"],
      [file, `policy directory ${file} does not exist or is not a directory`],
      [loop, `cannot read the policy directory ${loop}: ELOOP`],
    ] as const) {
      const server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: path });
      servers.push(server);
      const line = await server.waitForLog((l) => l.level === "warning" && String(l.msg).includes(path));
      expect(String(line.msg)).toStartWith(warning);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    }
  });

  test("a default policy the directory does not hold starts with a warning naming both; requests without a config_id answer 422", async () => {
    const holder = tempPolicyDir();
    dirs.push(holder);
    writeFileSync(join(holder.path, "mine.json"), JSON.stringify({ version: 1 }));
    const server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: holder.path, SVC_GUARDRAILS_DEFAULT_CONFIG_ID: "defualt" });
    servers.push(server);
    const line = await server.waitForLog((l) => l.level === "warning" && String(l.msg).includes("defualt"));
    expect(String(line.msg)).toStartWith(`default policy 'defualt' is not in ${holder.path}`);
    expect((await guardBody(server, { text: "x" })).status).toBe(422);
  });

  test("an empty directory starts, with one warning naming it", async () => {
    const holder = tempPolicyDir();
    dirs.push(holder);
    const server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: holder.path });
    servers.push(server);
    const line = await server.waitForLog((l) => l.level === "warning" && String(l.msg).startsWith("no policies in"));
    expect(line.msg).toBe(`no policies in ${holder.path} yet: requests are refused until one is added`);
  });

  test("a directory removed while serving lists no configs and answers 422 policy_not_found", async () => {
    const holder = tempPolicyDir();
    dirs.push(holder);
    const server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: holder.path });
    servers.push(server);
    rmSync(holder.path, { recursive: true });
    expect(await (await fetch(`${server.url}/v1/guardrails/configs`)).json()).toEqual([]);
    expect((await guardBody(server, { text: "x", config_id: "a" })).status).toBe(422);
  });

  test("a file put in place of the directory while serving answers 500, and only the log names the directory", async () => {
    const holder = tempPolicyDir();
    dirs.push(holder);
    const dir = join(holder.path, "policies");
    mkdirSync(dir);
    const server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir });
    servers.push(server);
    rmSync(dir, { recursive: true });
    writeFileSync(dir, "not a directory");
    const list = await fetch(`${server.url}/v1/guardrails/configs`);
    expect(list.status).toBe(500);
    expect(await list.text()).not.toContain(holder.path);
    const r = await guardBody(server, { text: "x", config_id: "a" });
    expect(r.status).toBe(500);
    expect(r.json.detail).toMatchObject({ error: "internal_error", message: "the server could not read its policies" });
    const line = await server.waitForLog((l) => l.msg === "policy directory unreadable");
    expect(line.reason).toBe(`the policy directory ${dir} is not a directory`);
  });

  test("a directory that becomes unreadable while serving (a symlink loop) answers 500, and the log names the error", async () => {
    const holder = tempPolicyDir();
    dirs.push(holder);
    const loop = join(holder.path, "loop");
    mkdirSync(loop);
    const server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: loop });
    servers.push(server);
    rmSync(loop, { recursive: true });
    symlinkSync(loop, loop);
    const list = await fetch(`${server.url}/v1/guardrails/configs`);
    expect(list.status).toBe(500);
    const r = await guardBody(server, { text: "x", config_id: "a" });
    expect(r.status).toBe(500);
    expect(r.json.detail.message).not.toContain(holder.path);
    expect((await server.waitForLog((l) => l.msg === "policy directory unreadable")).reason).toContain("ELOOP");
  });

  test("a policy file that cannot be read answers 500 and the server keeps serving", async () => {
    const dir = tempPolicyDir({ "ok.json": blockWord("w") });
    dirs.push(dir);
    // A directory named like a flat policy file is skipped; one named like a nested file is not a file either.
    mkdirSync(join(dir.path, "weird.json"));
    const server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path });
    servers.push(server);
    expect((await guardBody(server, { text: "x", config_id: "weird" })).status).toBe(422);
    expect((await guardBody(server, { text: "w", config_id: "ok" })).json.allowed).toBe(false);
  });
});
