/** `POST /v1/guard/input` and `POST /v1/guard/output`: validation without an upstream. */
import { Elysia, t } from "elysia";
import { requestSchema } from "../../schema/request-schema.ts";
import { guardText, type GuardStage } from "../../pipeline/guard.ts";
import type { RequestAudit } from "../../audit/request-audit.ts";
import { requestContext, type AppDeps } from "../context.ts";
import { requestPolicy } from "../../audit/request-policy.ts";
import { Shadow } from "../../proxy/shadow.ts";

const GuardRequest = requestSchema(
  t.Object(
    {
      text: t.String(),
      config_id: t.Optional(t.String({ minLength: 1 })),
      reversible: t.Optional(t.Boolean()),
    },
    { additionalProperties: false },
  ),
);

export function guardRoutes(deps: AppDeps) {
  const handle = async (stage: GuardStage, body: { text: string; config_id?: string; reversible?: boolean }, audit: RequestAudit, request: Request) => {
    const policy = requestPolicy(deps, audit, request, body.config_id);
    const outcome = await guardText(policy, stage, body.text, { reversible: body.reversible, trace: audit.trace });
    audit.runs = [...outcome.runs];
    // The policy's shadow (DECISIONS §14) judges the same text after the answer's own work.
    const shadow = Shadow.of(deps, policy, audit);
    if (shadow) {
      const seen = stage === "input" ? shadow.request([{ role: "user", text: body.text, masked: true, judged: true }]) : shadow.answer([body.text]);
      if (outcome.forwarded === null) seen.blocked();
      else seen.forwarded([outcome.forwarded]);
      shadow.settle();
    }
    return outcome.response;
  };
  return new Elysia({ name: "guard-routes" })
    .use(requestContext)
    .post("/v1/guard/input", ({ body, audit, request }) => handle("input", body, audit, request), { body: GuardRequest })
    .post("/v1/guard/output", ({ body, audit, request }) => handle("output", body, audit, request), { body: GuardRequest });
}
