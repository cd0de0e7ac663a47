/**
 * Authentication decides on the route that answers (issue: `POST /health?/v1/chat/completions`
 * with `Host: a` was routed to chat completions while the auth hook saw `/health`). Requests are
 * written on a raw socket, so the request target and Host are exactly what an attacker sends.
 * Only the literal `GET /health` is exempt; nothing reaches the upstream without a token.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { connect } from "node:net";
import { policy, tempPolicyDir, type TempDir } from "../helpers/policies.ts";
import { startProxyFixture, type ProxyFixture } from "../helpers/proxy-fixture.ts";

const sha = (token: string) => createHash("sha256").update(token).digest("hex");

interface RawAnswer {
  readonly status: number;
  readonly body: string;
}

/** One HTTP/1.1 request written byte for byte; the connection is closed after the answer. */
function rawRequest(port: number, head: string, body = ""): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => (received += d));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, body: received.slice(received.indexOf("\r\n\r\n") + 4) });
    });
    socket.write(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

const CHAT_BODY = JSON.stringify({ model: "gpt-4.1-mini", messages: [{ role: "user", content: "a forbidden-word in the prompt" }], guardrails: { config_id: "open" } });
const GUARD_BODY = JSON.stringify({ text: "a forbidden-word in the prompt", config_id: "open" });

/** Request targets that one URL parser may read as /health and another as a protected route. */
const TARGETS = [
  "/health?/v1/chat/completions",
  "/health?x=/v1/chat/completions",
  "/health#/v1/chat/completions",
  "/health/../v1/chat/completions",
  "/health/..%2fv1/chat/completions",
  "//health/../v1/chat/completions",
  "/v1/chat/completions?/health",
  "/v1/chat/completions#/health",
  "/v1/chat/completions",
  "/v1//chat/completions",
  "http://a/v1/chat/completions",
  "http://a/health?/v1/chat/completions",
  "/health?/v1/guard/input",
  "/health?/v1/guardrails/configs",
  "/health?/metrics",
  "/health?/v1/models",
];
const HOSTS = ["a", "ab", "abc", "abcd", "", "127.0.0.1", "[::1]", "a:1"];

function attempts(): { method: string; target: string; host: string; body: string }[] {
  const all: { method: string; target: string; host: string; body: string }[] = [];
  for (const target of TARGETS) {
    for (const host of HOSTS) {
      for (const method of ["POST", "GET", "HEAD", "OPTIONS"]) {
        const body = method !== "POST" ? "" : target.includes("guard/input") ? GUARD_BODY : CHAT_BODY;
        all.push({ method, target, host, body });
      }
    }
  }
  return all;
}

async function expectNothingUnauthenticated(fx: ProxyFixture, extraHeaders: string): Promise<void> {
  const port = Number(new URL(fx.server.url).port);
  fx.mock.reset();
  const failures: string[] = [];
  for (const a of attempts()) {
    const head = `${a.method} ${a.target} HTTP/1.1\r\nHost: ${a.host}\r\nContent-Type: application/json${extraHeaders}`;
    const answer = await rawRequest(port, head, a.body);
    // A 2xx is the health probe's own answer or nothing at all; every other route said 401 or 404.
    if (answer.status >= 200 && answer.status < 300) {
      const isHealth = a.method === "GET" && (answer.body === '{"status":"ok"}' || answer.body === "");
      if (!isHealth) failures.push(`${a.method} ${a.target} Host: ${a.host} -> ${answer.status} ${answer.body.slice(0, 80)}`);
    }
    if (answer.body.includes('"allowed"') || answer.body.includes('"choices"') || answer.body.includes('"data"')) {
      failures.push(`${a.method} ${a.target} Host: ${a.host} answered a protected route: ${answer.body.slice(0, 80)}`);
    }
  }
  expect(failures).toEqual([]);
  expect(fx.mock.received).toEqual([]);
}

describe("authentication decides on the route that answers", () => {
  let fx: ProxyFixture;
  let files: TempDir;
  beforeAll(async () => {
    files = tempPolicyDir();
    const callers = files.write("callers.yaml", ["- name: bound", `  token_sha256: ${sha("bound-token")}`, "  policies: [strict]"].join("\n"));
    fx = await startProxyFixture({
      policies: {
        "strict.json": policy({ input: [{ name: "Keywords", config: { keywords: ["forbidden-word"] } }] }),
        "open.json": policy({}),
      },
      env: { SVC_GUARDRAILS_AUTH_TOKENS: "tok-one", SVC_GUARDRAILS_CALLERS_FILE: callers },
    });
  });
  afterAll(async () => {
    await fx.stop();
    files.remove();
  });

  test("the reported request: POST /health?/v1/chat/completions with Host: a is 401, and nothing goes upstream", async () => {
    const port = Number(new URL(fx.server.url).port);
    const answer = await rawRequest(port, "POST /health?/v1/chat/completions HTTP/1.1\r\nHost: a\r\nContent-Type: application/json", CHAT_BODY);
    expect(answer.status).toBe(401);
    expect(fx.mock.received).toEqual([]);
  });

  test("no request target, Host or method reaches a protected route without a token", async () => {
    await expectNothingUnauthenticated(fx, "");
  }, 60_000);

  test("a wrong token is refused the same way", async () => {
    await expectNothingUnauthenticated(fx, "\r\nX-Guardrails-Key: tok-two");
  }, 60_000);

  test("a caller bound to `strict` cannot reach `open` through a path that parsers read two ways", async () => {
    const port = Number(new URL(fx.server.url).port);
    for (const host of HOSTS) {
      for (const target of ["/health?/v1/guard/input", "/v1/guard/input", "http://a/health?/v1/guard/input"]) {
        const answer = await rawRequest(port, `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nX-Guardrails-Key: bound-token`, GUARD_BODY);
        expect([target, host, answer.status]).not.toEqual([target, host, 200]);
      }
    }
  });

  test("GET /health answers without a token, whatever the Host; a token-holder's request still works", async () => {
    const port = Number(new URL(fx.server.url).port);
    for (const host of HOSTS) {
      const health = await rawRequest(port, `GET /health HTTP/1.1\r\nHost: ${host}`);
      expect([host, health.status]).toEqual([host, host === "" ? health.status : 200]);
    }
    const ok = await rawRequest(port, "POST /v1/guard/input HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nX-Guardrails-Key: tok-one", GUARD_BODY);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ allowed: true });
  });
});
