import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";

/**
 * LinkedIn organisation lookup through the public API on the simulated LinkedIn: a company page by
 * its vanity name, followers where the connection may read them, members refused.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connectLinkedin(ws: TestWorkspace, variant: "organization" | "member", handle = `li_disc_${(counter += 1)}`): Promise<string> {
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "linkedin", handle, variant } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe("GET /v1/discover/profiles/{handle} on LinkedIn", () => {
  it("finds a company page by vanity name; followers only where LinkedIn shares them", async () => {
    const ws = await t.workspace();
    const own = `li_own_${(counter += 1)}`;
    const reader = await connectLinkedin(ws, "organization", own);
    const other = `li_other_${(counter += 1)}`;
    await connectLinkedin(ws, "organization", other);

    // The reader administers this page (the simulated world gives each member "… Widgets Ltd").
    const mine = await ws.request(`/v1/discover/profiles/sandbox-${own.replace(/_/g, "-")}-widgets?account=${reader}`);
    expect(mine.status, await mine.clone().text()).toBe(200);
    const page = (await mine.json()) as Record<string, unknown>;
    expect(page).toMatchObject({ platform: "linkedin", account: reader, displayName: "Sandbox Widgets Ltd", handle: `sandbox-${own.replace(/_/g, "-")}-widgets`, followingCount: null, postsCount: null, verified: null });
    expect(page.id).toMatch(/^urn:li:organization:\d+$/);
    expect(page.url).toBe(`https://www.linkedin.com/company/sandbox-${own.replace(/_/g, "-")}-widgets/`);
    expect(page.followersCount).toEqual(expect.any(Number));

    // Someone else's page: found, its follower count not shared with this connection (null, not 0). Case does not matter.
    const theirs = await ws.request(`/v1/discover/profiles/SANDBOX-${other.replace(/_/g, "-").toUpperCase()}-CONSULTING?account=${reader}`);
    expect(theirs.status, await theirs.clone().text()).toBe(200);
    expect(await theirs.json()).toMatchObject({ displayName: "Sandbox Consulting", followersCount: null });
  });

  it("refuses a person's handle, a member-only connection, a numeric id and a foreign account", async () => {
    const ws = await t.workspace();
    const reader = await connectLinkedin(ws, "organization");
    const person = await ws.request(`/v1/discover/profiles/jane-doe-12ab?account=${reader}`);
    expect(person.status).toBe(404);
    expect(await errorOf(person)).toMatchObject({ code: "handle_not_found", param: "handle", platform: "linkedin", message: expect.stringContaining("members cannot be looked up") });
    const member = await connectLinkedin(ws, "member");
    const refused = await ws.request(`/v1/discover/profiles/some-company?account=${member}`);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: "missing_scope", param: "account", fix: expect.stringContaining("variant=organization") });
    expect((await errorOf(await ws.request(`/v1/discover/profiles/1337?account=${reader}`))).code).toBe("handle_not_a_username");
    // LinkedIn publishes no posts of a page the member does not administer: a problem, not an empty success.
    const posts = await ws.request(`/v1/discover/profiles/some-company/posts?account=${reader}`);
    expect(posts.status).toBe(200);
    expect(((await posts.json()) as { problems: { code: string }[] }).problems).toEqual([expect.objectContaining({ code: "capability_unsupported" })]);

    const other = await t.workspace();
    const foreign = await ws.request(`/v1/discover/profiles/some-company?account=${await connectLinkedin(other, "organization")}`);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).param).toBe("account");
  });
});
