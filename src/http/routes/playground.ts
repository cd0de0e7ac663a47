/**
 * The playground (DECISIONS §14), with `--playground`: `GET /playground` serves one page, embedded
 * in the binary and fetching nothing from elsewhere; its API lists the caller's policies and runs
 * one check, answering each guardrail's outcome and confidence, the masked spans in the original
 * text, the sanitized text and the time taken. The page needs no key; the API takes the
 * caller's, as every route does. Without the flag, none of these routes exists (404).
 */
import { Elysia, t } from "elysia";
import { requestPolicy } from "../../audit/request-policy.ts";
import { guardText } from "../../pipeline/guard.ts";
import { runOutputStage } from "../../pipeline/pipeline.ts";
import type { GuardrailRun } from "../../pipeline/types.ts";
import { requestSchema } from "../../schema/request-schema.ts";
import { requestContext, type AppDeps } from "../context.ts";
import page from "../playground/page.html" with { type: "text" };
import { maskedSpans } from "../playground/spans.ts";
import { blockSpans } from "../playground/block-spans.ts";

export const PLAYGROUND_PATH = "/playground";

/** The page's own inline script and style, and calls to this server only: nothing from elsewhere. */
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:",
  "cache-control": "no-store",
};

const CheckRequest = requestSchema(
  t.Object(
    {
      config_id: t.String({ minLength: 1 }),
      stage: t.Union([t.Literal("input"), t.Literal("output")]),
      text: t.String({ maxLength: 100_000 }),
    },
    { additionalProperties: false },
  ),
);

export function playgroundRoutes(deps: AppDeps) {
  const app = new Elysia({ name: "playground-routes" }).use(requestContext);
  if (!deps.settings.playground) return app;
  const html = typeof page === "string" ? page : String(page);
  return app
    .get(PLAYGROUND_PATH, () => new Response(html, { headers: PAGE_HEADERS }))
    .get(`${PLAYGROUND_PATH}/api/policies`, ({ audit }) => {
      const access = audit.caller?.access;
      const ids = deps.policies.listIds().filter((id) => !access || access.policies.has(id));
      // The policy a request naming none would get (policy/store.ts), so the page starts there.
      const serverDefault = deps.settings.defaultConfigId;
      const usable = serverDefault !== undefined && (!access || access.policies.has(serverDefault)) ? serverDefault : null;
      return { policies: ids, default: access?.defaultPolicy ?? usable };
    })
    .post(
      `${PLAYGROUND_PATH}/api/check`,
      async ({ body, audit, request }) => {
        // A check that fails (no such policy, a caller's policy not allowed) is still the playground's.
        audit.playgroundCheck = { stage: body.stage, outcome: "error" };
        const policy = requestPolicy(deps, audit, request, body.config_id);
        const started = performance.now();
        let allowed: boolean;
        let guardrail: string | null;
        let message: string | null;
        let sanitized: string;
        let runs: readonly GuardrailRun[];
        if (body.stage === "output") {
          const verdict = await runOutputStage(policy, [body.text]);
          allowed = verdict.block === null;
          guardrail = verdict.block?.guardrail ?? null;
          message = verdict.block?.message ?? null;
          sanitized = verdict.texts?.[0] ?? body.text;
          runs = verdict.runs;
        } else {
          const outcome = await guardText(policy, "input", body.text);
          allowed = outcome.response.allowed;
          guardrail = outcome.response.guardrail;
          message = outcome.response.message;
          sanitized = outcome.response.sanitized_text ?? body.text;
          runs = outcome.runs;
        }
        const ms = performance.now() - started;
        // Counted apart from traffic: the runs are the answer's, not the dashboard's.
        audit.playgroundCheck = { stage: body.stage, outcome: !allowed ? "blocked" : sanitized !== body.text ? "masked" : "passed" };
        return {
          allowed,
          guardrail,
          message,
          sanitized_text: allowed ? sanitized : null,
          // Allowed: where masking replaced text; blocked: where the value that blocked it lies.
          spans: allowed ? maskedSpans(body.text, sanitized) : guardrail ? await blockSpans(policy, body.stage, body.text, guardrail) : [],
          guardrails: runs.map((r) => ({
            name: r.name,
            stage: r.stage,
            outcome: r.error !== undefined ? "error" : r.tripped ? (r.enforced ? "blocked" : "alert") : r.masked ? "masked" : "passed",
            confidence: r.confidence ?? null,
            labels: r.labels,
          })),
          ms: Math.round(ms * 100) / 100,
        };
      },
      { body: CheckRequest },
    );
}
