import { beforeAll, describe, expect, it } from "vitest";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { domainServices } from "../../src/http/domain-services.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** Threads profile discovery and location search through the public API, on the simulated Threads. */

let t: TestApp;
let runtime: JobRuntime;

beforeAll(async () => {
  t = await createTestApp();
  runtime = { db: t.db, clock: t.clock, services: domainServices(t.deps, "http://chorus.test") };
});

let counter = 0;
async function connectThreads(ws: WorkspaceFixture, handle = `th_disc_${(counter += 1)}`): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform: "threads", handle });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

/** Publishes and lets the job runner finish Threads' container; answers the post's targets. */
async function publish(ws: WorkspaceFixture, account: string, text: string, platformOptions?: object): Promise<{ state: string; error: { code: string } | null }[]> {
  t.clock.advance(60_000);
  const response = await ws.post("/v1/posts", { text, accounts: [account], ...(platformOptions ? { platformOptions } : {}) });
  expect(response.status, response.text).toBe(201);
  const { id } = response.body;
  t.clock.advance(60_000);
  await runDueJobs(runtime);
  return (await ws.get(`/v1/posts/${id}`)).body.targets;
}

describe("GET /v1/discover/profiles/{handle} on Threads", () => {
  it("looks a public profile up with profile_lookup: followers published, following and post counts null", async () => {
    const ws = await testWorkspace(t);
    const reader = await connectThreads(ws);
    const writerHandle = `th_writer_${(counter += 1)}`;
    const writer = await connectThreads(ws, writerHandle);
    expect((await publish(ws, writer, "Rye from the writer"))[0]?.state).toBe("published");

    const handle = `@${writerHandle}`;
    const response = await ws.get(`/v1/discover/profiles/${handle}?account=${reader}`);
    expect(response.status, response.text).toBe(200);
    const profile = response.body;
    expect(profile).toMatchObject({
      account: reader,
      platform: "threads",
      id: writerHandle,
      handle: writerHandle,
      url: `https://www.threads.net/@${writerHandle}`,
      verified: false,
      followingCount: null,
      postsCount: null,
      website: null,
    });
    expect(profile.followersCount).toEqual(expect.any(Number));
    expect(profile.followersCount).toBeGreaterThanOrEqual(100);

    const posts = await ws.get(`/v1/discover/profiles/${writerHandle}/posts?account=${reader}&limit=1`);
    expect(posts.status, posts.text).toBe(200);
    const page = posts.body;
    // Newest first: the post just published, then (next page) the account's seeded one.
    expect(page.items).toEqual([expect.objectContaining({ text: "Rye from the writer", platform: "threads", author: expect.objectContaining({ handle: writerHandle }), likeCount: null })]);
    expect(page.problems).toEqual([]);
    expect(page.cursor).toEqual(expect.any(String));
    const next = (await ws.get(`/v1/discover/profiles/${writerHandle}/posts?account=${reader}&limit=1&cursor=${encodeURIComponent(page.cursor ?? "")}`)).body;
    expect(next.items.map((p) => p.text)).toEqual(["A sandbox thread."]);
    expect(next.cursor).toBeNull();
  });

  it("refuses an unknown username, a numeric id, and a foreign account", async () => {
    const ws = await testWorkspace(t);
    const reader = await connectThreads(ws);
    const unknown = await ws.get(`/v1/discover/profiles/nobody_here?account=${reader}`);
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "handle_not_found", param: "handle", platform: "threads" });
    const unknownPosts = await ws.get(`/v1/discover/profiles/nobody_here/posts?account=${reader}`);
    expect(unknownPosts.status).toBe(404);
    expect(unknownPosts.error).toMatchObject({ code: "handle_not_found", param: "handle" });
    const numeric = await ws.get(`/v1/discover/profiles/1234567?account=${reader}`);
    expect(numeric.error).toMatchObject({ code: "handle_not_a_username", param: "handle" });

    const other = await testWorkspace(t);
    const foreign = await ws.get(`/v1/discover/profiles/someone?account=${await connectThreads(other)}`);
    expect(foreign.status).toBe(404);
    expect(foreign.error.param).toBe("account");
    const foreignPosts = await ws.get(`/v1/discover/profiles/someone/posts?account=${await connectThreads(other)}`);
    expect(foreignPosts.status).toBe(404);
  });

  it("names the missing permission when the account declined profile discovery", async () => {
    const ws = await testWorkspace(t);
    const reader = await connectThreads(ws);
    expect((await ws.put(`/v1/sandbox/social-accounts/${reader}/fault`, { fault: "revoked_permission" })).status).toBe(200);
    const refused = await ws.get(`/v1/discover/profiles/someone?account=${reader}`);
    expect(refused.error).toMatchObject({ code: "missing_scope", platform: "threads" });
  });
});

