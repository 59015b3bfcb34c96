import { expect } from "vitest";
import { verifyConnectLink } from "../../src/domain/accounts/connect/link-token.js";
import type { IsolationCase } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { Reply, WorkspaceFixture } from "../support/workspace-fixture.js";

const seedProfile = async (_t: TestApp, a: WorkspaceFixture) => {
  const created = await a.createProfile({ username: "a-connect-brand" });
  return { profileId: created.id, workspaceId: a.id, username: "a-connect-brand" };
};

/**
 * B naming A's profile gets the same 404 as for a name that never existed (the message only
 * echoes B's own input), and a link B mints grants B's workspace and nothing of A's.
 */
async function expectOwnLinkOnly(t: TestApp, b: WorkspaceFixture, seeded: Record<string, string>, response: Reply<unknown>, linkResponse: Reply<{ url: string }>) {
  expect(response.status).toBe(404);
  expect(response.error).toMatchObject({ code: "profile_unknown", param: "profile" });
  for (const value of [seeded.profileId, seeded.workspaceId]) expect(response.text).not.toContain(value);
  expect(linkResponse.status, linkResponse.text).toBeLessThan(300);
  const { url } = linkResponse.body;
  const token = new URL(url).pathname.split("/")[2] ?? "";
  const grant = await verifyConnectLink(t.deps.signingSecret, token, t.clock.now());
  expect(grant).toMatchObject({ workspaceId: b.id, profileId: null });
  const page = await t.app.request(`http://chorus.test/connect/${token}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  for (const value of Object.values(seeded)) expect(html).not.toContain(value);
}

export const connectCases: IsolationCase[] = [
  {
    method: "POST",
    path: "/v1/connect-link",
    seed: seedProfile,
    probe: async (t, b, s) => expectOwnLinkOnly(t, b, s, await b.post("/v1/connect-link", { profile: s.username }), await b.post("/v1/connect-link", {})),
  },
  {
    method: "GET",
    path: "/v1/connect-link",
    seed: seedProfile,
    probe: async (t, b, s) => expectOwnLinkOnly(t, b, s, await b.get(`/v1/connect-link?platform=twitter&profile=${s.username}`), await b.get("/v1/connect-link?platform=twitter")),
  },
];
