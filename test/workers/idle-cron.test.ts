/**
 * The Worker's minute cron asks Redis, not the database, whether the sweeps have anything to do.
 * Observed with a database nobody can reach: while the work marker (Upstash, scoped to that
 * database) is quiet, the cron finishes without touching it; after a write answered by the Worker
 * touches the marker, the same cron goes to the database and fails there.
 *
 * Skipped, with a warning naming the reason, when Postgres or Redis is unreachable.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { Redis } from "@upstash/redis/cloudflare";
import { describe, expect, inject, it } from "vitest";
import { redisWorkMarker, workMarkerScope } from "../../src/infra/work-marker.js";
import worker, { type WorkerEnv } from "../../src/worker.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/idle-cron.test] skipped: ${skipReason}`);

const unreachable = `postgres://chorus:none@127.0.0.1:1/idle_${crypto.randomUUID().slice(0, 8)}`;

/** One cron run at seven past the hour (the minute's sweeps only), waited for to the end. */
async function cron(against: WorkerEnv): Promise<void> {
  const at = new Date();
  at.setUTCMinutes(7, 0, 0);
  const ctx = createExecutionContext();
  try {
    await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), against, ctx);
  } finally {
    await waitOnExecutionContext(ctx);
  }
}

describe.skipIf(skipReason)("the Worker's cron with nothing written since its last quiet run", () => {
  it("leaves the database alone while the marker is quiet, and goes to it after a write", async () => {
    const against = { ...(env as WorkerEnv), DATABASE_URL: unreachable };
    const redis = new Redis({ url: against.UPSTASH_REDIS_REST_URL ?? "", token: against.UPSTASH_REDIS_REST_TOKEN ?? "" });
    const marker = redisWorkMarker(redis, await workMarkerScope(unreachable));

    await marker.markQuiet(Date.now());
    await cron(against);

    // A write answered by the Worker (refused here: its database is unreachable) touches the marker.
    const ctx = createExecutionContext();
    await worker.fetch(new Request("https://chorus.test/v1/posts", { method: "POST", headers: { authorization: "Bearer sk_test_none" } }), against, ctx);
    await waitOnExecutionContext(ctx);
    expect(await marker.isQuiet()).toBe(false);
    await expect(cron(against)).rejects.toThrow();
  });
});
