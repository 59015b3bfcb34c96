/**
 * Without QStash the Worker's minute cron runs the job table: a backlog of 1,000 due jobs is run
 * in one cron run (it used to run 20 a minute), part of it by the cron, the rest by the signed
 * POST /internal/jobs/drain calls it fans out to, which go through the SELF service binding (here
 * a binding that calls the same Worker entry) and are bounded by DRAIN_MAX_FAN_OUT whatever the
 * backlog. Jobs are written and counted through the Neon driver the Worker uses.
 *
 * Skipped, with a warning naming the reason, when Postgres or Redis is unreachable.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { and, isNull, like } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { neonDatabaseProvider } from "../../src/db/neon.js";
import { jobs } from "../../src/db/schema/index.js";
import { type JobRequest, enqueueAll, tableJobQueue } from "../../src/domain/core/index.js";
import { DRAIN_MAX_FAN_OUT, DRAIN_PATH } from "../../src/jobs/drain-jobs.js";
import worker, { type WorkerEnv } from "../../src/worker.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/cron-drain.test] skipped: ${skipReason}`);

const BACKLOG = 1_000;

describe.skipIf(skipReason)("the Worker's cron on the job table", () => {
  it(`runs a backlog of ${BACKLOG} due jobs in one run, fanning out to at most ${DRAIN_MAX_FAN_OUT} drain calls`, async () => {
    const tag = `cron-drain-${crypto.randomUUID().slice(0, 8)}`;
    const drains: { path: string; status: number }[] = [];
    // The table path: no QStash; no work marker either, so the cron goes to the database.
    const against: WorkerEnv = { ...(env as WorkerEnv), QSTASH_TOKEN: "", UPSTASH_REDIS_REST_URL: "", UPSTASH_REDIS_REST_TOKEN: "" };
    against.SELF = {
      async fetch(request: Request) {
        const ctx = createExecutionContext();
        const response = await worker.fetch(request, against, ctx);
        await waitOnExecutionContext(ctx);
        drains.push({ path: new URL(request.url).pathname, status: response.status });
        return response;
      },
    };

    const { db, close } = neonDatabaseProvider({ url: against.DATABASE_URL ?? "", wsProxy: against.WS_PROXY }).open();
    try {
      const runAt = new Date(Date.now() - 1000);
      const requests: JobRequest[] = Array.from({ length: BACKLOG }, (_, i) => ({
        kind: "poll_target",
        payload: { targetId: `tgt_none_${tag}_${i}`, attempt: 1, workspaceId: inject("workspaceId"), mode: "test" },
        runAt,
        dedupKey: `${tag}:${i}`,
      }));
      for (let i = 0; i < requests.length; i += 250) await enqueueAll(tableJobQueue, requests.slice(i, i + 250), db);

      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "* * * * *" }), against, ctx);
      await waitOnExecutionContext(ctx);

      const left = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(like(jobs.dedupKey, `${tag}:%`), isNull(jobs.doneAt)));
      expect(left).toHaveLength(0);
      // 1,000 due at 400 an invocation: the cron and two drains, each answered 200.
      expect(drains.length).toBeGreaterThan(0);
      expect(drains.length).toBeLessThanOrEqual(DRAIN_MAX_FAN_OUT);
      expect(drains.every((d) => d.path === DRAIN_PATH && d.status === 200)).toBe(true);
    } finally {
      await close();
    }
  }, 120_000);
});
