import { expect, it } from "vitest";
import { describeOnEachDatabase } from "../support/each-database.js";
import { testWorkspace } from "../support/workspace-fixture.js";

describeOnEachDatabase("queued posts racing for slots", (app) => {
  it("gives six posts queued at the same moment six different slots, each held by one post", async () => {
    const t = app();
    t.clock.set(new Date("2027-01-04T08:00:00Z"));
    const ws = await testWorkspace(t, { plan: "subscription" });
    const profile = (await ws.post("/v1/profiles", { username: "racing-brand" })).body;
    await ws.connect("bluesky", { profile: "racing-brand" });
    const put = await ws.put(`/v1/profiles/${profile.id}/queue`, {
      timezone: "Europe/Berlin",
      slots: [
        { day: "mon", time: "09:00" },
        { day: "tue", time: "09:00" },
      ],
    });
    expect(put.status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => ws.post("/v1/posts", { text: `racer ${i}`, profile: "racing-brand", queue: true })));
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
    const times = answers.map((answer) => answer.body.scheduledAt);
    expect(new Set(times).size).toBe(6);
    expect([...times].sort()).toEqual([
      // Monday 09:00 in Berlin is now, so not free any more: Tuesday is the first slot.
      "2027-01-05T08:00:00.000Z",
      "2027-01-11T08:00:00.000Z",
      "2027-01-12T08:00:00.000Z",
      "2027-01-18T08:00:00.000Z",
      "2027-01-19T08:00:00.000Z",
      "2027-01-25T08:00:00.000Z",
    ]);
  });
});
