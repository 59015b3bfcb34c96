import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { posts } from "../../src/db/schema/index.js";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

/** A draft and a scheduled post in workspace A, on an account of A. */
const seedPosts = async (t: TestApp, a: WorkspaceFixture) => {
  const account = (await a.post("/v1/social-accounts/connect", { platform: "bluesky", handle: "a-poster.test", appPassword: "abcd-efgh-ijkl-mnop" })).body;
  const draft = (await a.post("/v1/posts", { text: "a-secret-draft", accounts: [account.id], draft: true })).body;
  const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
  const scheduled = (await a.post("/v1/posts", { text: "a-secret-scheduled", accounts: [account.id], scheduledAt: at })).body;
  return { idDraft: draft.id, idScheduled: scheduled.id, idAccount: account.id, text: "a-secret" };
};

const stateOf = async (t: TestApp, id: string | undefined) =>
  (
    await t.db
      .select({ state: posts.state })
      .from(posts)
      .where(eq(posts.id, id ?? ""))
  )[0]?.state;

export const postCases: IsolationCase[] = [
  { method: "GET", path: "/v1/posts", seed: seedPosts, probe: async (_t, b, s) => expectInvisible(await b.get("/v1/posts"), s) },
  { method: "GET", path: "/v1/posts/:id", seed: seedPosts, probe: async (_t, b, s) => expectNotFound(await b.get(`/v1/posts/${s.idDraft}`), s) },
  {
    method: "POST",
    path: "/v1/posts",
    seed: seedPosts,
    probe: async (_t, b, s) => {
      const response = await b.post("/v1/posts", { text: "b post", accounts: [s.idAccount] });
      expect(response.status).toBe(404);
      await expectInvisible(response, { text: s.text ?? "" });
    },
    agentProbe: async (_t, agent, s) => {
      const before = (await agent.get("/v1/posts")).body.items.length;
      await expectNotFound(await agent.post("/v1/posts", { text: "agent post", accounts: [s.idAccount] }), { text: s.text ?? "" });
      expect((await agent.get("/v1/posts")).body.items).toHaveLength(before);
    },
  },
  {
    method: "POST",
    path: "/v1/posts/validate",
    seed: seedPosts,
    probe: async (_t, b, s) => expectNotFound(await b.post("/v1/posts/validate", { text: "b post", accounts: [s.idAccount] }), { text: s.text ?? "" }),
  },
  { method: "GET", path: "/v1/posts/:id/edits", seed: seedPosts, probe: async (_t, b, s) => expectNotFound(await b.get(`/v1/posts/${s.idDraft}/edits`), s) },
  {
    method: "PATCH",
    path: "/v1/posts/:id",
    seed: seedPosts,
    probe: async (t, b, s) => {
      await expectNotFound(await b.patch(`/v1/posts/${s.idScheduled}`, { text: "hijacked" }), { text: s.text ?? "" });
      expect(await stateOf(t, s.idScheduled)).toBe("scheduled");
    },
  },
  {
    method: "DELETE",
    path: "/v1/posts/:id",
    seed: seedPosts,
    probe: async (t, b, s) => {
      await expectNotFound(await b.delete(`/v1/posts/${s.idScheduled}`), { text: s.text ?? "" });
      expect(await stateOf(t, s.idScheduled)).toBe("scheduled");
    },
  },
  {
    method: "POST",
    path: "/v1/posts/:id/publish",
    seed: seedPosts,
    probe: async (t, b, s) => {
      await expectNotFound(await b.post(`/v1/posts/${s.idDraft}/publish`), { text: s.text ?? "" });
      expect(await stateOf(t, s.idDraft)).toBe("draft");
    },
  },
  {
    method: "POST",
    path: "/v1/posts/:id/retract",
    seed: async (t, a) => {
      const seeded = await seedPosts(t, a);
      const published = (await a.post("/v1/posts", { text: "a-secret-published", accounts: [seeded.idAccount] })).body;
      return { ...seeded, idPublished: published.id };
    },
    probe: async (t, b, s) => {
      await expectNotFound(await b.post(`/v1/posts/${s.idPublished}/retract`), { text: s.text ?? "" });
      expect(await stateOf(t, s.idPublished)).toBe("published");
    },
  },
];
