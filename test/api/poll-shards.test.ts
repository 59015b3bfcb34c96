import { and, eq, inArray, isNotNull, like, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { accountPolls, jobs } from "../../src/db/schema/index.js";
import type { Database } from "../../src/db/types.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import type { JobQueue } from "../../src/domain/core/jobs/job-queue.js";
import { queueInboxPlan } from "../../src/domain/inbox/polling/poll-plan.js";
import { MAX_SHARDS_PER_RUN, SHARD_LEASE_MS, SHARD_SIZE, claimDuePolls, planInboxPolls, runPollShard } from "../../src/domain/inbox/polling/poll-shards.js";
import { handleJob } from "../../src/jobs/handle-job.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { anythingToWatch } from "../../src/jobs/sweeps.js";
import { recordStatements } from "../support/count-statements.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import type { TestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * Issue 26 items 1-2: the minute's inbox sweep is a planner whose cost does not grow with the
 * accounts due, and the shards it publishes claim disjoint accounts, even racing on the server.
 */

/** Statements sent to the database under `db`, on PGlite (its client) or on the server (its pool). */
function countStatements(db: Database): { count: () => number; stop: () => void } {
  const client = (db as unknown as { $client: { exec?: unknown; query: (...args: unknown[]) => unknown } }).$client;
  if (typeof client.exec === "function") {
    const recorded = recordStatements(db);
    return { count: () => recorded.statements.length, stop: recorded.stop };
  }
  const original = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return original.apply(this, args);
  };
  return { count: () => n, stop: () => Object.assign(client, { query: original }) };
}

/** A job queue that counts its calls and passes them on. */
function countingQueue(inner: JobQueue): { queue: JobQueue; calls: () => number } {
  let calls = 0;
  const queue: JobQueue = {
    rowsInDatabase: inner.rowsInDatabase ?? false,
    enqueue: (job, db) => {
      calls++;
      return inner.enqueue(job, db);
    },
    enqueueMany: (many, db) => {
      calls++;
      return inner.enqueueMany ? inner.enqueueMany(many, db) : Promise.all(many.map((j) => inner.enqueue(j, db))).then(() => undefined);
    },
  };
  return { queue, calls: () => calls };
}

/** Runs `step` on the app's job runtime, counting the statements it sends and its calls to the job queue. */
async function counted<T>(t: TestApp, step: (runtime: JobRuntime) => Promise<T>): Promise<{ result: T; statements: number; queueCalls: number }> {
  const counting = countingQueue(t.jobRuntime().services.jobs);
  const runtime: JobRuntime = { ...t.jobRuntime(), services: { ...t.jobRuntime().services, jobs: counting.queue } };
  const statements = countStatements(t.db);
  const result = await step(runtime).finally(statements.stop);
  return { result, statements: statements.count(), queueCalls: counting.calls() };
}

/** `n` due accounts in one statement each for the accounts and their schedules (no tokens: a poll finds them unpollable). */
async function seedDue(t: TestApp, workspaceId: string, tag: string, n: number, at: Date): Promise<void> {
  const prefix = `acc_${tag}_`;
  await t.db.execute(
    sql`insert into social_accounts (id, workspace_id, platform, mode, network_user_id, handle, status, scopes)
        select ${prefix} || g, ${workspaceId}, 'twitter', 'test', ${tag} || g, ${tag} || g, 'active', '[]'::jsonb from generate_series(1, ${n}::int) g`,
  );
  await t.db.execute(
    sql`insert into account_polls (account_id, workspace_id, mode, platform, next_poll_at)
        select id, workspace_id, mode, platform, ${at.toISOString()}::timestamptz from social_accounts where id like ${`${prefix}%`}`,
  );
}

/** Leaves no account due and no shard queued, so each test starts from its own seed. */
async function quiesce(t: TestApp): Promise<void> {
  await t.db.update(accountPolls).set({ nextPollAt: null, leasedUntil: null });
  await t.db.delete(jobs).where(inArray(jobs.kind, ["poll_plan", "poll_shard"]));
}

