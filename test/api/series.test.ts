import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, posts, socialAccounts } from "../../src/db/schema/index.js";
import { sweepSeries } from "../../src/domain/publishing/index.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** A workspace with one Bluesky account, the clock at `now`. */
async function setUp(t: TestApp, now: string) {
  t.clock.set(new Date(now));
  const ws = await testWorkspace(t, { plan: "subscription" });
  const account = await ws.connect("bluesky");
  return { ws, account };
}

/** Moves the clock to `at`, sends what is due, then lets the series sweep make the next occurrences. */
async function runAt(t: TestApp, at: string) {
  t.clock.set(new Date(at));
  await runDueJobs(t.jobRuntime());
  await sweepSeries(t.jobRuntime());
}

async function occurrences(ws: WorkspaceFixture, seriesId: string) {
  const rows = await ws.t.db
    .select()
    .from(posts)
    .where(and(eq(posts.workspaceId, ws.id), eq(posts.seriesId, seriesId)))
    .orderBy(posts.occurrenceAt);
  return rows.map((row) => ({ id: row.id, state: row.state, at: row.scheduledAt?.toISOString(), text: row.text }));
}

describe("recurring posts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("publishes a weekly New York series at 09:00 local across the spring-forward change, each occurrence its own post, until COUNT", async () => {
    const { ws, account } = await setUp(t, "2027-03-01T12:00:00Z");
    const first = await ws.publish({ text: "Sunday notes", accounts: [account.id], scheduledAt: "2027-03-07T09:00:00", timezone: "America/New_York", recurrence: "FREQ=WEEKLY;BYDAY=SU;COUNT=3" });
    expect(first).toMatchObject({ state: "scheduled", scheduledAt: "2027-03-07T14:00:00.000Z", timezone: "America/New_York" });
    const seriesId = first.series as string;
    expect(seriesId).toMatch(/^ser_/);
    const series = (await ws.get(`/v1/series/${seriesId}`)).body;
    expect(series).toMatchObject({
      state: "active",
      recurrence: "FREQ=WEEKLY;BYDAY=SU;COUNT=3",
      start: "2027-03-07T09:00",
      occurrencesCreated: 1,
      nextPost: first.id,
      nextOccurrenceAt: "2027-03-14T13:00:00.000Z",
    });
    expect(series.upcoming).toEqual([
      { at: "2027-03-07T14:00:00.000Z", local: "2027-03-07T09:00:00-05:00" },
      { at: "2027-03-14T13:00:00.000Z", local: "2027-03-14T09:00:00-04:00" },
      { at: "2027-03-21T13:00:00.000Z", local: "2027-03-21T09:00:00-04:00" },
    ]);
    // Nothing further is made while the first still waits.
    await runAt(t, "2027-03-05T12:00:00Z");
    expect(await occurrences(ws, seriesId)).toHaveLength(1);

    await runAt(t, "2027-03-07T14:00:30Z");
    await runAt(t, "2027-03-07T14:05:00Z");
    await runAt(t, "2027-03-14T13:00:30Z");
    await runAt(t, "2027-03-14T13:05:00Z");
    await runAt(t, "2027-03-21T13:00:30Z");
    await runAt(t, "2027-03-21T13:05:00Z");
    await runAt(t, "2027-03-28T13:00:30Z");
    const made = await occurrences(ws, seriesId);
    expect(made.map((o) => [o.state, o.at])).toEqual([
      ["published", "2027-03-07T14:00:00.000Z"],
      ["published", "2027-03-14T13:00:00.000Z"],
      ["published", "2027-03-21T13:00:00.000Z"],
    ]);
    const ended = (await ws.get(`/v1/series/${seriesId}`)).body;
    expect(ended).toMatchObject({ state: "ended", occurrencesCreated: 3, nextOccurrenceAt: null, nextPost: null, upcoming: [] });
    // Each occurrence is a post of its own, charged one credit per target like any post.
    for (const occurrence of made) expect((await ws.get(`/v1/posts/${occurrence.id}`)).body).toMatchObject({ series: seriesId, targets: [{ state: "published", credits: 1 }] });
  });

  it("stops a Berlin daily series at UNTIL across the fall-back day, at the first 02:30 that day", async () => {
    const { ws, account } = await setUp(t, "2027-10-29T12:00:00Z");
    const first = await ws.publish({ text: "early bird", accounts: [account.id], scheduledAt: "2027-10-30T02:30:00", timezone: "Europe/Berlin", recurrence: "FREQ=DAILY;UNTIL=20271031T235959Z" });
    expect(first.scheduledAt).toBe("2027-10-30T00:30:00.000Z");
    await runAt(t, "2027-10-30T00:31:00Z");
    await runAt(t, "2027-10-30T00:35:00Z");
    await runAt(t, "2027-10-31T00:31:00Z");
    await runAt(t, "2027-10-31T00:35:00Z");
    const made = await occurrences(ws, first.series as string);
    expect(made.map((o) => [o.state, o.at])).toEqual([
      ["published", "2027-10-30T00:30:00.000Z"],
      ["published", "2027-10-31T00:30:00.000Z"],
    ]);
    expect((await ws.get(`/v1/series/${first.series}`)).body).toMatchObject({ state: "ended", occurrencesCreated: 2 });
  });

  it("a failed occurrence is reported by post.failed and the series goes on", async () => {
    const { ws, account } = await setUp(t, "2027-03-01T12:00:00Z");
    const first = await ws.publish({ text: "daily sydney", accounts: [account.id], scheduledAt: "2027-04-03T09:00:00", timezone: "Australia/Sydney", recurrence: "FREQ=DAILY;COUNT=3" });
    expect(first.scheduledAt).toBe("2027-04-02T22:00:00.000Z");
    await t.db.update(socialAccounts).set({ status: "disconnected" }).where(eq(socialAccounts.id, account.id));
    await runAt(t, "2027-04-02T22:00:30Z");
    await runAt(t, "2027-04-02T22:05:00Z");
    await t.db.update(socialAccounts).set({ status: "active" }).where(eq(socialAccounts.id, account.id));
    await runAt(t, "2027-04-03T23:00:30Z");
    await runAt(t, "2027-04-03T23:05:00Z");
    const made = await occurrences(ws, first.series as string);
    // Sydney falls back on Apr 4: 09:00 AEST is 23:00Z the day before.
    expect(made.map((o) => [o.state, o.at])).toEqual([
      ["failed", "2027-04-02T22:00:00.000Z"],
      ["published", "2027-04-03T23:00:00.000Z"],
      ["scheduled", "2027-04-04T23:00:00.000Z"],
    ]);
    const failed = await t.db
      .select()
      .from(events)
      .where(and(eq(events.workspaceId, ws.id), eq(events.type, "post.failed")));
    expect(failed.map((e) => (e.data as { id: string }).id)).toContain(made[0]?.id);
    // COUNT=3: every occurrence is made, so the series has ended while its last one still waits.
    expect((await ws.get(`/v1/series/${first.series}`)).body).toMatchObject({ state: "ended", nextPost: made[2]?.id });
  });

  it("pauses (cancelling the waiting occurrence), skips what passed meanwhile on resume, and cancels for good", async () => {
    const { ws, account } = await setUp(t, "2027-03-01T12:00:00Z");
    const first = await ws.publish({ text: "paused daily", accounts: [account.id], scheduledAt: "2027-03-02T09:00:00", timezone: "Europe/Berlin", recurrence: "FREQ=DAILY" });
    const seriesId = first.series as string;
    const paused = await ws.post(`/v1/series/${seriesId}/pause`);
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({ state: "paused", nextPost: null });
    expect((await ws.get(`/v1/posts/${first.id}`)).body.state).toBe("cancelled");
    expect((await ws.post(`/v1/series/${seriesId}/pause`)).error).toMatchObject({ code: "series_state_invalid" });
    await runAt(t, "2027-03-04T12:00:00Z");
    expect(await occurrences(ws, seriesId)).toHaveLength(1);

    const resumed = await ws.post(`/v1/series/${seriesId}/resume`);
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body).toMatchObject({ state: "active" });
    const waiting = (await ws.get(`/v1/posts/${resumed.body.nextPost}`)).body;
    expect(waiting).toMatchObject({ state: "scheduled", scheduledAt: "2027-03-05T08:00:00.000Z", series: seriesId });

    const cancelled = await ws.delete(`/v1/series/${seriesId}`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ state: "cancelled", nextOccurrenceAt: null, nextPost: null });
    expect((await ws.get(`/v1/posts/${waiting.id}`)).body.state).toBe("cancelled");
    await runAt(t, "2027-03-10T12:00:00Z");
    expect((await occurrences(ws, seriesId)).filter((o) => o.state !== "cancelled")).toHaveLength(0);
    expect((await ws.delete(`/v1/series/${seriesId}`)).status).toBe(409);
  });

  it("edits future occurrences (the waiting one included) and leaves sent ones as sent; a new rule applies from the next one", async () => {
    const { ws, account } = await setUp(t, "2027-03-01T12:00:00Z");
    const first = await ws.publish({ text: "version one", accounts: [account.id], scheduledAt: "2027-03-02T09:00:00", timezone: "UTC", recurrence: "FREQ=DAILY" });
    const seriesId = first.series as string;
    await runAt(t, "2027-03-02T09:00:30Z");
    await runAt(t, "2027-03-02T09:05:00Z");
    const edited = await ws.patch(`/v1/series/${seriesId}`, { text: "version two", recurrence: "FREQ=WEEKLY;BYDAY=FR" });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ text: "version two", recurrence: "FREQ=WEEKLY;BYDAY=FR", nextOccurrenceAt: "2027-03-05T09:00:00.000Z" });
    const made = await occurrences(ws, seriesId);
    expect(made.map((o) => [o.state, o.text, o.at])).toEqual([
      ["published", "version one", "2027-03-02T09:00:00.000Z"],
      ["scheduled", "version two", "2027-03-03T09:00:00.000Z"],
    ]);
    await runAt(t, "2027-03-03T09:00:30Z");
    await runAt(t, "2027-03-03T09:05:00Z");
    expect((await occurrences(ws, seriesId)).map((o) => [o.state, o.text, o.at])).toEqual([
      ["published", "version one", "2027-03-02T09:00:00.000Z"],
      ["published", "version two", "2027-03-03T09:00:00.000Z"],
      ["scheduled", "version two", "2027-03-05T09:00:00.000Z"],
    ]);
    const bad = await ws.patch(`/v1/series/${seriesId}`, { recurrence: "FREQ=YEARLY" });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: "recurrence_invalid", param: "recurrence" });
  });

  it("refuses bad rules, unknown zones, UNTIL in the past and COUNT over the limit, naming the field, and stores nothing", async () => {
    const { ws, account } = await setUp(t, "2027-03-01T12:00:00Z");
    const base = { text: "refused", accounts: [account.id], scheduledAt: "2027-03-02T09:00:00", timezone: "Europe/Berlin" };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ recurrence: "FREQ=SECONDLY" }, 400, "recurrence_invalid", "recurrence"],
      [{ recurrence: "FREQ=DAILY", timezone: "Mars/Olympus" }, 400, "timezone_invalid", "timezone"],
      [{ recurrence: "FREQ=DAILY;UNTIL=20270101T000000Z" }, 400, "recurrence_until_past", "recurrence"],
      [{ recurrence: "FREQ=DAILY;UNTIL=20270302T075959Z" }, 400, "recurrence_until_past", "recurrence"],
      [{ recurrence: "FREQ=DAILY;COUNT=5000" }, 400, "recurrence_count_exceeded", "recurrence"],
      [{ recurrence: "FREQ=DAILY", timezone: undefined }, 400, "field_required", "timezone"],
      [{ recurrence: "FREQ=DAILY", draft: true }, 400, "recurrence_conflict", "draft"],
      [{ recurrence: "FREQ=DAILY", scheduledAt: "2027-02-01T09:00:00" }, 400, "schedule_in_past", "scheduledAt"],
    ];
    for (const [change, status, code, param] of cases) {
      const answer = await ws.post("/v1/posts", { ...base, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(status);
      expect(answer.error).toMatchObject({ code, param });
      expect(answer.error.fix, code).toBeTruthy();
    }
    expect((await ws.get("/v1/posts")).body.items).toHaveLength(0);
    expect((await ws.get("/v1/series")).body).toEqual({ items: [], cursor: null });
  });

  it("keeps the same series for a retried create with one Idempotency-Key, and lists series newest first", async () => {
    const { ws, account } = await setUp(t, "2027-03-01T12:00:00Z");
    const body = { text: "once", accounts: [account.id], scheduledAt: "2027-03-02T09:00:00", timezone: "UTC", recurrence: "FREQ=DAILY;COUNT=2" };
    const headers = { "idempotency-key": "series-once" };
    const a = await ws.post("/v1/posts", body, { headers });
    const b = await ws.post("/v1/posts", body, { headers });
    expect(a.status).toBe(201);
    expect(b.body.series).toBe(a.body.series);
    const list = (await ws.get("/v1/series")).body;
    expect(list.items.map((s: { id: string }) => s.id)).toEqual([a.body.series]);
  });
});
