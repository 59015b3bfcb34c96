import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** A workspace with one profile owning one Bluesky account, the clock at `now`. */
async function brand(t: TestApp, now: string, username = "brand") {
  t.clock.set(new Date(now));
  const ws = await testWorkspace(t, { plan: "subscription" });
  const profile = (await ws.post("/v1/profiles", { username })).body;
  const account = await ws.connect("bluesky", { profile: username });
  return { ws, profile, account };
}

const setQueue = (ws: WorkspaceFixture, id: string, body: Record<string, unknown>) => ws.put(`/v1/profiles/${id}/queue`, body);

describe("posting queues", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("stores weekly slots once each, Monday first, and answers an unset queue as empty in UTC", async () => {
    const { ws, profile } = await brand(t, "2027-01-04T08:00:00Z");
    const unset = await ws.get(`/v1/profiles/${profile.id}/queue`);
    expect(unset.body).toEqual({ profile: profile.id, timezone: "UTC", slots: [], paused: false, updatedAt: null });
    const put = await setQueue(ws, profile.id, {
      timezone: "Europe/Berlin",
      slots: [
        { day: "sun", time: "18:00" },
        { day: "mon", time: "09:30" },
        { day: "mon", time: "09:30" },
        { day: "mon", time: "08:00" },
      ],
    });
    expect(put.status, put.text).toBe(200);
    const read = await ws.get(`/v1/profiles/${profile.id}/queue`);
    expect(read.body).toMatchObject({
      timezone: "Europe/Berlin",
      paused: false,
      slots: [
        { day: "mon", time: "08:00" },
        { day: "mon", time: "09:30" },
        { day: "sun", time: "18:00" },
      ],
    });
  });

  it("refuses a zone abbreviation, a time that does not exist and an unknown profile, naming the field", async () => {
    const { ws, profile } = await brand(t, "2027-01-04T08:00:00Z");
    const zone = await setQueue(ws, profile.id, { timezone: "CET", slots: [] });
    expect(zone.status).toBe(400);
    expect(zone.error).toMatchObject({ code: "timezone_invalid", param: "timezone" });
    const time = await setQueue(ws, profile.id, { timezone: "UTC", slots: [{ day: "mon", time: "24:00" }] });
    expect(time.status).toBe(400);
    expect(time.error).toMatchObject({ code: "field_invalid", param: "slots[0].time" });
    const unknown = await ws.get("/v1/profiles/prf_nothing/queue");
    expect(unknown.status).toBe(404);
    expect(unknown.error.code).toBe("resource_not_found");
  });

  it("previews the next free slots across New York's spring-forward day: 02:30 becomes 03:30 EDT, given once beside a 03:30 slot", async () => {
    const { ws, profile } = await brand(t, "2027-03-13T12:00:00Z");
    await setQueue(ws, profile.id, {
      timezone: "America/New_York",
      slots: [
        { day: "sun", time: "02:30" },
        { day: "sun", time: "03:30" },
      ],
    });
    const next = await ws.get(`/v1/profiles/${profile.id}/queue/next?count=3`);
    expect(next.status, next.text).toBe(200);
    expect(next.body.slots).toEqual([
      { at: "2027-03-14T07:30:00.000Z", local: "2027-03-14T03:30:00-04:00" },
      { at: "2027-03-21T06:30:00.000Z", local: "2027-03-21T02:30:00-04:00" },
      { at: "2027-03-21T07:30:00.000Z", local: "2027-03-21T03:30:00-04:00" },
    ]);
  });

  it("takes the first 02:30 of Berlin's fall-back day, then the next free slots, one post each, and publishes each at its slot", async () => {
    const { ws, profile, account } = await brand(t, "2027-10-30T12:00:00Z");
    await setQueue(ws, profile.id, {
      timezone: "Europe/Berlin",
      slots: [
        { day: "sun", time: "02:30" },
        { day: "mon", time: "09:00" },
      ],
    });
    const first = await ws.publish({ text: "first in the queue", profile: "brand", queue: true });
    expect(first).toMatchObject({ state: "scheduled", scheduledAt: "2027-10-31T00:30:00.000Z", timezone: "Europe/Berlin" });
    const second = await ws.publish({ text: "second in the queue", accounts: [account.id], queue: true });
    expect(second.scheduledAt).toBe("2027-11-01T08:00:00.000Z");
    const preview = await ws.get(`/v1/profiles/${profile.id}/queue/next`);
    expect(preview.body.slots).toEqual([{ at: "2027-11-07T01:30:00.000Z", local: "2027-11-07T02:30:00+01:00" }]);

    t.clock.set(new Date("2027-10-31T00:31:00Z"));
    await runDueJobs(t.jobRuntime());
    expect((await ws.get(`/v1/posts/${first.id}`)).body.state).toBe("published");
    expect((await ws.get(`/v1/posts/${second.id}`)).body.state).toBe("scheduled");
  });

  it("refuses queue with scheduledAt, timezone or draft, naming the field, with a fix", async () => {
    const { ws, profile } = await brand(t, "2027-01-04T08:00:00Z");
    await setQueue(ws, profile.id, { timezone: "UTC", slots: [{ day: "tue", time: "10:00" }] });
    for (const [field, value] of [
      ["scheduledAt", "2027-02-01T10:00:00Z"],
      ["timezone", "Europe/Berlin"],
      ["draft", true],
    ] as const) {
      const refused = await ws.post("/v1/posts", { text: "both", profile: "brand", queue: true, [field]: value });
      expect(refused.status).toBe(400);
      expect(refused.error).toMatchObject({ code: "queue_conflict", param: field });
      expect(refused.error.fix).toContain("not both");
    }
    expect((await ws.get("/v1/posts")).body.items).toHaveLength(0);
  });

  it("refuses queueing into a queue without slots and a post whose accounts belong to no profile", async () => {
    const { ws } = await brand(t, "2027-01-04T08:00:00Z");
    const empty = await ws.post("/v1/posts", { text: "nowhere to go", profile: "brand", queue: true });
    expect(empty.status).toBe(409);
    expect(empty.error).toMatchObject({ code: "queue_empty", param: "queue" });
    expect(empty.error.fix).toContain("PUT /v1/profiles/{id}/queue");
    const loose = await ws.connect("bluesky");
    const noProfile = await ws.post("/v1/posts", { text: "no brand", accounts: [loose.id], queue: true });
    expect(noProfile.status).toBe(400);
    expect(noProfile.error).toMatchObject({ code: "queue_profile_required", param: "queue" });
    expect((await ws.get("/v1/posts")).body.items).toHaveLength(0);
  });

  it("keeps queued posts at their time when a slot is removed or the queue paused; a paused queue refuses new ones", async () => {
    const { ws, profile } = await brand(t, "2027-01-04T08:00:00Z");
    await setQueue(ws, profile.id, { timezone: "UTC", slots: [{ day: "tue", time: "10:00" }] });
    const queued = await ws.publish({ text: "queued before the change", profile: "brand", queue: true });
    expect(queued.scheduledAt).toBe("2027-01-05T10:00:00.000Z");

    await setQueue(ws, profile.id, { timezone: "UTC", slots: [{ day: "wed", time: "11:00" }], paused: true });
    expect((await ws.get(`/v1/posts/${queued.id}`)).body).toMatchObject({ state: "scheduled", scheduledAt: "2027-01-05T10:00:00.000Z" });
    const paused = await ws.post("/v1/posts", { text: "while paused", profile: "brand", queue: true });
    expect(paused.status).toBe(409);
    expect(paused.error).toMatchObject({ code: "queue_paused", param: "queue" });
    expect(paused.error.fix).toContain("paused: false");
    // The preview still answers while paused, so the owner sees what resuming would do.
    expect((await ws.get(`/v1/profiles/${profile.id}/queue/next`)).body).toMatchObject({ paused: true, slots: [{ at: "2027-01-06T11:00:00.000Z" }] });

    await setQueue(ws, profile.id, { timezone: "UTC", slots: [{ day: "wed", time: "11:00" }], paused: false });
    expect((await ws.publish({ text: "after resuming", profile: "brand", queue: true })).scheduledAt).toBe("2027-01-06T11:00:00.000Z");
  });

  it("gives a cancelled queued post's slot to the next queued post", async () => {
    const { ws, profile } = await brand(t, "2027-01-04T08:00:00Z");
    await setQueue(ws, profile.id, { timezone: "UTC", slots: [{ day: "tue", time: "10:00" }] });
    const cancelled = await ws.publish({ text: "changed my mind", profile: "brand", queue: true });
    expect((await ws.delete(`/v1/posts/${cancelled.id}`)).status).toBe(200);
    const next = await ws.publish({ text: "takes its place", profile: "brand", queue: true });
    expect(next.scheduledAt).toBe(cancelled.scheduledAt);
  });
});
