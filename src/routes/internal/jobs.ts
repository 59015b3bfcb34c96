import { Hono } from "hono";
import * as v from "valibot";
import { handleJob } from "../../jobs/handle-job.js";
import { jobKinds } from "../../domain/core/index.js";
import type { AppEnv } from "../../http/context.js";
import { domainServices } from "../../http/domain-services.js";
import { ApiError } from "../../infra/errors.js";
import { finishAfterResponse } from "../../http/after-response.js";

const JobMessageSchema = v.object({
  kind: v.picklist(jobKinds),
  workspaceId: v.string(),
  mode: v.picklist(["test", "live"]),
  payload: v.record(v.string(), v.union([v.string(), v.number()])),
});

/**
 * POST /internal/jobs: QStash delivers delayed work here (Workers). The signature is checked on
 * the raw body before anything is parsed or written; a bad or missing one is 401 and nothing
 * happens. A duplicate delivery is answered 200 and does nothing, because every handler claims
 * its work with a conditional update. Not part of the public API (absent from /openapi.json).
 */
export const internalJobRoutes = new Hono<AppEnv>().post("/internal/jobs", async (c) => {
  const deps = c.get("deps");
  if (!deps.jobVerifier) throw new ApiError("route_not_found", { message: "No job callbacks are configured on this server." });
  const body = await c.req.text();
  const signature = c.req.header("upstash-signature") ?? "";
  const url = `${c.get("baseUrl")}/internal/jobs`;
  if (!signature || !(await deps.jobVerifier.verify({ signature, body, url }))) {
    throw new ApiError("unauthorized", { message: "Missing or invalid Upstash-Signature.", fix: "Only QStash, signed with this deployment's signing keys, may call this endpoint." });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ApiError("body_not_json");
  }
  const message = v.safeParse(JobMessageSchema, parsed);
  // A malformed job will never become valid: answer 2xx so QStash stops retrying it.
  if (!message.success) return c.json({ ok: false, ignored: "malformed job" });
  const { db, close } = deps.database.open();
  try {
    await handleJob({ db, clock: deps.clock, services: domainServices(deps, c.get("baseUrl")) }, message.output);
  } finally {
    await finishAfterResponse(c, close());
  }
  return c.json({ ok: true });
});
