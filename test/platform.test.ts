/** Instance registration, `api` mode and SVC_GUARDRAILS_OFFLINE against a platform on loopback. */
import { afterEach, describe, expect, test } from "bun:test";
import { StartupError } from "../src/errors/startup-error.ts";
import { VERSION } from "../src/version.ts";
import { startMockPlatform, type MockPlatform } from "./helpers/platform.ts";
import { policy, tempPolicyDir } from "./helpers/policies.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";

const platformPolicy = policy({ input: [{ name: "Keywords", config: { keywords: ["platform-word"] } }] });

let platforms: MockPlatform[] = [];
let servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers) await s.stop();
  for (const p of platforms) p.stop();
  servers = [];
  platforms = [];
});

function platform(options: Parameters<typeof startMockPlatform>[0]): MockPlatform {
  const p = startMockPlatform(options);
  platforms.push(p);
  return p;
}

async function server(env: Record<string, string>): Promise<TestServer> {
  const s = await startTestServer(env);
  servers.push(s);
  return s;
}

describe("registration", () => {
  test("sends one connect event with the licence key as bearer token", async () => {
    const p = platform({});
    const s = await server({ SVC_GUARDRAILS_OFFLINE: "false", SVC_GUARDRAILS_PLATFORM_URL: p.url, SVC_GUARDRAILS_INSTANCE_NAME: "edge-7" });
    await s.registered;
    const connects = p.calls.filter((c) => c.path === "/v1/instances/connect");
    expect(connects).toHaveLength(1);
    expect(connects[0]!.method).toBe("POST");
    expect(connects[0]!.authorization).toBe("Bearer test-licence");
    const body = connects[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ event: "connect", instance_name: "edge-7", version: VERSION, policy_source: "local", host: "127.0.0.1", port: s.port });
    expect(Number.isNaN(Date.parse(body.started_at as string))).toBe(false);
    expect(s.logs().some((l) => l.msg === "instance registered")).toBe(true);
  });

  test("uses the built-in instance name when none is given", async () => {
    const p = platform({});
    const s = await server({ SVC_GUARDRAILS_OFFLINE: "false", SVC_GUARDRAILS_PLATFORM_URL: p.url });
    await s.registered;
    expect((p.calls[0]!.body as Record<string, unknown>).instance_name).toBe("guardrail-proxy");
  });

  test("a failing platform logs one warning and the server keeps serving", async () => {
    const p = platform({ connectStatus: 503 });
    const s = await server({ SVC_GUARDRAILS_OFFLINE: "false", SVC_GUARDRAILS_PLATFORM_URL: p.url });
    await s.registered;
    expect(s.logs().filter((l) => l.msg === "instance registration failed")).toEqual([expect.objectContaining({ level: "warning", status: 503 })]);
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
  });

  test("an unreachable platform logs one warning and the server keeps serving", async () => {
    const s = await server({ SVC_GUARDRAILS_OFFLINE: "false", SVC_GUARDRAILS_PLATFORM_URL: "http://127.0.0.1:9" });
    await s.registered;
    const warnings = s.logs().filter((l) => l.msg === "instance registration failed");
    expect(warnings).toHaveLength(1);
    expect(s.rawLogs()).not.toContain("test-licence");
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
  });

  test("offline mode contacts nothing", async () => {
    const p = platform({});
    const s = await server({ SVC_GUARDRAILS_OFFLINE: "true", SVC_GUARDRAILS_PLATFORM_URL: p.url });
    await s.registered;
    await Bun.sleep(50);
    expect(p.calls).toEqual([]);
  });
});

describe("api policy source", () => {
  test("fetches the policy once at start-up and applies it to every request, ignoring config_id", async () => {
    const p = platform({ policy: platformPolicy });
    const dir = tempPolicyDir({ "local.json": policy({}) });
    const s = await server({ SVC_GUARDRAILS_OFFLINE: "false", SVC_GUARDRAILS_POLICY_SOURCE: "api", SVC_GUARDRAILS_PLATFORM_URL: p.url, SVC_GUARDRAILS_POLICY_DIR: dir.path });
    await s.registered;
    const policyCalls = p.calls.filter((c) => c.path === "/v1/policy");
    expect(policyCalls).toHaveLength(1);
    expect(policyCalls[0]!.authorization).toBe("Bearer test-licence");
    expect((p.calls.find((c) => c.path === "/v1/instances/connect")!.body as Record<string, unknown>).policy_source).toBe("api");
    for (const body of [{ text: "platform-word" }, { text: "platform-word", config_id: "local" }, { text: "platform-word", config_id: "no-such-id" }]) {
      const res = await s.post("/v1/guard/input", body);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { guardrail: string }).guardrail).toBe("Keywords");
    }
    expect(p.calls.filter((c) => c.path === "/v1/policy")).toHaveLength(1);
    dir.remove();
  });

  test("GET /v1/guardrails/configs is an empty list", async () => {
    const p = platform({ policy: platformPolicy });
    const s = await server({ SVC_GUARDRAILS_OFFLINE: "false", SVC_GUARDRAILS_POLICY_SOURCE: "api", SVC_GUARDRAILS_PLATFORM_URL: p.url });
    expect(await (await fetch(`${s.url}/v1/guardrails/configs`)).json()).toEqual([]);
  });

  const refusals: [string, Parameters<typeof startMockPlatform>[0] | null, string][] = [
    ["a non-200 answer", { policy: 500 }, "answered 500"],
    ["a body that is not JSON", { policy: "{nope" }, "not valid JSON"],
    ["an invalid policy document", { policy: { version: 1, input: { version: 1, guardrails: [{ name: "Nope" }] } } }, "input.guardrails[0].name: unknown guardrail 'Nope'"],
    ["an unreachable platform", null, "cannot fetch the policy"],
  ];
  for (const [name, options, fragment] of refusals) {
    test(`refuses to start on ${name}`, async () => {
      const url = options ? platform(options).url : "http://127.0.0.1:9";
      const start = startTestServer({ SVC_GUARDRAILS_OFFLINE: "false", SVC_GUARDRAILS_POLICY_SOURCE: "api", SVC_GUARDRAILS_PLATFORM_URL: url });
      const error = await start.then(
        (s) => {
          servers.push(s);
          return null;
        },
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StartupError);
      expect((error as Error).message).toContain(fragment);
      expect((error as Error).message).not.toContain("test-licence");
    });
  }

  test("refuses to start in offline mode", async () => {
    expect(startTestServer({ SVC_GUARDRAILS_OFFLINE: "true", SVC_GUARDRAILS_POLICY_SOURCE: "api" })).rejects.toThrow("SVC_GUARDRAILS_OFFLINE=true");
  });
});