describe("GET /v1/discover/places on Threads and platformOptions.threads.locationId", () => {
  it("finds locations with location_search by name and near a point", async () => {
    const ws = await testWorkspace(t);
    const account = await connectThreads(ws);
    const byName = await ws.get(`/v1/discover/places?account=${account}&q=paris`);
    expect(byName.status, byName.text).toBe(200);
    const body = byName.body;
    expect(body.platform).toBe("threads");
    expect(body.items.map((p) => p.name).sort()).toEqual(["Eiffel Tower", "Louvre Museum"]);
    expect(body.items.every((p) => /^[0-9]+$/.test(p.id) && p.city === "Paris")).toBe(true);
    const near = (await ws.get(`/v1/discover/places?account=${account}&latitude=52.52&longitude=13.38`)).body;
    expect(near.items.map((p) => p.name)).toEqual(["Brandenburg Gate"]);
    const bad = await ws.get(`/v1/discover/places?account=${account}&latitude=52.52`);
    expect(bad.status).toBe(400);
    expect(bad.error.param).toBe("longitude");
    const other = await testWorkspace(t);
    expect((await ws.get(`/v1/discover/places?account=${await connectThreads(other)}&q=paris`)).status).toBe(404);
  });

  it("publishes with a Threads location; refuses a malformed id at validate and an unknown one at publish", async () => {
    const ws = await testWorkspace(t);
    const account = await connectThreads(ws);
    const places = (await ws.get(`/v1/discover/places?account=${account}&q=eiffel`)).body;
    const placeId = places.items[0]?.id ?? "";
    expect(placeId).toMatch(/^[0-9]+$/);
    const options = (locationId: string) => ({ threads: { locationId } });

    const validate = async (locationId: string) => (await ws.post("/v1/posts/validate", { text: "At the tower", accounts: [account], platformOptions: options(locationId) })).body;
    expect((await validate(placeId)).targets.flatMap((tg) => tg.errors)).toEqual([]);
    expect((await validate("eiffel-tower")).targets[0]?.errors).toEqual([expect.objectContaining({ code: "option_invalid", param: "platformOptions.threads.locationId" })]);

    expect((await publish(ws, account, "At the tower", options(placeId)))[0]?.state).toBe("published");
    const unknown = await publish(ws, account, "Nowhere", options("123456789012345"));
    expect(unknown[0]).toMatchObject({ state: "failed", error: expect.objectContaining({ code: "option_invalid" }) });
  });
});

describe("GET /v1/discover/places on Google Business Profile", () => {
  it("keeps the refusal, saying why and where a post's location is chosen instead", async () => {
    const ws = await testWorkspace(t);
    const connected = await ws.post("/v1/social-accounts/connect", { platform: "googlebusiness", handle: `gbp_disc_${(counter += 1)}` });
    expect(connected.status, connected.text).toBe(201);
    const account = connected.body.id;
    const refused = await ws.get(`/v1/discover/places?account=${account}&q=paris`);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: "place_search_unsupported",
      platform: "googlebusiness",
      message: expect.stringContaining("no place tag"),
      fix: expect.stringMatching(/platformOptions\.googlebusiness\.location.*Instagram, Facebook.*Threads/s),
    });
  });
});
