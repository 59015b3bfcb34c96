import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { postSeries, posts } from "../../src/db/schema/index.js";
import { sweepSeries } from "../../src/domain/publishing/index.js";
import { materialiseOccurrence } from "../../src/domain/publishing/series/materialise.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import type { TestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

async function runAt(t: TestApp, at: string) {
  t.clock.set(new Date(at));
  await runDueJobs(t.jobRuntime());
  await sweepSeries(t.jobRuntime());
}

/** A brand with a Monday/Thursday 09:00 Berlin queue and two published posts to recycle. */
async function evergreenBrand(t: TestApp, username: string) {
  t.clock.set(new Date("2027-03-01T06:00:00Z"));
  const ws = await testWorkspace(t, { plan: "subscription" });
  const profile = (await ws.post("/v1/profiles", { username })).body;
  const account = await ws.connect("bluesky", { profile: username });
  await ws.put(`/v1/profiles/${profile.id}/queue`, {
    timezone: "Europe/Berlin",
    slots: [
      { day: "mon", time: "09:00" },
      { day: "thu", time: "09:00" },
    ],
  });
  const a = await ws.publish({ text: "evergreen A", accounts: [account.id] });
  const b = await ws.publish({ text: "evergreen B", accounts: [account.id] });
  return { ws, profile, a, b };
}

describeOnEachDatabase("evergreen series", (app) => {
  let t: TestApp;
  beforeAll(() => {
    t = app();
  });

  it("recycles its posts in turn through the queue's free slots, one copy at a time, across Berlin's spring-forward", async () => {
    const { ws, profile, a, b } = await evergreenBrand(t, "evergreen-brand");
    const made = await ws.post("/v1/series", { evergreen: { profile: profile.id, posts: [a.id, b.id] } });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ kind: "evergreen", state: "active", recurrence: null, posts: [a.id, b.id], occurrencesCreated: 1 });
    const seriesId = made.body.id;
    await runAt(t, "2027-03-01T08:00:30Z");
    await runAt(t, "2027-03-01T08:05:00Z");
    await runAt(t, "2027-03-04T08:00:30Z");
    await runAt(t, "2027-03-04T08:05:00Z");
    await runAt(t, "2027-03-29T07:00:30Z");
    const copies = await t.db
      .select()
      .from(posts)
      .where(and(eq(posts.workspaceId, ws.id), eq(posts.seriesId, seriesId)))
      .orderBy(posts.occurrenceAt);
    expect(copies.map((c) => [c.text, c.state, c.scheduledAt?.toISOString()])).toEqual([
      ["evergreen A", "published", "2027-03-01T08:00:00.000Z"],
      ["evergreen B", "published", "2027-03-04T08:00:00.000Z"],
      // The next free slot after Thursday: Monday the 8th (sent late here: the clock jumped past it).
      ["evergreen A", "published", "2027-03-08T08:00:00.000Z"],
      // Monday 29th 09:00 had just passed; Thursday April 1st 09:00 is summer time, 07:00Z.
      ["evergreen B", "scheduled", "2027-04-01T07:00:00.000Z"],
    ]);
    const refused = await ws.post("/v1/series", { evergreen: { profile: profile.id, posts: ["post_nothing"] } });
    expect(refused.status).toBe(404);
    expect(refused.error).toMatchObject({ code: "resource_not_found", param: "posts[0]" });
  });

  it("makes one copy when eight runs read the same row at once (the occurrences claim)", async () => {
    const { ws, profile, a, b } = await evergreenBrand(t, "evergreen-race");
    const made = await ws.post("/v1/series", { evergreen: { profile: profile.id, posts: [a.id, b.id] } });
    const seriesId = made.body.id;
    expect((await ws.post(`/v1/series/${seriesId}/pause`)).status).toBe(200);
    await t.db.update(postSeries).set({ state: "active" }).where(eq(postSeries.id, seriesId));
    const [snapshot] = await t.db.select().from(postSeries).where(eq(postSeries.id, seriesId));
    if (!snapshot) throw new Error("series row missing");
    const results = await Promise.all(Array.from({ length: 8 }, () => materialiseOccurrence(t.jobRuntime(), snapshot)));
    expect(results.filter((r) => r.outcome === "copied")).toHaveLength(1);
    const waiting = await t.db
      .select()
      .from(posts)
      .where(and(eq(posts.seriesId, seriesId), eq(posts.state, "scheduled")));
    expect(waiting).toHaveLength(1);
  });
});
