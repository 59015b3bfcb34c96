import { expect } from "vitest";
import { type IsolationCase, expectInvisible } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

export const seedProfile = async (_t: TestApp, a: WorkspaceFixture) => {
  const created = (await a.post("/v1/profiles", { username: "a-secret-brand" })).body;
  await a.patch("/v1/me/agent", { nickname: "a-secret-nick" });
  return { profileId: created.id, username: "a-secret-brand", nickname: "a-secret-nick" };
};

/** Every /v1 route of this part of the API, each with the check that B cannot see A. */
export const coreCases: IsolationCase[] = [
  { method: "GET", path: "/v1/me", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.get("/v1/me"), s) },
  { method: "GET", path: "/v1/me/limits", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.get("/v1/me/limits"), s) },
  {
    method: "PATCH",
    path: "/v1/me/agent",
    seed: seedProfile,
    probe: async (_t, b, s) => expectInvisible(await b.patch("/v1/me/agent", { nickname: "b-nick" }), s),
  },
  { method: "GET", path: "/v1/account/export", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.get("/v1/account/export"), s) },
  { method: "GET", path: "/v1/audit", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.get("/v1/audit"), s) },
  { method: "GET", path: "/v1/email-preferences", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.get("/v1/email-preferences"), s) },
  {
    method: "PATCH",
    path: "/v1/email-preferences",
    seed: async (t, a) => {
      await a.patch("/v1/email-preferences", { productUpdates: true });
      return seedProfile(t, a);
    },
    probe: async (_t, b, s) => {
      const response = await b.patch("/v1/email-preferences", { weeklyDigest: true });
      expect(response.body).toMatchObject({ productUpdates: false });
      await expectInvisible(response, s);
    },
  },
  { method: "GET", path: "/v1/profiles", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.get("/v1/profiles"), s) },
  {
    method: "POST",
    path: "/v1/profiles",
    seed: seedProfile,
    probe: async (_t, b, s) => {
      // The same username is free in B: uniqueness is per workspace, and nothing of A shows.
      const response = await b.post("/v1/profiles", { username: "a-secret-brand" });
      expect(response.status).toBe(201);
      const body = response.body;
      expect(body.id).not.toBe(s.profileId);
    },
  },
];
