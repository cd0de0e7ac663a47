/**
 * The pipeline's rules that no shipped local guardrail can exercise yet: a guardrail that fails
 * to run, under on_error block and allow, in block and alert mode. The failing check is a real
 * Detector in a compiled policy; what is asserted is the pipeline's verdict.
 */
import { describe, expect, test } from "bun:test";
import { keywordsDefinition, createKeywordsDetector } from "../src/guardrails/keywords/guardrail.ts";
import { GuardrailUnavailableError, type Detector, type Masker } from "../src/guardrails/types.ts";
import { guardText } from "../src/pipeline/guard.ts";
import { runInputStages, runOutputStage } from "../src/pipeline/pipeline.ts";
import type { CompiledEntry, CompiledPolicy } from "../src/policy/compile.ts";
import type { Segment } from "../src/pipeline/types.ts";

const failing = (error: Error): Detector => ({ kind: "detector", name: "Flaky", detect: async () => Promise.reject(error) });

function policyWith(
  input: { guardrail: Detector | Masker; onError?: "block" | "allow"; suppress?: boolean }[],
  mode: "block" | "alert" = "block",
  stage: "input" | "output" = "input",
): CompiledPolicy {
  const entries: CompiledEntry[] = input.map((e, index) => ({
    name: e.guardrail.name,
    stage,
    index,
    guardrail: e.guardrail,
    definition: keywordsDefinition as never,
    recipe: null,
    suppressEnforcement: e.suppress ?? false,
    onError: e.onError ?? "block",
  }));
  return { id: "t", mode, unreadableContent: "allow", reversible: false, outputStream: "incremental", stages: { pre_flight: [], input: stage === "input" ? entries : [], output: stage === "output" ? entries : [] } };
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

/** A segment as the request reading marks it: user and tool texts judged, the rest not. */
function seg(role: "system" | "user" | "assistant" | "tool", text: string, judged = role === "user" || role === "tool"): Segment {
  return { role, text, masked: true, judged };
}

describe("what detectors judge", () => {
  test("a local detector judges every judged text, one by one, never the system prompt or the assistant's history", async () => {
    const seen: string[] = [];
    const spy: Detector = { kind: "detector", name: "Spy", detect: (text) => (seen.push(text), { tripped: text === "tool output", confidence: 0.5, labels: ["x"], info: {} }) };
    const verdict = await runInputStages(policyWith([{ guardrail: spy }]), [
      seg("system", "be brief"),
      seg("user", "first question"),
      seg("assistant", "calling a tool"),
      seg("tool", "tool output"),
      seg("user", "and now?"),
    ]);
    expect(seen).toEqual(["first question", "tool output", "and now?"]);
    // One trip among the texts is the detector's trip.
    expect(verdict.block?.guardrail).toBe("Spy");
  });

  test("a remote detector judges the judged texts at once, with the conversation before them as context", async () => {
    const seen: string[] = [];
    const spy: Detector = { kind: "detector", name: "Judge", remote: true, detect: (text, ctx) => (seen.push(text, `history:${ctx.history.length}`), { tripped: false, labels: [], info: {} }) };
    await runInputStages(policyWith([{ guardrail: spy }]), [seg("system", "be brief"), seg("user", "first question"), seg("assistant", "an answer"), seg("user", "and now?")]);
    expect(seen).toEqual(["first question\n\nand now?", "history:1"]);
  });

  test("texts already judged in a conversation are not judged again", async () => {
    const seen: string[] = [];
    const spy: Detector = { kind: "detector", name: "Spy", detect: (text) => (seen.push(text), { tripped: false, labels: [], info: {} }) };
    const policy = policyWith([{ guardrail: spy }]);
    const turn1 = [seg("user", "hello"), seg("assistant", "hi"), seg("user", "how are you?")];
    await runInputStages(policy, turn1);
    await runInputStages(policy, [...turn1, seg("assistant", "fine"), seg("user", "good to hear")]);
    expect(seen).toEqual(["hello", "how are you?", "good to hear"]);
  });

  test("segments that are not to be masked (tool definitions) are judged but never masked", async () => {
    const told: string[] = [];
    const masker: Masker = { kind: "masker", name: "Recorder", mask: (text) => (told.push(text), { text, tripped: false, labels: [], info: {} }) };
    await runInputStages(policyWith([{ guardrail: masker }]), [{ role: "tool", text: "a tool's description", masked: false, judged: true }, seg("user", "hello")]);
    expect(told).toEqual(["hello"]);
  });
});

describe("what maskers are told", () => {
  /** A masker that records, per text, whether the pipeline called it resent. */
  function recorder(): { masker: Masker; told: string[] } {
    const told: string[] = [];
    const masker: Masker = { kind: "masker", name: "Recorder", mask: (text, ctx) => (told.push(`${text}:${ctx?.resent === true}`), { text, tripped: false, labels: [], info: {} }) };
    return { masker, told };
  }

  test("every message of a conversation with an assistant turn will be resent; a first message, a lone prompt and answers will not", async () => {
    const first = recorder();
    await runInputStages(policyWith([{ guardrail: first.masker }]), [
      seg("user", "be brief"),
      seg("user", "hello"),
    ]);
    expect(first.told).toEqual(["be brief:false", "hello:false"]);

    const later = recorder();
    await runInputStages(policyWith([{ guardrail: later.masker }]), [
      seg("user", "be brief"),
      seg("user", "hello"),
      seg("assistant", "hi"),
      seg("user", "my card is 4111 1111 1111 1111"),
    ]);
    expect(later.told).toEqual(["be brief:true", "hello:true", "hi:true", "my card is 4111 1111 1111 1111:true"]);

    const answers = recorder();
    await runOutputStage(policyWith([{ guardrail: answers.masker }], "block", "output"), ["an answer"]);
    expect(answers.told).toEqual(["an answer:false"]);
  });
});
