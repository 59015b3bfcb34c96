import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../src/db/schema/index.js";
import { DONE_JOB_RETENTION_MS } from "../../src/domain/core/jobs/purge-done-jobs.js";
import { cadencesAt, runSweeps, sweeps } from "../../src/jobs/sweeps.js";
import { type TestApp, createTestApp } from "../support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.db.execute(sql`alter table if exists "webhook_deliveries_away" rename to "webhook_deliveries"`);
});

describe("the one list of sweeps", () => {
  it("runs the sweeps after a failing one, and names the one that failed", async () => {
    const now = t.clock.now().getTime();
    await t.db.insert(jobs).values({
      id: "job_sweeps_old",
      kind: "poll_shard",
      dedupKey: "sweeps:old",
      payload: { workspaceId: "ws_none", accountId: "acc_none" },
      runAt: new Date(now - DONE_JOB_RETENTION_MS * 2),
      doneAt: new Date(now - DONE_JOB_RETENTION_MS - 1000),
    });
    // The webhook sweep reads webhook_deliveries: without it, that sweep throws.
    await t.db.execute(sql`alter table "webhook_deliveries" rename to "webhook_deliveries_away"`);
    const failures = await runSweeps(t.jobRuntime(), ["minute"], { horizonMs: 60_000 });
    await t.db.execute(sql`alter table "webhook_deliveries_away" rename to "webhook_deliveries"`);

    expect(failures.map((failure) => failure.name)).toEqual(["webhooks"]);
    // The done-jobs purge comes after the webhook sweep in the list, and still ran.
    const left = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(inArray(jobs.id, ["job_sweeps_old"]));
    expect(left).toEqual([]);
  });

  it("gives the Worker's cron the hour's sweeps in each hour's first minute and the day's in the day's first", () => {
    expect(cadencesAt(new Date("2026-03-29T00:00:30Z"))).toEqual(["minute", "hour", "day"]);
    expect(cadencesAt(new Date("2026-03-29T05:00:00Z"))).toEqual(["minute", "hour"]);
    expect(cadencesAt(new Date("2026-03-29T05:01:00Z"))).toEqual(["minute"]);
  });

  it("lists each sweep once, on one cadence", () => {
    const names = sweeps.map((sweep) => sweep.name);
    expect(new Set(names).size).toBe(names.length);
    expect(sweeps.filter((sweep) => sweep.every === "day").map((sweep) => sweep.name)).toEqual(["expiring-tokens", "dashboard-sessions"]);
  });
});
