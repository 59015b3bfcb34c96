import { expect } from "vitest";
import { verifyConnectLink } from "../../src/domain/accounts/connect/link-token.js";
import type { IsolationCase } from "../support/isolation.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";
import { errorOf } from "../support/test-app.js";

const seedProfile = async (_t: TestApp, a: TestWorkspace) => {
  const created = (await (await a.request("/v1/profiles", { method: "POST", json: { username: "a-connect-brand" } })).json()) as { id: string };
  return { profileId: created.id, workspaceId: a.id, username: "a-connect-brand" };
};

/**
 * B naming A's profile gets the same 404 as for a name that never existed (the message only
 * echoes B's own input), and a link B mints grants B's workspace and nothing of A's.
 */
async function expectOwnLinkOnly(t: TestApp, b: TestWorkspace, seeded: Record<string, string>, response: Response, linkResponse: Response) {
  expect(response.status).toBe(404);
  const text = await response.clone().text();
  expect(await errorOf(response)).toMatchObject({ code: "profile_unknown", param: "profile" });
  for (const value of [seeded.profileId, seeded.workspaceId]) expect(text).not.toContain(value);
  const { url } = (await linkResponse.json()) as { url: string };
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
    probe: async (t, b, s) =>
      expectOwnLinkOnly(t, b, s, await b.request("/v1/connect-link", { method: "POST", json: { profile: s.username } }), await b.request("/v1/connect-link", { method: "POST", json: {} })),
  },
  {
    method: "GET",
    path: "/v1/connect-link",
    seed: seedProfile,
    probe: async (t, b, s) => expectOwnLinkOnly(t, b, s, await b.request(`/v1/connect-link?platform=twitter&profile=${s.username}`), await b.request("/v1/connect-link?platform=twitter")),
  },
];
