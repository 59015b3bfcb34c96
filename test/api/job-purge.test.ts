import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { DONE_JOB_RETENTION_MS, purgeDoneJobs } from "../../src/domain/core/jobs/purge-done-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";

let t: TestApp;
let runtime: JobRuntime;
beforeAll(async () => {
  t = await createTestApp();
  runtime = t.jobRuntime();
});

describe("purging finished jobs", () => {
  it("deletes jobs finished more than a week ago, and never a pending or recently finished one", async () => {
    const now = t.clock.now().getTime();
    const row = (id: string, doneAt: Date | null) => ({
      id,
      kind: "poll_shard",
      dedupKey: `purge:${id}`,
      payload: { workspaceId: "ws_none", accountId: "acc_none" },
      runAt: new Date(now - DONE_JOB_RETENTION_MS * 2),
      doneAt,
    });
    await t.db
      .insert(jobs)
      .values([row("job_purge_old", new Date(now - DONE_JOB_RETENTION_MS - 1000)), row("job_purge_recent", new Date(now - DONE_JOB_RETENTION_MS + 60_000)), row("job_purge_pending", null)]);
    expect(await purgeDoneJobs(runtime)).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(inArray(jobs.id, ["job_purge_old", "job_purge_recent", "job_purge_pending"]));
    expect(left.map((j) => j.id).sort()).toEqual(["job_purge_pending", "job_purge_recent"]);
  });
});
