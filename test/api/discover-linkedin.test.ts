import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * LinkedIn organisation lookup through the public API on the simulated LinkedIn: a company page by
 * its vanity name, followers where the connection may read them, members refused.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connectLinkedin(ws: WorkspaceFixture, variant: "organization" | "member", handle = `li_disc_${(counter += 1)}`): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform: "linkedin", handle, variant });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

describe("GET /v1/discover/profiles/{handle} on LinkedIn", () => {
  it("finds a company page by vanity name; followers only where LinkedIn shares them", async () => {
    const ws = await testWorkspace(t);
    const own = `li_own_${(counter += 1)}`;
    const reader = await connectLinkedin(ws, "organization", own);
    const other = `li_other_${(counter += 1)}`;
    await connectLinkedin(ws, "organization", other);

    // The reader administers this page (the simulated world gives each member "… Widgets Ltd").
    const handle = `sandbox-${own.replace(/_/g, "-")}-widgets`;
    const mine = await ws.get(`/v1/discover/profiles/${handle}?account=${reader}`);
    expect(mine.status, mine.text).toBe(200);
    const page = mine.body;
    expect(page).toMatchObject({
      platform: "linkedin",
      account: reader,
      displayName: "Sandbox Widgets Ltd",
      handle: `sandbox-${own.replace(/_/g, "-")}-widgets`,
      followingCount: null,
      postsCount: null,
      verified: null,
    });
    expect(page.id).toMatch(/^urn:li:organization:\d+$/);
    expect(page.url).toBe(`https://www.linkedin.com/company/sandbox-${own.replace(/_/g, "-")}-widgets/`);
    expect(page.followersCount).toEqual(expect.any(Number));

    // Someone else's page: found, its follower count not shared with this connection (null, not 0). Case does not matter.
    const theirs = await ws.get(`/v1/discover/profiles/SANDBOX-${other.replace(/_/g, "-").toUpperCase()}-CONSULTING?account=${reader}`);
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body).toMatchObject({ displayName: "Sandbox Consulting", followersCount: null });
  });

  it("refuses a person's handle, a member-only connection, a numeric id and a foreign account", async () => {
    const ws = await testWorkspace(t);
    const reader = await connectLinkedin(ws, "organization");
    const person = await ws.get(`/v1/discover/profiles/jane-doe-12ab?account=${reader}`);
    expect(person.status).toBe(404);
    expect(person.error).toMatchObject({ code: "handle_not_found", param: "handle", platform: "linkedin", message: expect.stringContaining("members cannot be looked up") });
    const member = await connectLinkedin(ws, "member");
    const refused = await ws.get(`/v1/discover/profiles/some-company?account=${member}`);
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: "missing_scope", param: "account", fix: expect.stringContaining("variant=organization") });
    expect((await ws.get(`/v1/discover/profiles/1337?account=${reader}`)).error.code).toBe("handle_not_a_username");
    // LinkedIn publishes no posts of a page the member does not administer: a problem, not an empty success.
    const posts = await ws.get(`/v1/discover/profiles/some-company/posts?account=${reader}`);
    expect(posts.status).toBe(200);
    expect(posts.body.problems).toEqual([expect.objectContaining({ code: "capability_unsupported" })]);

    const other = await testWorkspace(t);
    const foreign = await ws.get(`/v1/discover/profiles/some-company?account=${await connectLinkedin(other, "organization")}`);
    expect(foreign.status).toBe(404);
    expect(foreign.error.param).toBe("account");
  });
});
