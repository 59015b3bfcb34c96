import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { profileQueues } from "../../src/db/schema/index.js";
import { type IsolationCase, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

/** A profile of A with a queue of its own (a slot and a zone B never sent). */
const seedQueue = async (_t: TestApp, a: WorkspaceFixture) => {
  const profile = (await a.post("/v1/profiles", { username: "a-queue-brand" })).body;
  const put = await a.put(`/v1/profiles/${profile.id}/queue`, { timezone: "Pacific/Chatham", slots: [{ day: "wed", time: "07:45" }] });
  expect(put.status).toBe(200);
  return { idProfile: profile.id, zone: "Pacific/Chatham", username: "a-queue-brand" };
};

/** A's queue exactly as seeded: B's or an agent's refused write changed nothing. */
async function expectQueueUnchanged(t: TestApp, profileId: string | undefined) {
  const [row] = await t.db
    .select()
    .from(profileQueues)
    .where(eq(profileQueues.profileId, profileId ?? ""));
  expect(row).toMatchObject({ timezone: "Pacific/Chatham", slots: [{ day: "wed", time: "07:45" }], paused: false });
}

export const queueCases: IsolationCase[] = [
  { method: "GET", path: "/v1/profiles/:id/queue", seed: seedQueue, probe: async (_t, b, s) => expectNotFound(await b.get(`/v1/profiles/${s.idProfile}/queue`), s) },
  {
    method: "PUT",
    path: "/v1/profiles/:id/queue",
    seed: seedQueue,
    probe: async (t, b, s) => {
      await expectNotFound(await b.put(`/v1/profiles/${s.idProfile}/queue`, { timezone: "UTC", slots: [], paused: true }), s);
      await expectQueueUnchanged(t, s.idProfile);
    },
  },
  {
    method: "GET",
    path: "/v1/profiles/:id/queue/next",
    seed: seedQueue,
    probe: async (_t, b, s) => expectNotFound(await b.get(`/v1/profiles/${s.idProfile}/queue/next?count=5`), s),
  },
];
