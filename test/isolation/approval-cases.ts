import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { posts, profiles } from "../../src/db/schema/index.js";
import { type IsolationCase, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

/** Workspace A requires approval, overrides one profile, and has a post waiting. */
const seedHeld = async (_t: TestApp, a: WorkspaceFixture) => {
  const profile = (await a.post("/v1/profiles", { username: "a-held-brand" })).body.id;
  await a.patch("/v1/approval-settings", { requireApproval: true, profiles: { [profile]: true } });
  const account = (await a.post("/v1/social-accounts/connect", { platform: "bluesky", handle: "a-held.test", appPassword: "abcd-efgh-ijkl-mnop" })).body;
  const held = (await a.post("/v1/posts", { text: "a-secret-held", accounts: [account.id] })).body;
  return { idPost: held.id, idProfile: profile, text: "a-secret-held", brand: "a-held-brand" };
};

const stateOf = async (t: TestApp, id: string | undefined) =>
  (
    await t.db
      .select({ state: posts.state })
      .from(posts)
      .where(eq(posts.id, id ?? ""))
  )[0]?.state;

export const approvalCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/approval-settings",
    seed: seedHeld,
    probe: async (_t, b, s) => {
      const answer = await b.get("/v1/approval-settings");
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(s.idProfile ?? "");
      expect(answer.text).not.toContain(s.brand ?? "");
    },
  },
  {
    method: "PATCH",
    path: "/v1/approval-settings",
    seed: seedHeld,
    probe: async (t, b, s) => {
      const answer = await b.patch("/v1/approval-settings", { profiles: { [s.idProfile ?? ""]: false } });
      expect(answer.status).toBe(404);
      expect(
        (
          await t.db
            .select({ value: profiles.requireApproval })
            .from(profiles)
            .where(eq(profiles.id, s.idProfile ?? ""))
        )[0]?.value,
      ).toBe(true);
    },
  },
  {
    method: "POST",
    path: "/v1/posts/:id/approve",
    seed: seedHeld,
    probe: async (t, b, s) => {
      await expectNotFound(await b.post(`/v1/posts/${s.idPost}/approve`), { text: s.text ?? "" });
      expect(await stateOf(t, s.idPost)).toBe("pending_approval");
    },
  },
  {
    method: "POST",
    path: "/v1/posts/:id/reject",
    seed: seedHeld,
    probe: async (t, b, s) => {
      await expectNotFound(await b.post(`/v1/posts/${s.idPost}/reject`, { reason: "b says no" }), { text: s.text ?? "" });
      expect(await stateOf(t, s.idPost)).toBe("pending_approval");
    },
  },
  {
    method: "POST",
    path: "/v1/posts/:id/approval-link",
    seed: seedHeld,
    probe: async (_t, b, s) => expectNotFound(await b.post(`/v1/posts/${s.idPost}/approval-link`), { text: s.text ?? "" }),
  },
];
