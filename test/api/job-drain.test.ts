import { createRequire } from "node:module";
import { and, isNull, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openServerDatabase } from "../../src/db/node-postgres.js";
import { jobs } from "../../src/db/schema/index.js";
import { type JobRequest, claimPass, enqueueAll, tableJobQueue } from "../../src/domain/core/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { DRAIN_SIGNATURE_HEADER, signDrainCall } from "../../src/infra/drain-signature.js";
import { DRAIN_PATH, cronDrainJobs, drainCall, drainDueJobs } from "../../src/jobs/drain-jobs.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { RACE_POOL_SIZE } from "../support/each-database.js";
import { createThrowawayDatabase, postgresAvailable } from "../support/postgres.js";
import { skipWithout } from "../support/required-service.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { reply, testWorkspace } from "../support/workspace-fixture.js";

const require = createRequire(import.meta.url);
const pg = require("pg") as typeof import("pg");

/** `n` due jobs that find nothing to do (their targets do not exist), spread over `lanes` workspaces. */
async function enqueueDue(t: TestApp, tag: string, n: number, lanes: string[]): Promise<void> {
  const runAt = new Date(t.clock.now().getTime() - 1000);
  const requests: JobRequest[] = Array.from({ length: n }, (_, i) => ({
    kind: "poll_target",
    payload: { targetId: `tgt_none_${tag}_${i}`, attempt: 1, workspaceId: lanes[i % lanes.length] ?? "", mode: "test" },
    runAt,
    dedupKey: `${tag}:${i}`,
  }));
  for (let i = 0; i < requests.length; i += 500) await enqueueAll(tableJobQueue, requests.slice(i, i + 500), t.db);
}

const left = async (t: TestApp, tag: string) =>
  (
    await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(like(jobs.dedupKey, `${tag}:%`), isNull(jobs.doneAt)))
  ).length;

/** Claims in batches of `slots` until a claim comes back empty; every job claimed, by whom. */
async function claimAll(runtime: JobRuntime, owner: string, slots: number): Promise<string[]> {
  const got: string[] = [];
  for (;;) {
    const pass = await claimPass(runtime, { owner, slots, perWorkspace: slots, leaseMs: 60_000 });
    if (pass.claimed.length === 0) return got;
    got.push(...pass.claimed.map((j) => j.id));
  }
}

const postgres = await postgresAvailable();

describe.skipIf(skipWithout("postgres", postgres, "job drains on the PostgreSQL server"))(`drains claiming at once (PostgreSQL server, ${RACE_POOL_SIZE} connections)`, () => {
  let t: TestApp;
  let url = "";
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const database = await createThrowawayDatabase();
    cleanups.push(database.close);
    url = database.url;
    const opened = await openServerDatabase(database.url, { max: RACE_POOL_SIZE });
    cleanups.push(opened.close);
    opened.pool.options.idleTimeoutMillis = 0;
    await Promise.all(Array.from({ length: RACE_POOL_SIZE }, () => opened.pool.query("select pg_sleep(0.02)")));
    t = await createTestApp({ serverDatabase: opened.db });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("gives each of 600 due jobs to exactly one of 8 claimers claiming in batches at once", async () => {
    const lanes = await Promise.all(Array.from({ length: 5 }, () => testWorkspace(t).then((w) => w.id)));
    const tag = "claimers";
    await enqueueDue(t, tag, 600, lanes);
    const runtime = t.jobRuntime();
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimAll(runtime, `claimer-${i}`, 10)));
    const all = claims.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(600);
    // Several claimers got work: they ran side by side, not one after another.
    expect(claims.filter((c) => c.length > 0).length).toBeGreaterThan(1);
  });

  it("lets a claimer take the other rows while another transaction holds one locked", async () => {
    const ws = await testWorkspace(t);
    const tag = "held";
    await enqueueDue(t, tag, 5, [ws.id]);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("begin");
      const held = await holder.query<{ id: string }>("select id from jobs where dedup_key = $1 for update", [`${tag}:0`]);
      const started = Date.now();
      const claim = claimPass(t.jobRuntime(), { owner: "passer", slots: 10, perWorkspace: 10, leaseMs: 60_000 });
      const outcome = await Promise.race([claim.then((pass) => pass.claimed.map((j) => j.dedupKey)), new Promise<"blocked">((resolve) => setTimeout(() => resolve("blocked"), 3_000))]);
      const waitedMs = Date.now() - started;
      await holder.query("rollback");
      await claim;
      expect(outcome).not.toBe("blocked");
      expect([...(outcome as string[])].sort()).toEqual([1, 2, 3, 4].map((n) => `${tag}:${n}`));
      expect(held.rows[0]?.id).toBeDefined();
      expect(waitedMs).toBeLessThan(3_000);
    } finally {
      await holder.end();
      // Leaves nothing due for the drains below to count.
      await t.db
        .update(jobs)
        .set({ doneAt: t.clock.now() })
        .where(like(jobs.dedupKey, `${tag}:%`));
    }
  });

  it("runs every one of 400 due jobs exactly once across 6 drains running at once", async () => {
    const lanes = await Promise.all(Array.from({ length: 4 }, () => testWorkspace(t).then((w) => w.id)));
    const tag = "drains";
    await enqueueDue(t, tag, 400, lanes);
    const runtime = t.jobRuntime();
    const started = await Promise.all(Array.from({ length: 6 }, () => drainDueJobs(runtime, { concurrency: 8 })));
    // Each job ends done, and the drains started 400 in all: none twice, none lost.
    expect(await left(t, tag)).toBe(0);
    expect(started.reduce((a, b) => a + b, 0)).toBe(400);
    const failed = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(like(jobs.dedupKey, `${tag}:%`), sql`${jobs.attempts} > 0`));
    expect(failed[0]?.n).toBe(0);
  });
});

