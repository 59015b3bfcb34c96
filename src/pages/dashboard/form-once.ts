import type { Context } from "hono";
import { type KeyedWriteOutcome, keyedWrite } from "../../http/keyed-write.js";
import { ApiError } from "../../infra/errors.js";
import { type DashboardEnv, field } from "./dashboard-env.js";
import { ctxOf } from "./frame.js";

/**
 * Runs a dashboard form's write once per rendering of the form. Each rendering carries a random
 * submission id, sent through the API's idempotency keys as an Idempotency-Key header is (the
 * same store and rules as REST and the MCP tools' `idempotencyKey`), so a double click or a
 * reload of the answer does not publish, reply or send twice. The claim is linked to a stored
 * post in the transaction that stores it. A refusal releases the claim, so the corrected form
 * can be sent again; the mode is part of what is fingerprinted, so a form sent again after a
 * switch between test and live is refused instead of answering with the other mode's result.
 */
export async function onceForForm(c: Context<DashboardEnv>, request: { path: string; body: Record<string, unknown> }, write: () => Promise<object>, status: number): Promise<KeyedWriteOutcome> {
  const ctx = ctxOf(c);
  const submission = field(c, "submission") ?? "";
  if (!/^[0-9A-Za-z]{32}$/.test(submission)) throw new ApiError("field_invalid", { param: "submission", message: "This form is out of date.", fix: "Reload the page and send the form again." });
  return keyedWrite(c, ctx, { key: `dashboard:${submission}`, path: request.path, body: { mode: ctx.apiKey.mode, ...request.body } }, write, { status, refusals: "thrown" });
}
