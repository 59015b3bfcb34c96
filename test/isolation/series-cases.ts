import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { postSeries } from "../../src/db/schema/index.js";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

/** A recurring series of workspace A, with a text and rule B never sent. */
const seedSeries = async (t: TestApp, a: WorkspaceFixture) => {
  const account = (await a.post("/v1/social-accounts/connect", { platform: "bluesky", handle: "a-series.test", appPassword: "abcd-efgh-ijkl-mnop" })).body;
  const at = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 16);
  const post = await a.post("/v1/posts", { text: "a-secret-series", accounts: [account.id], scheduledAt: `${at}:00`, timezone: "Pacific/Chatham", recurrence: "FREQ=WEEKLY;COUNT=7" });
  expect(post.status, post.text).toBe(201);
  return { idSeries: post.body.series as string, text: "a-secret-series", handle: "a-series.test" };
};

/** A's series exactly as seeded: B's refused write changed nothing. */
async function expectSeriesUnchanged(t: TestApp, id: string | undefined) {
  const [row] = await t.db
    .select()
    .from(postSeries)
    .where(eq(postSeries.id, id ?? ""));
  expect(row).toMatchObject({ state: "active", rule: "FREQ=WEEKLY;COUNT=7", timezone: "Pacific/Chatham" });
  expect(row?.content.text).toBe("a-secret-series");
}

const refusedWrite = (method: "POST" | "DELETE", path: string, send: (b: WorkspaceFixture, id: string) => Promise<unknown>): IsolationCase => ({
  method,
  path,
  seed: seedSeries,
  probe: async (t, b, s) => {
    await expectNotFound((await send(b, s.idSeries ?? "")) as Response, { text: s.text ?? "" });
    await expectSeriesUnchanged(t, s.idSeries);
  },
});

export const seriesCases: IsolationCase[] = [
  {
    method: "POST",
    path: "/v1/series",
    seed: async (t, a) => ({ ...(await seedSeries(t, a)), idPost: (await a.get("/v1/posts")).body.items[0]?.id ?? "" }),
    probe: async (t, b, s) => {
      // B names A's post to recycle: refused as unknown, and no series is made in either workspace.
      const profile = (await b.post("/v1/profiles", { username: "b-evergreen" })).body;
      await b.put(`/v1/profiles/${profile.id}/queue`, { timezone: "UTC", slots: [{ day: "mon", time: "09:00" }] });
      await expectNotFound(await b.post("/v1/series", { evergreen: { profile: profile.id, posts: [s.idPost] } }), { text: s.text ?? "" });
      expect((await t.db.select().from(postSeries).where(eq(postSeries.workspaceId, b.id))).length).toBe(0);
    },
  },
  { method: "GET", path: "/v1/series", seed: seedSeries, probe: async (_t, b, s) => expectInvisible(await b.get("/v1/series"), s) },
  { method: "GET", path: "/v1/series/:id", seed: seedSeries, probe: async (_t, b, s) => expectNotFound(await b.get(`/v1/series/${s.idSeries}`), { text: s.text ?? "" }) },
  {
    method: "PATCH",
    path: "/v1/series/:id",
    seed: seedSeries,
    probe: async (t, b, s) => {
      await expectNotFound(await b.patch(`/v1/series/${s.idSeries}`, { text: "b-overwrites", recurrence: "FREQ=DAILY" }), { text: s.text ?? "" });
      await expectSeriesUnchanged(t, s.idSeries);
    },
  },
  refusedWrite("DELETE", "/v1/series/:id", (b, id) => b.delete(`/v1/series/${id}`)),
  refusedWrite("POST", "/v1/series/:id/pause", (b, id) => b.post(`/v1/series/${id}/pause`)),
  refusedWrite("POST", "/v1/series/:id/resume", (b, id) => b.post(`/v1/series/${id}/resume`)),
];
