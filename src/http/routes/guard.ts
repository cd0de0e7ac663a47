/** `POST /v1/guard/input` and `POST /v1/guard/output`: validation without an upstream. */
import { Elysia, t } from "elysia";
import { guardText, type GuardStage } from "../../pipeline/guard.ts";
import type { RequestAudit } from "../audit.ts";
import { requestContext, type AppDeps } from "../context.ts";

const GuardRequest = t.Object(
  {
    text: t.String(),
    config_id: t.Optional(t.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

export function guardRoutes(deps: AppDeps) {
  const handle = async (stage: GuardStage, body: { text: string; config_id?: string }, audit: RequestAudit) => {
    audit.configId = body.config_id;
    const policy = deps.policies.resolve(body.config_id);
    audit.configId = policy.id;
    const outcome = await guardText(policy, stage, body.text);
    audit.runs = [...outcome.runs];
    return outcome.response;
  };
  return new Elysia({ name: "guard-routes" })
    .use(requestContext)
    .post("/v1/guard/input", ({ body, audit }) => handle("input", body, audit), { body: GuardRequest })
    .post("/v1/guard/output", ({ body, audit }) => handle("output", body, audit), { body: GuardRequest });
}
