/**
 * The HTTP engines a policy names by URL (DECISIONS §11: `engine: classifier`, `Webhook`): one
 * JSON POST with a timeout, the answer read up to SVC_GUARDRAILS_MAX_ANSWER_BYTES. Failures
 * become `GuardrailUnavailableError` naming the engine's host and the cause, never its query,
 * headers, the text sent or the answer, and the guardrail's `on_error` decides.
 */
import type { EngineClient } from "../guardrails/services.ts";
import { GuardrailUnavailableError } from "../guardrails/types.ts";
import { ApiError } from "../errors/api-error.ts";
import { readAnswerText } from "./answer-size.ts";

export function createEngineClient(maxAnswerBytes: number): EngineClient {
  return {
    async post({ url, body, headers, timeoutMs, signal }) {
      const host = hostOf(url);
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json", ...headers }, body: JSON.stringify(body), signal: combined, redirect: "error" });
      } catch (e) {
        if (timeout.aborted) throw new GuardrailUnavailableError(`the engine at ${host} did not answer within ${timeoutMs} ms`);
        if (signal?.aborted) throw new GuardrailUnavailableError("the check was cancelled");
        throw new GuardrailUnavailableError(`the engine at ${host} could not be reached (${causeOf(e)})`);
      }
      let text: string;
      try {
        text = await readAnswerText(response, maxAnswerBytes);
      } catch (e) {
        if (timeout.aborted) throw new GuardrailUnavailableError(`the engine at ${host} did not answer within ${timeoutMs} ms`);
        if (e instanceof ApiError && e.code === "upstream_answer_too_large") throw new GuardrailUnavailableError(`the engine at ${host} answered more than SVC_GUARDRAILS_MAX_ANSWER_BYTES`);
        throw new GuardrailUnavailableError(`the engine at ${host} broke off its answer`);
      }
      if (!response.ok) throw new GuardrailUnavailableError(`the engine at ${host} answered HTTP ${response.status}`);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new GuardrailUnavailableError(`the engine at ${host} answered something that is not JSON`);
      }
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an invalid URL";
  }
}

/** The error's code (ECONNREFUSED, ENOTFOUND, a TLS code), never its message (it may quote the URL). */
function causeOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[A-Z0-9_]{2,40}$/.test(code) ? code : "connection failed";
}
