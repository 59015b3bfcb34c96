/**
 * Issue 26 item 1: a cron run with 10,000 accounts due makes a bounded number of subrequests.
 * Inside workerd through the Worker entry (QSTASH_TOKEN set): the minute's inbox sweep publishes
 * one poll_plan message, whatever the number of accounts; its delivery (the planner) counts the due
 * accounts in one statement and publishes its poll_shard jobs in one QStash batch call
 * (`POST /v2/batch`, which the stand-in records with the number of the call that carried each
 * message). The accounts are seeded in two statements through
 * the Neon driver the Worker uses, and removed afterwards.
 *
 * Skipped, with a warning naming the reason, when Postgres or Redis is unreachable.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { Redis } from "@upstash/redis/cloudflare";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { neonDatabaseProvider } from "../../src/db/neon.js";
import { MAX_SHARDS_PER_RUN } from "../../src/domain/inbox/polling/poll-shards.js";
import { redisWorkMarker, workMarkerScope } from "../../src/infra/work-marker.js";
import worker, { type WorkerEnv } from "../../src/worker.js";
import type {} from "./provided-context.js";
import { deliverJob, recordedJobs, recordedPublishes } from "./qstash-delivery.js";
import type { RecordedPublish } from "./qstash-recorded.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/poll-shards-cron.test] skipped: ${skipReason}`);

const DUE = 10_000;
const prefix = `acc_cron_${crypto.randomUUID().slice(0, 8)}_`;

async function withDb<T>(fn: (db: ReturnType<ReturnType<typeof neonDatabaseProvider>["open"]>["db"]) => Promise<T>): Promise<T> {
  const { db, close } = neonDatabaseProvider({ url: inject("databaseUrl"), wsProxy: inject("wsProxy") }).open();
  try {
    return await fn(db);
  } finally {
    await close();
  }
}

/** QStash requests that carried `messages`: single publishes plus batch calls. */
const requestsOf = (messages: RecordedPublish[]) => messages.filter((m) => m.batch === undefined).length + new Set(messages.flatMap((m) => (m.batch === undefined ? [] : [m.batch]))).size;

/** One cron run at seven past the hour (the minute's sweeps only), waited for to the end. */
async function cron(): Promise<void> {
  const at = new Date();
  at.setUTCMinutes(7, 0, 0);
  const ctx = createExecutionContext();
  try {
    await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env as WorkerEnv, ctx);
  } finally {
    await waitOnExecutionContext(ctx);
  }
}

describe.skipIf(skipReason)("the Worker's cron with 10,000 accounts due", () => {
  beforeAll(async () => {
    await withDb(async (db) => {
      await db.execute(
        sql`insert into social_accounts (id, workspace_id, platform, mode, network_user_id, handle, status, scopes)
            select ${prefix} || g, ${inject("workspaceId")}, 'twitter', 'test', ${prefix} || g, ${prefix} || g, 'active', '[]'::jsonb
            from generate_series(1, ${DUE}::int) g`,
      );
      await db.execute(
        sql`insert into account_polls (account_id, workspace_id, mode, platform, next_poll_at)
            select id, workspace_id, mode, platform, now() from social_accounts where id like ${`${prefix}%`}`,
      );
    });
    // A write touched the marker: the cron goes to the database (idle-cron.test.ts covers the quiet case).
    const against = env as WorkerEnv;
    const redis = new Redis({ url: against.UPSTASH_REDIS_REST_URL ?? "", token: against.UPSTASH_REDIS_REST_TOKEN ?? "" });
    await redisWorkMarker(redis, await workMarkerScope(against.DATABASE_URL ?? "")).touch(Date.now());
  }, 120_000);

  afterAll(async () => {
    await withDb((db) => db.execute(sql`delete from social_accounts where id like ${`${prefix}%`}`));
  });

  it("publishes one plan message, whose delivery publishes a bounded number of shards in one QStash batch call", async () => {
    const before = (await recordedPublishes()).length;
    await cron();
    const fromCron = (await recordedPublishes()).slice(before);
    const kinds = fromCron.map((m) => (JSON.parse(m.body) as { kind: string }).kind);
    expect(kinds.filter((kind) => kind === "poll_plan")).toHaveLength(1);
    expect(kinds.filter((kind) => kind === "poll_shard")).toEqual([]);
    console.info(`cron with ${DUE} due accounts: ${fromCron.length} messages in ${requestsOf(fromCron)} QStash requests`);
    expect(requestsOf(fromCron)).toBeLessThanOrEqual(2);

    const plan = (await recordedJobs()).slice(before).find((m) => m.job.kind === "poll_plan");
    if (!plan) throw new Error("no plan message");
    expect(await deliverJob(plan)).toBe(200);
    const fromPlan = (await recordedPublishes()).slice(before + fromCron.length);
    const shards = fromPlan.filter((m) => (JSON.parse(m.body) as { kind: string }).kind === "poll_shard");
    expect(shards).toHaveLength(MAX_SHARDS_PER_RUN);
    expect(new Set(shards.map((m) => m.batch)).size).toBe(1);
    expect(shards.every((m) => m.batch !== undefined && m.destination.endsWith("/internal/jobs"))).toBe(true);
    console.info(`its plan's delivery: ${fromPlan.length} messages in ${requestsOf(fromPlan)} QStash requests`);
    expect(requestsOf(fromPlan)).toBe(1);
  }, 120_000);
});
