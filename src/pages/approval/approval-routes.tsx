import { Hono } from "hono";
import * as v from "valibot";
import { approvalPage, decideByLink } from "../../domain/publishing/index.js";
import type { AppEnv } from "../../http/context.js";
import { assertSafeInput } from "../../http/input-limits.js";
import { ApiError } from "../../infra/errors.js";
import { withRuntime } from "../runtime.js";
import { ApprovalPage } from "./approval-page.js";

const Token = v.pipe(v.string(), v.maxLength(4096));
const DecisionForm = v.object({ decision: v.picklist(["approve", "reject"]), reason: v.optional(v.pipe(v.string(), v.maxLength(1000))) });

function tokenOf(value: unknown): string {
  const parsed = v.safeParse(Token, value);
  if (!parsed.success) throw new ApiError("approval_link_invalid");
  return parsed.output;
}

/** The reviewer's page behind POST /v1/posts/{id}/approval-link: works without a login and without script. */
export const approvalPageRoutes = new Hono<AppEnv>()
  .get("/approve/:token", (c) =>
    withRuntime(c, async (runtime) => {
      const token = tokenOf(c.req.param("token"));
      const model = await approvalPage({ runtime, input: { token } });
      return c.html(<ApprovalPage model={model} action={`/approve/${token}`} />);
    }),
  )
  .post("/approve/:token", (c) =>
    withRuntime(c, async (runtime) => {
      const token = tokenOf(c.req.param("token"));
      const body = await c.req.parseBody();
      assertSafeInput(body);
      const form = v.safeParse(DecisionForm, { decision: body.decision, reason: typeof body.reason === "string" && body.reason.trim() !== "" ? body.reason.trim() : undefined });
      if (!form.success) throw new ApiError("field_invalid", { param: "decision", message: "Choose Approve or Reject." });
      const model = await decideByLink({ runtime, input: { token, ...form.output } });
      return c.html(<ApprovalPage model={model} action={`/approve/${token}`} decidedNow />);
    }),
  );
