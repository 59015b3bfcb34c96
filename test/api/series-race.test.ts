import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { postSeries, posts } from "../../src/db/schema/index.js";
import { sweepSeries } from "../../src/domain/publishing/index.js";
import { materialiseOccurrence } from "../../src/domain/publishing/series/materialise.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/*
 * An occurrence is derived from the series row, so every sweep that read the same row makes the
 * same one; only the unique (series_id, occurrence_at) index on posts lets one of them in. On the
 * server the racers' transactions interleave, so without the index each would insert its own.
 */
describeOnEachDatabase("making a series' next occurrence exactly once", (app) => {
  it("eight runs from one snapshot of the series, and two sweeps at once, make one occurrence", async () => {
    const t = app();
    t.clock.set(new Date("2027-03-01T12:00:00Z"));
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    const first = await ws.publish({ text: "raced series", accounts: [account.id], scheduledAt: "2027-03-02T09:00:00", timezone: "America/New_York", recurrence: "FREQ=DAILY" });
    const seriesId = first.series as string;
    // The first occurrence was cancelled: the series is due, and every racer reads this row.
    expect((await ws.delete(`/v1/posts/${first.id}`)).status).toBe(200);
    const [snapshot] = await t.db.select().from(postSeries).where(eq(postSeries.id, seriesId));
    if (!snapshot) throw new Error("series row missing");

    const results = await Promise.all(Array.from({ length: 8 }, () => materialiseOccurrence(t.jobRuntime(), snapshot)));
    expect(results.filter((r) => r.outcome === "created")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "exists")).toHaveLength(7);
    await Promise.all([sweepSeries(t.jobRuntime()), sweepSeries(t.jobRuntime())]);

    const made = await t.db
      .select({ at: posts.occurrenceAt, state: posts.state })
      .from(posts)
      .where(and(eq(posts.seriesId, seriesId), eq(posts.state, "scheduled")));
    expect(made.map((m) => m.at?.toISOString())).toEqual(["2027-03-03T14:00:00.000Z"]);
    const [after] = await t.db.select().from(postSeries).where(eq(postSeries.id, seriesId));
    expect(after).toMatchObject({ lastLocal: "2027-03-03T09:00", occurrences: 2, state: "active" });
  });
});
