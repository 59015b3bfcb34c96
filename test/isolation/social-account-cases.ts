import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { socialAccounts } from "../../src/db/schema/index.js";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

/** Workspace A connects a sandbox account (on a profile of its own); the probes run as B. */
export const seedAccount = async (_t: TestApp, a: WorkspaceFixture) => {
  await a.post("/v1/profiles", { username: "a-owner" });
  const account = (await a.post("/v1/social-accounts/connect", { platform: "twitter", handle: "a-secret-handle", profile: "a-owner" })).body;
  return { id: account.id, handle: "a-secret-handle" };
};

export const socialAccountCases: IsolationCase[] = [
  {
    method: "POST",
    path: "/v1/social-accounts/connect",
    seed: seedAccount,
    probe: async (_t, b, s) => {
      // Attaching to A's profile by name fails as if it did not exist.
      const response = await b.post("/v1/social-accounts/connect", { platform: "twitter", handle: "b-handle", profile: "a-owner" });
      expect(response.status).toBe(404);
      await expectInvisible(response, { id: s.id ?? "" });
    },
  },
  {
    method: "GET",
    path: "/v1/social-accounts",
    seed: seedAccount,
    probe: async (_t, b, s) => expectInvisible(await b.get("/v1/social-accounts"), s),
  },
  {
    method: "GET",
    path: "/v1/social-accounts/:id",
    seed: seedAccount,
    probe: async (_t, b, s) => expectNotFound(await b.get(`/v1/social-accounts/${s.id}`), s),
  },
  {
    method: "DELETE",
    path: "/v1/social-accounts/:id",
    seed: seedAccount,
    probe: async (t, b, s) => {
      await expectNotFound(await b.delete(`/v1/social-accounts/${s.id}`), s);
      // Still connected for A.
      const [row] = await t.db
        .select()
        .from(socialAccounts)
        .where(eq(socialAccounts.id, s.id ?? ""));
      expect(row?.status).toBe("active");
    },
  },
];