describe("the cron's share of the job table", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  const send = (request: Request) => Promise.resolve(t.app.request(request));

  it("runs a backlog of 1,000 in one cron run, where runDueJobs ran 20, with a bounded number of drain calls", async () => {
    const lanes = await Promise.all(Array.from({ length: 10 }, () => testWorkspace(t).then((w) => w.id)));
    const before = "cron-before";
    await enqueueDue(t, before, 60, lanes);
    expect(await runDueJobs(t.jobRuntime())).toBe(20);
    await t.drainJobs();

    const tag = "cron";
    await enqueueDue(t, tag, 1_000, lanes);
    const calls: number[] = [];
    const call = drainCall({ url: `http://chorus.test${DRAIN_PATH}`, secret: t.deps.signingSecret, send });
    const started = Date.now();
    const result = await cronDrainJobs(t.jobRuntime(), {
      perInvocation: 100,
      maxFanOut: 3,
      fanOut: () => {
        calls.push(Date.now());
        return call();
      },
    });
    const elapsedMs = Date.now() - started;
    console.info(`[job-drain] one cron run: ${result.ran} jobs here + drains, 1000 in ${elapsedMs} ms; backlog counted ${result.backlog}; drain calls ${calls.length}`);
    // The count stops at what the fan-out could take: (3 + 1) x 100.
    expect(result.backlog).toBe(400);
    expect(result.fannedOut).toBe(3);
    expect(calls).toHaveLength(3);
    expect(await left(t, tag)).toBe(0);
  });

  it("makes no drain call for a backlog one run takes, and never more than maxFanOut", async () => {
    const ws = await testWorkspace(t);
    await enqueueDue(t, "small", 30, [ws.id]);
    let calls = 0;
    const small = await cronDrainJobs(t.jobRuntime(), { perInvocation: 100, maxFanOut: 3, fanOut: async () => void calls++ });
    expect(small).toMatchObject({ ran: 30, fannedOut: 0 });
    expect(calls).toBe(0);
    await enqueueDue(t, "huge", 600, [ws.id]);
    const huge = await cronDrainJobs(t.jobRuntime(), { perInvocation: 10, maxFanOut: 5, fanOut: async () => void calls++, budgetMs: 0 });
    expect(huge.fannedOut).toBe(5);
    expect(calls).toBe(5);
    await t.drainJobs();
  });

  it("stops claiming when the wall-time budget is spent", async () => {
    const ws = await testWorkspace(t);
    const tag = "budget";
    await enqueueDue(t, tag, 100, [ws.id]);
    let wall = 0;
    // The first claim happens inside the budget; by the refill the budget is gone.
    const ran = await drainDueJobs(t.jobRuntime(), { concurrency: 16, budgetMs: 1_000, now: () => (wall += 600) });
    expect(ran).toBe(16);
    expect(await left(t, tag)).toBe(84);
    await t.drainJobs();
  });

  it("refuses a drain call that is unsigned, signed with another secret or stale", async () => {
    const ws = await testWorkspace(t);
    await enqueueDue(t, "refused", 3, [ws.id]);
    // The drain endpoint is internal (not in /openapi.json): its answer is read as the route writes it.
    const post = async (header?: string) =>
      reply<{ ok: boolean; ran: number }>(await t.app.request(`http://chorus.test${DRAIN_PATH}`, { method: "POST", headers: header ? { [DRAIN_SIGNATURE_HEADER]: header } : {} }));
    for (const header of [undefined, signDrainCall("another-secret", Date.now()), signDrainCall(t.deps.signingSecret, Date.now() - 5 * 60_000), "t=1,v1=zz"]) {
      const response = await post(header);
      expect(response.status).toBe(401);
      expect(response.error.code).toBe("unauthorized");
    }
    expect(await left(t, "refused")).toBe(3);
    const ok = await post(signDrainCall(t.deps.signingSecret, Date.now()));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, ran: 3 });
    expect(await left(t, "refused")).toBe(0);
  });
});
