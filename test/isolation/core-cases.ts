import { expect } from "vitest";
import { type IsolationCase, expectInvisible } from "../support/isolation.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";

export const seedProfile = async (_t: TestApp, a: TestWorkspace) => {
  const created = (await (await a.request("/v1/profiles", { method: "POST", json: { username: "a-secret-brand" } })).json()) as { id: string };
  await a.request("/v1/me/agent", { method: "PATCH", json: { nickname: "a-secret-nick" } });
  return { profileId: created.id, username: "a-secret-brand", nickname: "a-secret-nick" };
};

/** Every /v1 route of this part of the API, each with the check that B cannot see A. */
export const coreCases: IsolationCase[] = [
  { method: "GET", path: "/v1/me", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.request("/v1/me"), s) },
  { method: "GET", path: "/v1/me/limits", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.request("/v1/me/limits"), s) },
  {
    method: "PATCH",
    path: "/v1/me/agent",
    seed: seedProfile,
    probe: async (_t, b, s) => expectInvisible(await b.request("/v1/me/agent", { method: "PATCH", json: { nickname: "b-nick" } }), s),
  },
  { method: "GET", path: "/v1/account/export", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.request("/v1/account/export"), s) },
  { method: "GET", path: "/v1/audit", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.request("/v1/audit"), s) },
  { method: "GET", path: "/v1/email-preferences", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.request("/v1/email-preferences"), s) },
  {
    method: "PATCH",
    path: "/v1/email-preferences",
    seed: async (t, a) => {
      await a.request("/v1/email-preferences", { method: "PATCH", json: { productUpdates: true } });
      return seedProfile(t, a);
    },
    probe: async (_t, b, s) => {
      const response = await b.request("/v1/email-preferences", { method: "PATCH", json: { weeklyDigest: true } });
      expect(await response.clone().json()).toMatchObject({ productUpdates: false });
      await expectInvisible(response, s);
    },
  },
  { method: "GET", path: "/v1/profiles", seed: seedProfile, probe: async (_t, b, s) => expectInvisible(await b.request("/v1/profiles"), s) },
  {
    method: "POST",
    path: "/v1/profiles",
    seed: seedProfile,
    probe: async (_t, b, s) => {
      // The same username is free in B: uniqueness is per workspace, and nothing of A shows.
      const response = await b.request("/v1/profiles", { method: "POST", json: { username: "a-secret-brand" } });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { id: string };
      expect(body.id).not.toBe(s.profileId);
    },
  },
];

