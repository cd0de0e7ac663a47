/**
 * The pipeline's rules that no shipped local guardrail can exercise yet: a guardrail that fails
 * to run, under on_error block and allow, in block and alert mode. The failing check is a real
 * Detector in a compiled policy; what is asserted is the pipeline's verdict.
 */
import { describe, expect, test } from "bun:test";
import { keywordsDefinition, createKeywordsDetector } from "../src/guardrails/keywords/guardrail.ts";
import { GuardrailUnavailableError, type Detector } from "../src/guardrails/types.ts";
import { guardText } from "../src/pipeline/guard.ts";
import { runInputStages } from "../src/pipeline/pipeline.ts";
import type { CompiledEntry, CompiledPolicy } from "../src/policy/compile.ts";

const failing = (error: Error): Detector => ({ kind: "detector", name: "Flaky", detect: async () => Promise.reject(error) });

function policyWith(input: { guardrail: Detector; onError?: "block" | "allow"; suppress?: boolean }[], mode: "block" | "alert" = "block"): CompiledPolicy {
  const entries: CompiledEntry[] = input.map((e, index) => ({
    name: e.guardrail.name,
    stage: "input",
    index,
    guardrail: e.guardrail,
    definition: keywordsDefinition as never,
    suppressEnforcement: e.suppress ?? false,
    onError: e.onError ?? "block",
  }));
  return { id: "t", mode, stages: { pre_flight: [], input: entries, output: [] } };
}

describe("on_error", () => {
  test("block (the default) blocks with cause unavailable and a safe message", async () => {
    const outcome = await guardText(policyWith([{ guardrail: failing(new GuardrailUnavailableError("judge timed out")) }]), "input", "hello");
    expect(outcome.response).toEqual({ allowed: false, sanitized_text: null, guardrail: "Flaky", message: "Flaky guardrail could not run (judge timed out)" });
    expect(outcome.runs[0]).toMatchObject({ tripped: true, enforced: true, error: "judge timed out" });
  });

  test("an unexpected exception is reported without its message", async () => {
    const outcome = await guardText(policyWith([{ guardrail: failing(new Error("contains user text: hello")) }]), "input", "hello");
    expect(outcome.response.message).toBe("Flaky guardrail could not run (internal error)");
  });

  test("allow lets the text through and records the error", async () => {
    const outcome = await guardText(policyWith([{ guardrail: failing(new GuardrailUnavailableError("down")), onError: "allow" }]), "input", "hello");
    expect(outcome.response.allowed).toBe(true);
    expect(outcome.runs[0]).toMatchObject({ tripped: false, enforced: false, error: "down" });
  });

  test("on_error block blocks even in alert mode and with enforcement suppressed: a check that never ran detected nothing", async () => {
    const alert = await guardText(policyWith([{ guardrail: failing(new GuardrailUnavailableError("down")) }], "alert"), "input", "hello");
    expect(alert.response.allowed).toBe(false);
    const suppressed = await guardText(policyWith([{ guardrail: failing(new GuardrailUnavailableError("down")), suppress: true }]), "input", "hello");
    expect(suppressed.response.allowed).toBe(false);
    const allow = await guardText(policyWith([{ guardrail: failing(new GuardrailUnavailableError("down")), onError: "allow" }], "alert"), "input", "hello");
    expect(allow.response.allowed).toBe(true);
  });

  test("a failure after an enforcing detector does not hide the first enforcer", async () => {
    const keywords = createKeywordsDetector({ keywords: ["hello"] });
    const outcome = await guardText(policyWith([{ guardrail: keywords }, { guardrail: failing(new GuardrailUnavailableError("down")) }]), "input", "hello");
    expect(outcome.response.guardrail).toBe("Keywords");
  });
});

describe("what detectors judge", () => {
  test("the latest turn: user and tool segments after the last assistant segment", async () => {
    const seen: string[] = [];
    const spy: Detector = { kind: "detector", name: "Spy", detect: (text, ctx) => (seen.push(text, `history:${ctx.history.length}`), { tripped: false, labels: [], info: {} }) };
    await runInputStages(policyWith([{ guardrail: spy }]), [
      { role: "user", text: "first question" },
      { role: "assistant", text: "calling a tool" },
      { role: "tool", text: "tool output" },
      { role: "user", text: "and now?" },
    ]);
    expect(seen).toEqual(["tool output\n\nand now?", "history:2"]);
  });
});