describeOnEachDatabase("inbox poll planning and shards", (app, database) => {
  it("plans with the same few statements and one queue call whether 100 or 10,000 accounts are due", async () => {
    const t = app();
    await quiesce(t);
    const ws = await testWorkspace(t);
    const measure = async () => {
      const { result: shards, ...counts } = await counted(t, planInboxPolls);
      return { shards, ...counts };
    };
    await seedDue(t, ws.id, "plan_a", 100, t.clock.now());
    const small = await measure();
    t.clock.advance(60_000);
    await seedDue(t, ws.id, "plan_b", 9_900, t.clock.now());
    const large = await measure();
    console.info(`planner: 100 due -> ${JSON.stringify(small)}; 10,000 due -> ${JSON.stringify(large)}`);
    expect(small.shards).toBe(Math.ceil(100 / SHARD_SIZE));
    expect(large.shards).toBe(MAX_SHARDS_PER_RUN);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(3);
    expect(small.queueCalls).toBe(1);
    expect(large.queueCalls).toBe(1);
    const queued = await t.db.select({ key: jobs.dedupKey }).from(jobs).where(eq(jobs.kind, "poll_shard"));
    expect(queued).toHaveLength(small.shards + large.shards);
    // The same minute planned again queues nothing new.
    await planInboxPolls(t.jobRuntime());
    expect(await t.db.select({ key: jobs.dedupKey }).from(jobs).where(eq(jobs.kind, "poll_shard"))).toHaveLength(queued.length);
    await quiesce(t);
  }, 120_000);

  it("makes the minute's sweep one look and at most one message whether 100 or 10,000 accounts are due; the plan job publishes the shards", async () => {
    const t = app();
    await quiesce(t);
    const ws = await testWorkspace(t);
    const measure = async () => {
      const { result: queued, ...counts } = await counted(t, queueInboxPlan);
      return { queued, ...counts };
    };
    const plans = async () => t.db.select({ key: jobs.dedupKey, payload: jobs.payload }).from(jobs).where(eq(jobs.kind, "poll_plan"));
    expect(await measure()).toEqual({ queued: false, statements: 1, queueCalls: 0 });
    await seedDue(t, ws.id, "sweep_a", 100, t.clock.now());
    const small = await measure();
    const minute = Math.floor(t.clock.now().getTime() / 60_000);
    // The same minute swept again queues nothing new.
    await queueInboxPlan(t.jobRuntime());
    expect((await plans()).map((p) => p.key)).toEqual([`poll-plan:${minute}`]);
    t.clock.advance(60_000);
    await seedDue(t, ws.id, "sweep_b", 9_900, t.clock.now());
    const large = await measure();
    console.info(`sweep: 100 due -> ${JSON.stringify(small)}; 10,000 due -> ${JSON.stringify(large)}`);
    expect(large).toEqual(small);
    expect(small.queueCalls).toBe(1);
    // The plan job is the planner over the sweep's horizon: its shards carry the sweep's minute.
    await t.db.delete(jobs).where(eq(jobs.kind, "poll_plan"));
    await queueInboxPlan(t.jobRuntime());
    const [plan] = await plans();
    expect(plan?.payload).toMatchObject({ minute: minute + 1, until: t.clock.now().getTime() + 60_000 });
    await handleJob(t.jobRuntime(), { kind: "poll_plan", workspaceId: "", mode: "live", payload: plan?.payload as Record<string, number> });
    const shards = (await t.db.select({ key: jobs.dedupKey }).from(jobs).where(eq(jobs.kind, "poll_shard"))).map((j) => j.key);
    expect(shards).toHaveLength(MAX_SHARDS_PER_RUN);
    expect(shards.every((key) => key?.startsWith(`poll-shard:${minute + 1}:`))).toBe(true);
    await quiesce(t);
  }, 120_000);

  it("gives two shards claiming at once disjoint accounts, and a claimed account to nobody else until its lease ends", async () => {
    const t = app();
    await quiesce(t);
    const ws = await testWorkspace(t);
    const now = t.clock.now();
    await seedDue(t, ws.id, `race_${ws.id.slice(-6)}`, 2 * SHARD_SIZE + 5, now);
    const claim = (at: Date) => claimDuePolls(t.db, { until: new Date(at.getTime() + 60_000), now: at, limit: SHARD_SIZE, leaseMs: SHARD_LEASE_MS });
    const [a, b] = await Promise.all([claim(now), claim(now)]);
    const ids = [...(a ?? []), ...(b ?? [])].map((r) => r.accountId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(2 * SHARD_SIZE);
    // Claimed but not yet written back (the shard still polls them): the next claim leaves them.
    const third = await claim(new Date(now.getTime() + 1000));
    expect(third).toHaveLength(5);
    expect(third.filter((r) => ids.includes(r.accountId))).toEqual([]);
    // A shard that died: once its lease ends, its accounts come back.
    const afterLease = await claim(new Date(now.getTime() + SHARD_LEASE_MS + 1000));
    expect(afterLease).toHaveLength(SHARD_SIZE);
    await quiesce(t);
  });

  // The server only: PGlite runs one transaction at a time, so nothing there can wait on a lock.
  if (database === "server")
    it("never makes a shard wait for another that is still claiming", async () => {
      const t = app();
      await quiesce(t);
      const ws = await testWorkspace(t);
      const now = t.clock.now();
      await seedDue(t, ws.id, `wait_${ws.id.slice(-6)}`, 2 * SHARD_SIZE, now);
      const input = { until: new Date(now.getTime() + 60_000), now, limit: SHARD_SIZE, leaseMs: SHARD_LEASE_MS };
      const { mine, other } = await t.db.transaction(async (tx) => {
        // This claim's row locks are held until its transaction ends; another shard claims meanwhile.
        const held = await claimDuePolls(tx, input);
        const raced = await Promise.race([claimDuePolls(t.db, input), new Promise<"waited">((r) => setTimeout(() => r("waited"), 3_000))]);
        return { mine: held, other: raced };
      });
      expect(other).not.toBe("waited");
      const theirs = other === "waited" ? [] : other.map((r) => r.accountId);
      expect(theirs).toHaveLength(SHARD_SIZE);
      expect(theirs.filter((id) => mine.some((r) => r.accountId === id))).toEqual([]);
      await quiesce(t);
    });

  it("drains a backlog larger than a shard through its chain of successors", async () => {
    const t = app();
    await quiesce(t);
    const ws = await testWorkspace(t);
    const now = t.clock.now();
    const tag = `chain_${ws.id.slice(-6)}`;
    await seedDue(t, ws.id, tag, 2 * SHARD_SIZE + 3, now);
    const minute = Math.floor(now.getTime() / 60_000);
    expect(await runPollShard(t.jobRuntime(), { until: now.getTime() + 60_000, minute, shard: 0, chain: 0 })).toBe(SHARD_SIZE);
    while ((await runDueJobs(t.jobRuntime())) > 0);
    const keys = (await t.db.select({ key: jobs.dedupKey }).from(jobs).where(eq(jobs.kind, "poll_shard"))).map((j) => j.key).sort();
    expect(keys).toEqual([`poll-shard:${minute}:0:1`, `poll-shard:${minute}:0:2`]);
    // Every account was polled (and, having no tokens, found unpollable: dormant), none is left leased.
    const left = await t.db
      .select({ id: accountPolls.accountId })
      .from(accountPolls)
      .where(and(like(accountPolls.accountId, `acc_${tag}_%`), isNotNull(accountPolls.nextPollAt)));
    expect(left).toEqual([]);
    expect(await t.db.select({ id: accountPolls.accountId }).from(accountPolls).where(isNotNull(accountPolls.leasedUntil))).toEqual([]);
    await quiesce(t);
  });

  it("keeps the minute's sweeps awake only while a poll falls due within the hour", async () => {
    const t = app();
    await quiesce(t);
    await t.db.delete(jobs);
    const ws = await testWorkspace(t);
    const now = t.clock.now();
    await seedDue(t, ws.id, `watch_${ws.id.slice(-6)}`, 1, new Date(now.getTime() + 3 * 60 * 60_000));
    // Only an account backed off for hours, and nothing else any minute sweep watches.
    const watched = async () => anythingToWatch(t.jobRuntime());
    expect(await watched()).toBe(false);
    t.clock.advance(2 * 60 * 60_000 + 1000);
    expect(await watched()).toBe(true);
    await quiesce(t);
  });
});
