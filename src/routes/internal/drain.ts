import { Hono } from "hono";
import type { AppEnv } from "../../http/context.js";
import { domainServices } from "../../http/domain-services.js";
import { ApiError } from "../../infra/errors.js";
import { finishAfterResponse } from "../../http/after-response.js";
import { DRAIN_SIGNATURE_HEADER, verifyDrainCall } from "../../infra/drain-signature.js";
import { DRAIN_PATH, drainDueJobs } from "../../jobs/drain-jobs.js";

/**
 * POST /internal/jobs/drain: the Workers cron fans a large table backlog out to calls here, each
 * its own invocation draining due jobs for one budget beside the others (the claim skips rows
 * another drain holds). Signed by the deployment itself (infra/drain-signature.ts); an unsigned,
 * stale or forged call is 401 and claims nothing. Answers once the drain is done, so the caller's
 * run spans it. Deployment-wide work, no workspace's data in or out; not part of the public API
 * (absent from /openapi.json).
 */
export const internalDrainRoutes = new Hono<AppEnv>().post(DRAIN_PATH, async (c) => {
  const deps = c.get("deps");
  if (!verifyDrainCall(deps.signingSecret, c.req.header(DRAIN_SIGNATURE_HEADER), Date.now())) {
    throw new ApiError("unauthorized", {
      message: "Missing, stale or invalid X-Chorus-Drain signature.",
      fix: "Only this deployment's cron, signing with CHORUS_SIGNING_SECRET, may call this endpoint.",
    });
  }
  const { db, close } = deps.database.open();
  let ran: number;
  try {
    ran = await drainDueJobs({ db, clock: deps.clock, services: domainServices(deps, c.get("baseUrl")) }, { logger: deps.logger });
  } finally {
    await finishAfterResponse(c, close());
  }
  return c.json({ ok: true, ran });
});
