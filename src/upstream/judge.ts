/**
 * The guardrails' outside services on the compat upstream (DECISIONS §3): the judge model of
 * LLM-judged checks (chat completions with a structured verdict) and the moderations endpoint.
 * A model is reached through the models config entry of that name, else COMPAT_BASE_URL and
 * COMPAT_API_KEY (not the `default: true` entry: a judge is chosen by name). Every failure
 * becomes `GuardrailUnavailableError` with a message free of content and credentials.
 */
import type { GuardrailServices, ModerationResult } from "../guardrails/services.ts";
import { GuardrailUnavailableError } from "../guardrails/types.ts";
import { ApiError } from "../errors/api-error.ts";
import type { ClientCache } from "./clients.ts";
import { readAnswerText } from "./answer-size.ts";
import { CallerGoneError, UpstreamStatusError } from "./errors.ts";
import { upstreamHeaders } from "./forwarding.ts";
import type { UpstreamRoute, UpstreamRouter } from "./routes.ts";

/** A judge call is on the request's path: it gets seconds, not the ten minutes of a completion. */
export const DEFAULT_JUDGE_TIMEOUT_MS = 15_000;

export function createGuardrailServices(router: UpstreamRouter, clients: ClientCache, maxAnswerBytes: number, timeoutMs = DEFAULT_JUDGE_TIMEOUT_MS): GuardrailServices {
  const post = async (route: UpstreamRoute, path: string, body: Record<string, unknown>, signal: AbortSignal | undefined): Promise<Record<string, unknown>> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await clients.callFor(route)({ method: "post", path, body, headers: upstreamHeaders(route, EMPTY, []), signal: combined, maxAnswerBytes });
    } catch (e) {
      if (e instanceof CallerGoneError) throw new GuardrailUnavailableError(timeout.aborted ? "the judge model did not answer in time" : "the check was cancelled");
      if (e instanceof UpstreamStatusError) throw new GuardrailUnavailableError(`the judge model's upstream answered HTTP ${e.status}`);
      if (e instanceof ApiError) throw new GuardrailUnavailableError(judgeFailure(e));
      throw e;
    }
    let json: unknown;
    try {
      json = JSON.parse(await readAnswerText(response, maxAnswerBytes));
    } catch (e) {
      if (e instanceof ApiError && e.code === "upstream_answer_too_large") throw new GuardrailUnavailableError("the judge model's upstream answered more than SVC_GUARDRAILS_MAX_ANSWER_BYTES");
      throw new GuardrailUnavailableError("the judge model's upstream answered something that is not JSON");
    }
    if (typeof json !== "object" || json === null) throw new GuardrailUnavailableError("the judge model's upstream answered something unexpected");
    return json as Record<string, unknown>;
  };

  return {
    judge: {
      async complete({ model, system, user, schema, signal }) {
        const route = router.judgeRoute(model);
        const json = await post(
          route,
          "/chat/completions",
          {
            ...route.requestDefaults,
            model: route.modelOverride ?? model,
            temperature: 0,
            messages: [
              { role: "system", content: system },
              { role: "user", content: user },
            ],
            response_format: { type: "json_schema", json_schema: { name: "verdict", strict: true, schema } },
          },
          signal,
        );
        return messageContent(json);
      },
      async converse({ model, messages, signal }) {
        const route = router.judgeRoute(model);
        // Llama Guard's servers apply the model's own template: the conversation as it is, nothing added.
        const json = await post(route, "/chat/completions", { ...route.requestDefaults, model: route.modelOverride ?? model, temperature: 0, messages }, signal);
        return messageContent(json);
      },
    },
    moderation: {
      async moderate({ model, input, signal }): Promise<ModerationResult> {
        const route = router.judgeRoute(model);
        const json = await post(route, "/moderations", { model: route.modelOverride ?? model, input }, signal);
        const result = Array.isArray(json.results) ? (json.results[0] as Record<string, unknown> | undefined) : undefined;
        const categories = result?.categories;
        const scores = result?.category_scores;
        if (!result || typeof categories !== "object" || categories === null || typeof scores !== "object" || scores === null) {
          throw new GuardrailUnavailableError("the moderations endpoint answered without results");
        }
        return { flagged: result.flagged === true, categories: categories as Record<string, boolean>, scores: scores as Record<string, number> };
      },
    },
  };
}

const EMPTY = new Headers();

function messageContent(json: Record<string, unknown>): string {
  const choices = json.choices;
  const message = Array.isArray(choices) ? (choices[0] as { message?: { content?: unknown; refusal?: unknown } } | undefined)?.message : undefined;
  if (typeof message?.content !== "string") {
    throw new GuardrailUnavailableError(message?.refusal ? "the judge model refused to judge" : "the judge model answered without a message");
  }
  return message.content;
}

function judgeFailure(e: ApiError): string {
  if (e.code === "upstream_timeout") return "the judge model did not answer in time";
  if (e.code === "upstream_answer_too_large") return "the judge model's upstream answered more than SVC_GUARDRAILS_MAX_ANSWER_BYTES";
  return "the judge model could not be reached";
}
