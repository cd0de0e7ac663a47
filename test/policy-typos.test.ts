/**
 * A misspelt key of a policy gets the closest field's name, in `validate` and in the 422
 * `invalid_policy` a request to that policy gets; a key like no field gets none.
 */
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { runCli } from "./helpers/cli.ts";
import { tempPolicyDir } from "./helpers/policies.ts";
import { startTestServer } from "./helpers/server.ts";

const dir = tempPolicyDir({
  "typo.yaml": "version: 1\ninput:\n  version: 1\n  guardrails:\n    - name: PromptInjection\n      config:\n        confidence_threshhold: 0.8\n",
  "stage.yaml": "version: 1\ninputs:\n  version: 1\n  guardrails: []\n",
  "far.yaml": "version: 1\ninput:\n  version: 1\n  guardrails:\n    - name: PromptInjection\n      config:\n        colour: red\n",
});
afterAll(() => dir.remove());

test("validate: did you mean, for a typo only", async () => {
  const r = await runCli(["validate", "--policy-dir", dir.path]);
  expect(r.code).toBe(1);
  const lines = r.stdout.trim().split("\n");
  expect(lines).toContain(`error: ${join(dir.path, "typo.yaml")}: input.guardrails[0].config.confidence_threshhold: unknown field; did you mean 'confidence_threshold'?`);
  expect(lines).toContain(`error: ${join(dir.path, "stage.yaml")}: inputs: unknown field; did you mean 'input'?`);
  expect(lines).toContain(`error: ${join(dir.path, "far.yaml")}: input.guardrails[0].config.colour: unknown field`);
});

test("a request to the policy: 422 invalid_policy with the suggestion", async () => {
  const server = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path });
  try {
    const res = await server.post("/v1/guard/input", { text: "hi", config_id: "typo" });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: { error: string; message: string } };
    expect(body.detail.error).toBe("invalid_policy");
    expect(body.detail.message).toContain("confidence_threshhold: unknown field; did you mean 'confidence_threshold'?");
  } finally {
    await server.stop();
  }
});
