import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts } from "../../src/db/schema/index.js";
import { sweepSeries } from "../../src/domain/publishing/index.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

async function runAt(t: TestApp, at: string) {
  t.clock.set(new Date(at));
  await runDueJobs(t.jobRuntime());
  await sweepSeries(t.jobRuntime());
}

/** Approval is decided per series, on its first occurrence (docs/recurring-posts.md). */
describe("recurring posts under an approval rule", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("holds the first occurrence and makes no other until approved; approving it approves the series", async () => {
    t.clock.set(new Date("2027-03-01T12:00:00Z"));
    const ws = await testWorkspace(t, { plan: "subscription" });
    await ws.patch("/v1/approval-settings", { requireApproval: true });
    const account = await ws.connect("bluesky");
    const first = await ws.publish({ text: "held series", accounts: [account.id], scheduledAt: "2027-03-02T09:00:00", timezone: "UTC", recurrence: "FREQ=DAILY;COUNT=3" });
    expect(first.state).toBe("pending_approval");
    await runAt(t, "2027-03-01T13:00:00Z");
    const seriesId = first.series as string;
    const count = async () =>
      (
        await t.db
          .select()
          .from(posts)
          .where(and(eq(posts.workspaceId, ws.id), eq(posts.seriesId, seriesId)))
      ).length;
    expect(await count()).toBe(1);

    const approved = await ws.post(`/v1/posts/${first.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    await runAt(t, "2027-03-02T09:00:30Z");
    await runAt(t, "2027-03-02T09:05:00Z");
    const next = (await ws.get(`/v1/series/${seriesId}`)).body;
    expect(next).toMatchObject({ state: "active", occurrencesCreated: 2 });
    expect((await ws.get(`/v1/posts/${next.nextPost}`)).body).toMatchObject({ state: "scheduled", approval: null });
    expect((await ws.get(`/v1/posts/${first.id}`)).body.state).toBe("published");

    // New content under the rule goes back to a person before it is sent.
    const edited = await ws.patch(`/v1/series/${seriesId}`, { text: "held series, edited" });
    expect(edited.status, edited.text).toBe(200);
    expect((await ws.get(`/v1/posts/${next.nextPost}`)).body).toMatchObject({ state: "pending_approval", text: "held series, edited" });
  });

  it("rejecting the held occurrence cancels the series", async () => {
    t.clock.set(new Date("2027-03-01T12:00:00Z"));
    const ws = await testWorkspace(t, { plan: "subscription" });
    await ws.patch("/v1/approval-settings", { requireApproval: true });
    const account = await ws.connect("bluesky");
    const first = await ws.publish({ text: "rejected series", accounts: [account.id], scheduledAt: "2027-03-02T09:00:00", timezone: "UTC", recurrence: "FREQ=DAILY" });
    const rejected = await ws.post(`/v1/posts/${first.id}/reject`, { reason: "not this one" });
    expect(rejected.status, rejected.text).toBe(200);
    expect((await ws.get(`/v1/series/${first.series}`)).body).toMatchObject({ state: "cancelled", nextOccurrenceAt: null });
    await runAt(t, "2027-03-03T12:00:00Z");
    expect(
      (
        await t.db
          .select()
          .from(posts)
          .where(eq(posts.seriesId, first.series as string))
      ).map((p) => p.state),
    ).toEqual(["rejected"]);
  });
});
