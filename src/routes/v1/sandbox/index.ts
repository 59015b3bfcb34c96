import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { setSandboxFault } from "../../../domain/sandbox/sandbox-faults.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { AccountIdParam } from "../social-accounts/schema.js";
import { FaultBody, FaultSchema } from "./schema.js";

/** Test-key-only controls of the sandbox networks (making an account misbehave). */
export const sandboxControlRoutes = new Hono<AppEnv>().put(
  "/sandbox/social-accounts/:id/fault",
  describeRoute({
    operationId: "setSandboxFault",
    tags: ["Sandbox"],
    summary: "Make a sandbox account misbehave like its network can",
    description:
      "Test keys only (live keys get 400 `sandbox_only`). The simulated network answers the account's calls with its own real error bodies, so every error path of your integration can be exercised: expired tokens, withdrawn permissions, throttling, outages and slowness.",
    security,
    parameters: [idempotencyHeader],
    responses: {
      200: jsonResponse(FaultSchema, "The account's fault now."),
      ...errorResponses(["sandbox_only", "account_unknown", "field_unknown", "field_wrong_type", "field_required", "field_invalid", "body_not_json"]),
    },
  }),
  validate("param", AccountIdParam),
  validate("json", FaultBody),
  async (c) => c.json(await setSandboxFault({ ctx: c.var.ctx, input: { id: c.req.valid("param").id, ...c.req.valid("json") } })),
);
