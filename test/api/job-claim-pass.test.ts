import { eq, isNull, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../src/db/schema/index.js";
import { claimPass } from "../../src/domain/core/jobs/claim-pass.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { recordStatements } from "../support/count-statements.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * The job runner's database cost per job: on PGlite every statement queues on the one
 * connection the jobs themselves use, so a runner that claimed, read the workspace and finished
 * each job with statements of its own spent most of a webhook delivery's time on bookkeeping.
 */
describe("the job runner's claims", () => {
  let t: TestApp;
  let runtime: JobRuntime;
  beforeAll(async () => {
    t = await createTestApp();
    runtime = t.jobRuntime();
  });

  // Jobs that find nothing to do (their target does not exist), so only the runner's own statements count.
  const enqueue = (workspaceId: string, tag: string, n: number, runAt = new Date(t.clock.now().getTime() - 1000 + n)) =>
    runtime.services.jobs.enqueue({ kind: "poll_target", payload: { targetId: `tgt_none_${tag}_${n}`, attempt: 1, workspaceId, mode: "test" }, runAt, dedupKey: `${tag}:${n}` }, t.db);

  it("claims a batch in one statement, reads each workspace once for it, and marks the batch done in one more", async () => {
    const ws = await testWorkspace(t);
    for (let n = 0; n < 12; n++) await enqueue(ws.id, `batch-${ws.id}`, n);
    const recorder = recordStatements(t.db);
    let ran: number;
    try {
      ran = await runDueJobs(runtime);
    } finally {
      recorder.stop();
    }
    expect(ran).toBe(12);
    const onJobs = recorder.statements.filter((s) => /"jobs"/.test(s));
    const workspaceReads = recorder.statements.filter((s) => /from "workspaces"/.test(s));
    // One claim, one finish: not a claim read, a claim update and a finish per job.
    expect(onJobs).toHaveLength(2);
    expect(workspaceReads).toHaveLength(1);
    const left = await t.db
      .select()
      .from(jobs)
      .where(like(jobs.dedupKey, `batch-${ws.id}:%`));
    expect(left).toHaveLength(12);
    expect(left.every((j) => j.doneAt !== null && j.lockedBy === null)).toBe(true);
  });

  it("marks finished jobs done in the next claim's statement, and says when the next job is due", async () => {
    const ws = await testWorkspace(t);
    const tag = `next-${ws.id}`;
    await enqueue(ws.id, tag, 0);
    const later = new Date(t.clock.now().getTime() + 90_000);
    await enqueue(ws.id, tag, 1, later);
    // Only these two are unfinished, so the next due job can be told exactly.
    expect((await t.db.select().from(jobs).where(isNull(jobs.doneAt))).map((j) => j.dedupKey).sort()).toEqual([`${tag}:0`, `${tag}:1`]);
    const first = await claimPass(runtime, { owner: "pass-test", slots: 10, perWorkspace: 10, leaseMs: 60_000 });
    const mine = first.claimed.filter((j) => j.dedupKey.startsWith(tag));
    expect(mine.map((j) => j.dedupKey)).toEqual([`${tag}:0`]);
    expect(mine[0]?.lockedBy).toBe("pass-test");
    expect(mine[0]?.payload.workspaceId).toBe(ws.id);

    const second = await claimPass(runtime, { owner: "pass-test", slots: 10, perWorkspace: 10, leaseMs: 60_000, finished: mine.map((j) => j.id) });
    expect(second.claimed.filter((j) => j.dedupKey.startsWith(tag))).toEqual([]);
    const [done] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupKey, `${tag}:0`));
    expect(done?.doneAt).not.toBeNull();
    // The later job, not the lease the finished one held until now + 60 s.
    expect(second.nextDueAt?.getTime()).toBe(later.getTime());

    // Another owner cannot mark this owner's job done.
    const [pending] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupKey, `${tag}:1`));
    t.clock.advance(91_000);
    const third = await claimPass(runtime, { owner: "pass-test", slots: 10, perWorkspace: 10, leaseMs: 60_000 });
    expect(third.claimed.map((j) => j.id)).toEqual([pending?.id]);
    await claimPass(runtime, { owner: "intruder", slots: 0, perWorkspace: 10, leaseMs: 60_000, finished: [pending?.id ?? ""] });
    const [still] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupKey, `${tag}:1`));
    expect(still?.doneAt).toBeNull();
    expect(still?.lockedBy).toBe("pass-test");
  });

  it("counts the jobs a lane already runs against its share", async () => {
    const ws = await testWorkspace(t);
    const tag = `share-${ws.id}`;
    for (let n = 0; n < 5; n++) await enqueue(ws.id, tag, n);
    const busy = new Map([[ws.id, 3]]);
    const pass = await claimPass(runtime, { owner: "share-test", slots: 10, perWorkspace: 4, busy, leaseMs: 60_000 });
    expect(pass.claimed.filter((j) => j.dedupKey.startsWith(tag)).map((j) => j.dedupKey)).toEqual([`${tag}:0`]);
  });
});

describeOnEachDatabase("runners claiming at the same time", (app) => {
  it("gives each due job to exactly one of six runners whose claims race", async () => {
    const t = app();
    const runtime = t.jobRuntime();
    const ws = await testWorkspace(t);
    const tag = `race-${ws.id}`;
    for (let n = 0; n < 12; n++) {
      await runtime.services.jobs.enqueue(
        {
          kind: "poll_target",
          payload: { targetId: `tgt_none_${tag}_${n}`, attempt: 1, workspaceId: ws.id, mode: "test" },
          runAt: new Date(t.clock.now().getTime() - 1000 + n),
          dedupKey: `${tag}:${n}`,
        },
        t.db,
      );
    }
    const passes = await Promise.all(Array.from({ length: 6 }, (_, i) => claimPass(runtime, { owner: `racer-${i}`, slots: 12, perWorkspace: 12, leaseMs: 60_000 })));
    const mine = passes.flatMap((pass, i) => pass.claimed.filter((j) => j.dedupKey.startsWith(tag)).map((j) => ({ key: j.dedupKey, owner: `racer-${i}` })));
    expect(mine.map((c) => c.key).sort()).toEqual(Array.from({ length: 12 }, (_, n) => `${tag}:${n}`).sort());
    const stored = await t.db
      .select()
      .from(jobs)
      .where(like(jobs.dedupKey, `${tag}:%`));
    for (const job of stored) expect(job.lockedBy).toBe(mine.find((c) => c.key === job.dedupKey)?.owner);
  });
});
